import type { RsvpBody } from '../../core/client/event-bodies';
import type { GuestAnswer } from '../../core/schemas/answer';
import type { AnswerValue } from '../../core/schemas/asked';
import type { EventActivity, EventHousehold, EventHouseholdGuest, EventInfo, Rsvp } from '../../core/schemas/event';
import type { FirstScreenStrings } from '../i18n';

/** One member invited to one activity, with the answer on record (if any). */
export interface Invitation {
  guestId: string;
  activityId: string;
  response?: string;
  mealChoice?: string | null;
}

/** An answer being edited: `''` until chosen. */
export interface Answer {
  response: string;
  mealChoice: string;
}

/** The RSVP form's state. */
export interface Draft {
  /** By {@link answerKey}. */
  answers: Record<string, Answer>;
  /** The plus-one's first and last name, by the id of the member who may bring one. */
  plusOnes: Record<string, [string, string]>;
  /** A new plus-one's own meal, by the id of the member who brings them, then by activity id. */
  plusOneMeals: Record<string, Record<string, string>>;
  message: string;
  /** Answers to the host's questions being edited, by `<questionId> <guestId or ''>`; the stored one until edited. */
  questions: Record<string, AnswerValue>;
  /** The answers on record (a since disabled option they hold stays choosable). */
  stored: GuestAnswer[];
}

export const answerKey = (line: Invitation): string => `${line.guestId} ${line.activityId}`;

/** Which member is invited to which activity (as the household lists it), with the answers so far. */
export function invitationsOf(info: EventInfo, household: EventHousehold): Invitation[] {
  const activities = new Set(info.activities.map((activity) => activity.id));
  return household.guests.flatMap((member) =>
    member.invitations.filter((line) => activities.has(line.activityId)).map((line) => ({ ...line, guestId: member.id })),
  );
}

/** Members who may bring a guest (plus-ones themselves may not). */
export const plusOneHosts = (household: EventHousehold): EventHouseholdGuest[] =>
  household.guests.filter((guest) => guest.plusOneAllowed && !guest.plusOneOf);

/** The member who is `guestId`'s plus-one, if they have one already. */
const plusOneOf = (household: EventHousehold, guestId: string): EventHouseholdGuest | undefined =>
  household.guests.find((guest) => guest.plusOneOf === guestId);

/** The form's first state: the answers on record, the plus-ones already named, the message. */
export function initialDraft(invitations: Invitation[], household: EventHousehold, rsvp: Rsvp | null): Draft {
  const draft: Draft = { answers: {}, plusOnes: {}, plusOneMeals: {}, message: rsvp?.message ?? '', questions: {}, stored: rsvp?.answers ?? [] };
  for (const line of invitations) {
    const stored = rsvp?.responses.find((response) => answerKey(response) === answerKey(line)) ?? line;
    draft.answers[answerKey(line)] = { response: stored.response === 'PENDING' ? '' : (stored.response ?? ''), mealChoice: stored.mealChoice ?? '' };
  }
  for (const member of plusOneHosts(household)) {
    const existing = plusOneOf(household, member.id);
    draft.plusOnes[member.id] = [existing?.firstName ?? '', existing?.lastName ?? ''];
  }
  return draft;
}

/**
 * The invitations the form asks about: all but those of plus-ones whose name was cleared
 * (they are removed with the reply, so their answers are not sent).
 */
export const askedInvitations = (invitations: Invitation[], household: EventHousehold, draft: Draft): Invitation[] =>
  invitations.filter((line) => {
    const guest = household.guests.find((member) => member.id === line.guestId);
    return !guest?.plusOneOf || !!draft.plusOnes[guest.plusOneOf]?.[0].trim();
  });

/** Every invitation answered "attending", meals kept: "everyone accepts everything" in one step. */
export function acceptAll(draft: Draft, invitations: Invitation[]): Draft {
  const answers = { ...draft.answers };
  for (const line of invitations) answers[answerKey(line)] = { mealChoice: '', ...answers[answerKey(line)], response: 'ATTENDING' };
  return { ...draft, answers };
}

/**
 * The activities where a plus-one named in this reply (not yet a member) needs their own meal:
 * those with meal options their guest attends. An existing plus-one answers as a member.
 */
export function plusOneMealActivities(info: EventInfo, household: EventHousehold, draft: Draft, hostId: string): EventActivity[] {
  if (plusOneOf(household, hostId) || !draft.plusOnes[hostId]?.[0].trim()) return [];
  return info.activities.filter(
    (activity) => enabledMeals(activity).length && draft.answers[answerKey({ guestId: hostId, activityId: activity.id })]?.response === 'ATTENDING',
  );
}

/** The meal values that may be chosen at an activity. */
export const enabledMeals = (activity: EventActivity): string[] =>
  activity.mealOptions.filter((option) => !option.disabled).map((option) => option.value);

const activityOf = (info: EventInfo, line: Invitation): EventActivity => info.activities.find((activity) => activity.id === line.activityId)!;

/**
 * The form's problems by field key (`<guestId> <activityId>`, `meal <key>`, `plusOne <id>`):
 * an answer for every invitation, a meal for attending an activity with meal options.
 */
export function draftProblems(info: EventInfo, household: EventHousehold, invitations: Invitation[], draft: Draft, strings: FirstScreenStrings): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const line of invitations) {
    const key = answerKey(line);
    const answer = draft.answers[key];
    const meals = enabledMeals(activityOf(info, line));
    if (!answer?.response) problems[key] = strings.answerRequired;
    else if (answer.response === 'ATTENDING' && meals.length && !meals.includes(answer.mealChoice)) problems[`meal ${key}`] = strings.mealRequired;
  }
  for (const [hostId, [first, last]] of Object.entries(draft.plusOnes)) {
    if (!first.trim() && last.trim()) problems[`plusOne ${hostId}`] = strings.required(strings.plusOneFirstName);
    for (const activity of plusOneMealActivities(info, household, draft, hostId)) {
      if (!enabledMeals(activity).includes(draft.plusOneMeals[hostId]?.[activity.id] ?? '')) problems[`plusOneMeal ${hostId} ${activity.id}`] = strings.mealRequired;
    }
  }
  return problems;
}

/** The body of `POST`/`PUT /rsvp` for the draft, with the questions' `answers` when given (once the question chunk is in). */
export function rsvpBody(info: EventInfo, household: EventHousehold, invitations: Invitation[], draft: Draft, answers?: RsvpBody['answers']): RsvpBody {
  return {
    responses: invitations.map((line) => {
      const { response, mealChoice } = draft.answers[answerKey(line)]!;
      const attending = response === 'ATTENDING';
      return {
        guestId: line.guestId,
        activityId: line.activityId,
        response: attending ? 'ATTENDING' : 'DECLINED',
        mealChoice: attending && enabledMeals(activityOf(info, line)).length ? mealChoice : null,
      };
    }),
    plusOnes: Object.entries(draft.plusOnes)
      .filter(([, [first]]) => first.trim())
      .map(([forGuestId, [first, last]]) => ({
        forGuestId,
        firstName: first.trim(),
        lastName: last.trim(),
        meals: plusOneMealActivities(info, household, draft, forGuestId).map((activity) => ({
          activityId: activity.id,
          mealChoice: draft.plusOneMeals[forGuestId]![activity.id]!,
        })),
      })),
    message: draft.message.trim(),
    ...(answers ? { answers } : {}),
  };
}
