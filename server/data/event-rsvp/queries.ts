import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// The statements of a reply, as it is written and as it is read back.

export const selectRsvpRow = (db: Kysely<Database>, householdId: string) => db.selectFrom('rsvp').selectAll().where('householdId', '=', householdId).execute();

/**
 * Marks the reply changed now, and returns it. Who answered is set apart, only when another
 * member answers: in the same statement SQLite rewrote its index entry on every change (one
 * page of the ~15 a PUT writes), though mostly the same guest answers again.
 */
export const touchRsvp = (db: Kysely<Database>, updatedAt: string, householdId: string) =>
  db.updateTable('rsvp').set({ updatedAt }).where('householdId', '=', householdId).returningAll().execute();

export const setRsvpAnsweredBy = (db: Kysely<Database>, answeredByGuestId: string, id: string) => db.updateTable('rsvp').set({ answeredByGuestId }).where('id', '=', id).execute();

export const setRsvpMessage = (db: Kysely<Database>, message: string, id: string) => db.updateTable('rsvp').set({ message }).where('id', '=', id).execute();

// Members and activities in the order the reply lists them (as `loadRsvp` reads them).
export const selectMembers = (db: Kysely<Database>, householdId: string, occasionId: string) =>
  db
    .selectFrom('guest')
    .innerJoin('household', 'household.id', 'guest.householdId')
    .select(['guest.id', 'guest.firstName', 'guest.lastName', 'guest.plusOneAllowed', 'guest.plusOneOf', 'household.name as householdName'])
    .where('guest.householdId', '=', householdId)
    .where('guest.occasionId', '=', occasionId)
    .orderBy('guest.createdAt')
    .orderBy('guest.id')
    .execute();

export const selectActivities = (db: Kysely<Database>, occasionId: string) =>
  db.selectFrom('activity').select(['id', 'name', 'mealOptions']).where('occasionId', '=', occasionId).orderBy('startsAt').orderBy('sortOrder').orderBy('id').execute();

// The household is the session's, so in its occasion; an occasion filter here would lead
// SQLite to scan every line of the occasion instead of the household's few.
export const selectHouseholdLines = (db: Kysely<Database>, householdId: string) =>
  db
    .selectFrom('inviteLine')
    .innerJoin('guest', 'guest.id', 'inviteLine.guestId')
    .select(['inviteLine.id', 'inviteLine.guestId', 'inviteLine.activityId', 'inviteLine.response', 'inviteLine.mealChoice', 'inviteLine.respondedBy'])
    .where('guest.householdId', '=', householdId)
    .execute();


// The reply as guests see it.
export const selectAnsweredLines = (db: Kysely<Database>, householdId: string, attending: string, declined: string) =>
  db
    .selectFrom('inviteLine')
    .innerJoin('guest', 'guest.id', 'inviteLine.guestId')
    .innerJoin('activity', 'activity.id', 'inviteLine.activityId')
    .select(['inviteLine.guestId', 'inviteLine.activityId', 'inviteLine.response', 'inviteLine.mealChoice'])
    .where('guest.householdId', '=', householdId)
    .where('inviteLine.response', 'in', [attending, declined])
    .orderBy('guest.createdAt')
    .orderBy('guest.id')
    .orderBy('activity.startsAt')
    .orderBy('activity.sortOrder')
    .orderBy('activity.id')
    .execute();

export const selectPlusOnes = (db: Kysely<Database>, householdId: string) =>
  db
    .selectFrom('guest')
    .select(['plusOneOf', 'firstName', 'lastName'])
    .where('householdId', '=', householdId)
    .where('plusOneOf', 'is not', null)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();

export const selectMemberIds = (db: Kysely<Database>, householdId: string) =>
  db.selectFrom('guest').select('id').where('householdId', '=', householdId).orderBy('createdAt').orderBy('id').execute();
