import type { RsvpAnswer } from '../../core/schemas/answer';
import type { ApiIssue } from '../../core/schemas/error';
import type { RsvpPlusOne, RsvpResponse } from '../../core/schemas/event';
import type { Guest } from '../../core/schemas/guest';
import { ApiError } from './api-error';
import type { InviteLineAnswerRow } from './invite-lines';

/** A member of the household as the RSVP rules need it. */
export type RsvpMember = Pick<Guest, 'id' | 'firstName' | 'lastName' | 'plusOneAllowed' | 'plusOneOf'>;

/** One invite line of a member. */
export type RsvpLine = InviteLineAnswerRow;

/** An activity someone in the household is invited to, with the meal values that may be chosen. */
export interface RsvpActivity {
  id: string;
  name: string;
  enabledMeals: ReadonlySet<string>;
}

/** Everything of one household the RSVP rules look at, read inside the write's transaction. */
export interface HouseholdRsvpState {
  members: ReadonlyMap<string, RsvpMember>;
  lines: readonly RsvpLine[];
  activities: ReadonlyMap<string, RsvpActivity>;
}

export type Answer = Pick<RsvpResponse, 'response' | 'mealChoice'>;

/** The RSVP body; `plusOnes`, `message` and `answers` are undefined when a PUT leaves them out (kept). */
export interface RsvpChange {
  responses: readonly RsvpResponse[];
  plusOnes: readonly RsvpPlusOne[] | undefined;
  message: string | undefined;
  answers?: readonly RsvpAnswer[] | undefined;
}

export interface NewPlusOne extends Pick<RsvpPlusOne, 'forGuestId' | 'firstName' | 'lastName'> {
  /** The invitations of their guest, answered as their guest answered (their own meals where given). */
  answers: Array<Answer & { activityId: string }>;
}

/** What one RSVP write changes. */
export interface RsvpPlan {
  /** Invite line id → its new answer. */
  answers: Map<string, Answer>;
  newPlusOnes: NewPlusOne[];
  renamedPlusOnes: Array<{ id: string; firstName: string; lastName: string }>;
  removedPlusOnes: string[];
}

/**
 * Checks an RSVP against the household and works out every change, or throws the contract's
 * error before anything is written: 403 for a guest or invitation outside the household, 400
 * for a missing answer, a meal that does not fit, or a plus-one that is not allowed.
 */
export function planRsvp(state: HouseholdRsvpState, change: RsvpChange): RsvpPlan {
  const lineOf = indexLines(state.lines);
  const bodyAnswers = checkResponseTargets(state, change.responses, lineOf);
  checkMeals(state, change.responses);
  if (change.plusOnes) checkPlusOnes(state, change.plusOnes);
  const plusOnes = plusOneChanges(state, change.plusOnes);
  const removed = new Set(plusOnes.removedPlusOnes);
  const answers = new Map(bodyAnswers);
  checkEveryLineAnswered(state, answers);
  copyAnswersToPlusOnes(state, answers, lineOf, removed);
  for (const id of removed) for (const line of state.lines) if (line.guestId === id) answers.delete(line.id);
  const issues: ApiIssue[] = [];
  const newPlusOnes = plusOnes.created.map(({ meals, ...plusOne }) => ({
    ...plusOne,
    answers: guestAnswers(state, answers, plusOne.forGuestId).map((answer) => ({ ...answer })),
  }));
  (change.plusOnes ?? []).forEach((plusOne, index) => {
    const existing = plusOnes.existing.get(plusOne.forGuestId);
    const created = newPlusOnes.find((entry) => entry.forGuestId === plusOne.forGuestId);
    plusOne.meals.forEach((meal, at) => {
      const line = existing && lineOf.get(lineKey(existing.id, meal.activityId));
      const answer = line ? answers.get(line.id) : created?.answers.find((entry) => entry.activityId === meal.activityId);
      const problem = plusOneMealProblem(state, plusOne, answer, meal.activityId, meal.mealChoice);
      if (problem) issues.push({ path: `plusOnes.${index}.meals.${at}.mealChoice`, message: problem });
      else if (line) answers.set(line.id, { ...answer!, mealChoice: meal.mealChoice });
      else answer!.mealChoice = meal.mealChoice;
    });
  });
  if (issues.length > 0) throw validationFailed(issues);
  return { answers, newPlusOnes, renamedPlusOnes: plusOnes.renamedPlusOnes, removedPlusOnes: plusOnes.removedPlusOnes };
}

