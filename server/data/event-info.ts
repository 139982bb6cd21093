import type { Kysely, Selectable } from 'kysely';
import type { EventActivity, EventInfo, EventOccasion } from '../../core/schemas/event';
import type { OptionEntry } from '../../core/options/option-entry';
import { queries } from '../db/queries';
import type { ActivityTable, Database, OccasionTable } from '../db/schema';
import { notFound } from './api-error';
import { readJsonColumn } from './json-column';
import { householdQuestions, toEventQuestion } from './questions';

/** Whether guests may still send or change an RSVP: before the deadline, or when there is none. */
export function isRsvpOpen(occasion: Pick<Selectable<OccasionTable>, 'rsvpDeadline'>, now: Date): boolean {
  return occasion.rsvpDeadline === null || now.getTime() < Date.parse(occasion.rsvpDeadline);
}

/** The occasion as guests see it: no passcode, allowed origins or owner. */
export function toEventOccasion(row: Selectable<OccasionTable>, now: Date): EventOccasion {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startDate: row.startDate,
    endDate: row.endDate,
    timezone: row.timezone,
    venueName: row.venueName,
    venueAddress: row.venueAddress,
    rsvpDeadline: row.rsvpDeadline,
    rsvpOpen: isRsvpOpen(row, now),
    contactEmail: row.contactEmail,
  };
}

/** An activity as guests see it. */
export function toEventActivity(row: Selectable<ActivityTable>): EventActivity {
  return {
    id: row.id,
    occasionId: row.occasionId,
    name: row.name,
    description: row.description,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    locationName: row.locationName,
    address: row.address,
    dressCode: row.dressCode,
    mealOptions: readJsonColumn<OptionEntry[]>(row.mealOptions, []),
  };
}

/** The activities someone in the household is invited to, in time order. */
export async function householdActivities(
  db: Kysely<Database>,
  occasionId: string,
  householdId: string,
): Promise<Selectable<ActivityTable>[]> {
  // The household's members, then their lines by guest (the line index's first column), then
  // those activities by id: each step an index lookup whatever the planner knows. Joined in one
  // query, PostgreSQL without statistics (a fresh import before ANALYZE) hashed every line of
  // the occasion, and with them planned from the activities and walked every line of each.
  const members = await selectHouseholdMemberIds(db, householdId);
  if (members.length === 0) return [];
  const lines = await db
    .selectFrom('inviteLine')
    .select('activityId')
    .where('guestId', 'in', members.map((member) => member.id))
    .execute();
  const activityIds = [...new Set(lines.map((line) => line.activityId))];
  if (activityIds.length === 0) return [];
  return db
    .selectFrom('activity')
    .selectAll()
    .where('occasionId', '=', occasionId)
    .where('id', 'in', activityIds)
    .orderBy('startsAt')
    .orderBy('sortOrder')
    .orderBy('id')
    .execute();
}

const selectHouseholdMemberIds = (db: Kysely<Database>, householdId: string) =>
  db.selectFrom('guest').select('id').where('householdId', '=', householdId).execute();

/** `GET /event/v1/info` for a household. */
export async function loadEventInfo(
  db: Kysely<Database>,
  occasionId: string,
  householdId: string,
  now: Date,
): Promise<EventInfo> {
  // Side by side: on PostgreSQL on two of the pool's connections, one round trip less to wait for.
  const [[occasion], activities] = await Promise.all([queries.occasionById(db, { occasionId }), householdActivities(db, occasionId, householdId)]);
  if (!occasion) throw notFound('No such occasion.');
  const questions = await householdQuestions(db, occasionId, activities.map((activity) => activity.id));
  return { occasion: toEventOccasion(occasion, now), activities: activities.map(toEventActivity), questions: questions.map(toEventQuestion) };
}
