import type { Selectable } from 'kysely';
import { GUEST_FIELDS, HOUSEHOLD_FIELDS, type GuestTable, type HouseholdTable } from '../db/schema';
import type { HistoryChange } from './history';
import { actionOf, fieldChanges, fullName } from './history';
import type { InviteLineAnswerRow } from './invite-lines';
import { readBool, readJsonColumn } from './json-column';

/** The guest columns history compares (never the sign-in key). */
export type GuestHistoryFields = Pick<Selectable<GuestTable>, 'id' | (typeof GUEST_FIELDS)[number]>;

/** A guest's create, change or delete, with values as the API shows them (booleans, attribute maps). */
export function guestHistory(before: GuestHistoryFields | undefined, after: GuestHistoryFields | undefined): HistoryChange {
  const row = (after ?? before)!;
  return {
    entity: 'GUEST',
    entityId: row.id,
    action: actionOf(before, after),
    changes: fieldChanges(before && guestView(before), after && guestView(after), GUEST_FIELDS),
    guestId: row.id,
    householdId: row.householdId,
    subjectName: fullName(row),
  };
}

function guestView(row: GuestHistoryFields) {
  return {
    ...row,
    plusOneAllowed: readBool(row.plusOneAllowed),
    attributes: row.attributes === '{}' ? {} : readJsonColumn<Record<string, string[]>>(row.attributes, {}),
  };
}

/** The household columns history compares: not the invite code, which signs guests in. */
export type HouseholdHistoryFields = Pick<Selectable<HouseholdTable>, 'id' | (typeof HOUSEHOLD_FIELDS)[number]>;

/** A household's create, change or delete. */
export function householdHistory(before: HouseholdHistoryFields | undefined, after: HouseholdHistoryFields | undefined): HistoryChange {
  const row = (after ?? before)!;
  return {
    entity: 'HOUSEHOLD',
    entityId: row.id,
    action: actionOf(before, after),
    changes: fieldChanges(before, after, HOUSEHOLD_FIELDS),
    householdId: row.id,
    subjectName: row.name,
  };
}

/** The invite-line columns history compares. */
export type InviteLineHistoryFields = InviteLineAnswerRow;

/**
 * An invite line's create, change (an answer) or delete. The guest's name and household are
 * looked up by `recordHistory` unless `guest` gives them.
 */
export function inviteLineHistory(
  before: InviteLineHistoryFields | undefined,
  after: InviteLineHistoryFields | undefined,
  guest?: { name: string; householdId: string | null },
): HistoryChange {
  const row = (after ?? before)!;
  return {
    entity: 'INVITE_LINE',
    entityId: row.id,
    action: actionOf(before, after),
    // A create always says what the answer is, PENDING included: the replies chart starts there.
    changes: { ...(before ? {} : { response: [null, row.response] }), ...fieldChanges(before, after, ['response', 'mealChoice']) },
    guestId: row.guestId,
    activityId: row.activityId,
    ...(guest ? { subjectName: guest.name, householdId: guest.householdId } : {}),
  };
}

/** A household's reply (its rsvp row) made or its message changed. */
export function rsvpHistory(rsvpId: string, householdId: string, before: { message: string } | undefined, after: { message: string }): HistoryChange {
  return {
    entity: 'RSVP',
    entityId: rsvpId,
    action: actionOf(before, after),
    changes: before ? fieldChanges(before, after, ['message']) : { message: [null, after.message] },
    householdId,
  };
}