const lineKey = (guestId: string, activityId: string) => `${guestId} ${activityId}`;

function indexLines(lines: readonly RsvpLine[]): Map<string, RsvpLine> {
  return new Map(lines.map((line) => [lineKey(line.guestId, line.activityId), line]));
}

/** Every response must name a member and one of their invitations; answers by line id. */
function checkResponseTargets(
  state: HouseholdRsvpState,
  responses: readonly RsvpResponse[],
  lineOf: Map<string, RsvpLine>,
): Map<string, Answer> {
  const issues: ApiIssue[] = [];
  const answers = new Map<string, Answer>();
  responses.forEach((answer, index) => {
    const line = lineOf.get(lineKey(answer.guestId, answer.activityId));
    if (!state.members.has(answer.guestId)) {
      issues.push({ path: `responses.${index}.guestId`, message: 'This guest is not in your household.' });
    } else if (!line) {
      issues.push({ path: `responses.${index}.activityId`, message: 'This guest is not invited to this activity.' });
    } else {
      answers.set(line.id, { response: answer.response, mealChoice: answer.response === 'ATTENDING' ? (answer.mealChoice ?? null) : null });
    }
  });
  if (issues.length > 0) throw new ApiError(403, 'FORBIDDEN', issues[0]!.message, issues);
  return answers;
}

/** Attending an activity with meal options needs one of its enabled values; otherwise no meal. */
function checkMeals(state: HouseholdRsvpState, responses: readonly RsvpResponse[]): void {
  const issues: ApiIssue[] = [];
  responses.forEach((answer, index) => {
    if (answer.response !== 'ATTENDING') return;
    const activity = state.activities.get(answer.activityId)!;
    const path = `responses.${index}.mealChoice`;
    const who = memberName(state, answer.guestId);
    if (activity.enabledMeals.size === 0) {
      if (answer.mealChoice != null) issues.push({ path, message: `${activity.name} has no meal choice.` });
    } else if (answer.mealChoice == null) {
      issues.push({ path, message: `Choose a meal for ${who} at ${activity.name}.` });
    } else if (!activity.enabledMeals.has(answer.mealChoice)) {
      issues.push({ path, message: `"${answer.mealChoice}" is not a meal choice of ${activity.name}.` });
    }
  });
  if (issues.length > 0) throw validationFailed(issues);
}

/** A plus-one may be named only for a member (403 otherwise) whom the host allows one (400). */
function checkPlusOnes(state: HouseholdRsvpState, plusOnes: readonly RsvpPlusOne[]): void {
  const outside = plusOnes.findIndex((plusOne) => !state.members.has(plusOne.forGuestId));
  if (outside >= 0) {
    const message = 'This guest is not in your household.';
    throw new ApiError(403, 'FORBIDDEN', message, [{ path: `plusOnes.${outside}.forGuestId`, message }]);
  }
  const issues = plusOnes.flatMap((plusOne, index) => {
    const member = state.members.get(plusOne.forGuestId)!;
    if (member.plusOneAllowed && !member.plusOneOf) return [];
    return [{ path: `plusOnes.${index}.forGuestId`, message: `${memberName(state, member.id)} cannot bring a plus-one.` }];
  });
  if (issues.length > 0) throw validationFailed(issues);
}

/** Every invitation of a member who is not a plus-one needs an answer once the body is applied. */
function checkEveryLineAnswered(state: HouseholdRsvpState, answers: Map<string, Answer>): void {
  const issues: ApiIssue[] = [];
  for (const line of state.lines) {
    if (state.members.get(line.guestId)!.plusOneOf) continue;
    if (answers.has(line.id) || line.response === 'ATTENDING' || line.response === 'DECLINED') continue;
    const activity = state.activities.get(line.activityId)!;
    issues.push({ path: 'responses', message: `The answer for ${memberName(state, line.guestId)} at ${activity.name} is missing.` });
  }
  if (issues.length > 0) throw validationFailed(issues);
}

