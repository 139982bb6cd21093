import type { EventActivity, EventHousehold, EventHouseholdGuest, EventInfo, Rsvp } from '../../core/schemas/event';
import type { RsvpBody } from '../../core/client/event-bodies';
import type { Catalogue } from '../i18n';

/** One member invited to one activity, with the answer on record (if any). */
export interface Invitation {
  guestId: string;
  activityId: string;
  response?: string;
  mealChoice?: string | null;
}

/** An answer being edited: `''` until chosen. */
export interface Answer {
  response: 'ATTENDING' | 'DECLINED' | '';
  mealChoice: string;
}

/** A plus-one being named for a member who may bring one. */
export interface PlusOneDraft {
  firstName: string;
  lastName: string;
}

/** The RSVP form's state. */
export interface Draft {
  answers: Record<string, Answer>;
  /** By the id of the member who may bring a guest. */
  plusOnes: Record<string, PlusOneDraft>;
  message: string;
}

/** A household member as the API may send it: with `invitations` where the server lists them. */
type MemberWithInvitations = EventHouseholdGuest & {
  invitations?: Array<{ activityId: string; response?: string; mealChoice?: string | null }>;
};

export const answerKey = (guestId: string, activityId: string): string => `${guestId} ${activityId}`;

/**
 * Which member is invited to which activity. The best source is each member's `invitations`
 * (when the API lists them); then the household's reply (every answered invitation); without
 * either, every member is taken as invited to every activity the household is invited to.
 */
export function invitationsOf(info: EventInfo, household: EventHousehold, rsvp: Rsvp | null): Invitation[] {
  const activityIds = new Set(info.activities.map((activity) => activity.id));
  const members = household.guests as MemberWithInvitations[];
  if (members.some((member) => Array.isArray(member.invitations))) {
    return members.flatMap((member) =>
      (member.invitations ?? []).filter((line) => activityIds.has(line.activityId)).map((line) => ({ guestId: member.id, ...line })),
    );
  }
  const memberIds = new Set(members.map((member) => member.id));
  if (rsvp) return rsvp.responses.filter((line) => activityIds.has(line.activityId) && memberIds.has(line.guestId));
  return members.flatMap((member) => info.activities.map((activity) => ({ guestId: member.id, activityId: activity.id })));
}

/** Members who may bring a guest (plus-ones themselves may not). */
export const plusOneHosts = (household: EventHousehold): EventHouseholdGuest[] =>
  household.guests.filter((guest) => guest.plusOneAllowed && !guest.plusOneOf);

/** The member who is `guestId`'s plus-one, if they have one already. */
export const plusOneOf = (household: EventHousehold, guestId: string): EventHouseholdGuest | undefined =>
  household.guests.find((guest) => guest.plusOneOf === guestId);

/** The form's first state: the answers on record, the plus-ones already named, the message. */
export function initialDraft(invitations: Invitation[], household: EventHousehold, rsvp: Rsvp | null): Draft {
  const answers: Record<string, Answer> = {};
  for (const line of invitations) {
    const response = line.response === 'ATTENDING' || line.response === 'DECLINED' ? line.response : '';
    answers[answerKey(line.guestId, line.activityId)] = { response, mealChoice: line.mealChoice ?? '' };
  }
  for (const line of rsvp?.responses ?? []) {
    const key = answerKey(line.guestId, line.activityId);
    if (answers[key]) answers[key] = { response: line.response, mealChoice: line.mealChoice ?? '' };
  }
  const plusOnes: Record<string, PlusOneDraft> = {};
  for (const member of plusOneHosts(household)) {
    const existing = plusOneOf(household, member.id);
    plusOnes[member.id] = { firstName: existing?.firstName ?? '', lastName: existing?.lastName ?? '' };
  }
  return { answers, plusOnes, message: rsvp?.message ?? '' };
}

/** The meal values that may be chosen at an activity. */
export const enabledMeals = (activity: EventActivity): string[] =>
  activity.mealOptions.filter((option) => !option.disabled).map((option) => option.value);

/** Plus-ones whose name was cleared: they are removed, so their answers are not sent. */
function removedPlusOnes(household: EventHousehold, draft: Draft): Set<string> {
  const removed = new Set<string>();
  for (const [hostId, plusOne] of Object.entries(draft.plusOnes)) {
    const existing = plusOneOf(household, hostId);
    if (existing && !plusOne.firstName.trim()) removed.add(existing.id);
  }
  return removed;
}

/** The invitations the form asks about: all but those of plus-ones being removed. */
export function askedInvitations(invitations: Invitation[], household: EventHousehold, draft: Draft): Invitation[] {
  const removed = removedPlusOnes(household, draft);
  return invitations.filter((line) => !removed.has(line.guestId));
}

/**
 * The form's problems by field key (`<guestId> <activityId>`, `meal <key>`, `plusOne <id>`):
 * an answer for every invitation, a meal for attending an activity with meal options.
 */
export function draftProblems(info: EventInfo, invitations: Invitation[], draft: Draft, strings: Catalogue): Record<string, string> {
  const problems: Record<string, string> = {};
  const activities = new Map(info.activities.map((activity) => [activity.id, activity]));
  for (const line of invitations) {
    const key = answerKey(line.guestId, line.activityId);
    const answer = draft.answers[key];
    if (!answer?.response) problems[key] = strings.answerRequired;
    else if (answer.response === 'ATTENDING') {
      const meals = enabledMeals(activities.get(line.activityId)!);
      if (meals.length && !meals.includes(answer.mealChoice)) problems[`meal ${key}`] = strings.mealRequired;
    }
  }
  for (const [hostId, plusOne] of Object.entries(draft.plusOnes)) {
    if (!plusOne.firstName.trim() && plusOne.lastName.trim()) problems[`plusOne ${hostId}`] = strings.required(strings.plusOneFirstName);
  }
  return problems;
}

/** The body of `POST`/`PUT /rsvp` for the draft. */
export function rsvpBody(info: EventInfo, invitations: Invitation[], draft: Draft): RsvpBody {
  const activities = new Map(info.activities.map((activity) => [activity.id, activity]));
  return {
    responses: invitations.map((line) => {
      const answer = draft.answers[answerKey(line.guestId, line.activityId)]!;
      const attending = answer.response === 'ATTENDING';
      const hasMeals = enabledMeals(activities.get(line.activityId)!).length > 0;
      return {
        guestId: line.guestId,
        activityId: line.activityId,
        response: attending ? 'ATTENDING' : 'DECLINED',
        mealChoice: attending && hasMeals ? answer.mealChoice : null,
      };
    }),
    plusOnes: Object.entries(draft.plusOnes)
      .filter(([, plusOne]) => plusOne.firstName.trim())
      .map(([forGuestId, plusOne]) => ({ forGuestId, firstName: plusOne.firstName.trim(), lastName: plusOne.lastName.trim() })),
    message: draft.message.trim(),
  };
}