/** Plus-ones answer as their guest did, for the lines the body does not answer for them. */
function copyAnswersToPlusOnes(
  state: HouseholdRsvpState,
  answers: Map<string, Answer>,
  lineOf: Map<string, RsvpLine>,
  removed: ReadonlySet<string>,
): void {
  for (const line of state.lines) {
    const plusOneOf = state.members.get(line.guestId)!.plusOneOf;
    if (!plusOneOf || removed.has(line.guestId) || answers.has(line.id)) continue;
    const guestLine = lineOf.get(lineKey(plusOneOf, line.activityId));
    const answer = guestLine && currentAnswer(guestLine, answers);
    if (answer) answers.set(line.id, answer);
  }
}

/** A guest's answers to every invitation, after the body: what a new plus-one of theirs gets. */
function guestAnswers(state: HouseholdRsvpState, answers: Map<string, Answer>, guestId: string): NewPlusOne['answers'] {
  return state.lines.flatMap((line) => {
    const answer = line.guestId === guestId ? currentAnswer(line, answers) : undefined;
    return answer ? [{ activityId: line.activityId, ...answer }] : [];
  });
}

function currentAnswer(line: RsvpLine, answers: Map<string, Answer>): Answer | undefined {
  const answer = answers.get(line.id);
  if (answer) return answer;
  if (line.response === 'ATTENDING' || line.response === 'DECLINED') return { response: line.response, mealChoice: line.mealChoice };
  return undefined;
}

/**
 * Which plus-ones are created, renamed or removed. A guest's existing plus-one is renamed, not
 * duplicated; one that is no longer named is removed. Left out of a PUT, they all stay.
 */
function plusOneChanges(state: HouseholdRsvpState, plusOnes: readonly RsvpPlusOne[] | undefined) {
  const existing = new Map<string, RsvpMember>();
  const removedPlusOnes: string[] = [];
  for (const member of state.members.values()) {
    if (!member.plusOneOf) continue;
    if (existing.has(member.plusOneOf)) removedPlusOnes.push(member.id);
    else existing.set(member.plusOneOf, member);
  }
  if (!plusOnes) return { existing, created: [], renamedPlusOnes: [], removedPlusOnes: [] };
  const named = new Set(plusOnes.map((plusOne) => plusOne.forGuestId));
  for (const [forGuestId, member] of existing) if (!named.has(forGuestId)) removedPlusOnes.push(member.id);
  const created = plusOnes.filter((plusOne) => !existing.has(plusOne.forGuestId));
  const renamedPlusOnes = plusOnes.flatMap((plusOne) => {
    const member = existing.get(plusOne.forGuestId);
    return member ? [{ id: member.id, firstName: plusOne.firstName, lastName: plusOne.lastName }] : [];
  });
  return { existing, created, renamedPlusOnes, removedPlusOnes };
}

/** Why a plus-one cannot have this meal: their guest does not attend, or it is no enabled choice. */
function plusOneMealProblem(
  state: HouseholdRsvpState,
  plusOne: RsvpPlusOne,
  answer: Answer | undefined,
  activityId: string,
  mealChoice: string,
): string | undefined {
  const activity = state.activities.get(activityId);
  const guest = memberName(state, plusOne.forGuestId);
  if (!activity || answer?.response !== 'ATTENDING') return `The guest of ${guest} does not attend this activity.`;
  if (!activity.enabledMeals.has(mealChoice)) return `"${mealChoice}" is not a meal choice of ${activity.name}.`;
  return undefined;
}

function memberName(state: HouseholdRsvpState, guestId: string): string {
  const member = state.members.get(guestId);
  return member ? `${member.firstName} ${member.lastName}`.trim() : 'this guest';
}

function validationFailed(issues: ApiIssue[]): ApiError {
  return new ApiError(400, 'VALIDATION_FAILED', issues[0]!.message, issues);
}
