import type { Kysely, Selectable } from 'kysely';
import type { EventActivity, EventInfo, EventOccasion } from '../../core/schemas/event';
import type { OptionEntry } from '../../core/options/option-entry';
import { queries } from '../db/queries';
import { isInvitedActivity } from '../db/queries/household-lines';
import type { ActivityTable, Database, OccasionTable } from '../db/schema';
import { notFound } from './api-error';
import { readJsonColumn } from './json-column';
import { listQuestions, questionsAskedOf, toEventQuestion } from './questions';

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
function householdActivities(db: Kysely<Database>, occasionId: string, householdId: string): Promise<Selectable<ActivityTable>[]> {
  return db
    .selectFrom('activity')
    .selectAll()
    .where('occasionId', '=', occasionId)
    .where(isInvitedActivity(db, householdId))
    .orderBy('startsAt')
    .orderBy('sortOrder')
    .orderBy('id')
    .execute();
}

/** `GET /event/v1/info` for a household. */
export async function loadEventInfo(
  db: Kysely<Database>,
  occasionId: string,
  householdId: string,
  now: Date,
): Promise<EventInfo> {
  // Side by side: on PostgreSQL on three of the pool's connections, one round trip to wait for.
  const [[occasion], activities, allQuestions] = await Promise.all([
    queries.occasionById(db, { occasionId }),
    householdActivities(db, occasionId, householdId),
    listQuestions(db, occasionId),
  ]);
  if (!occasion) throw notFound('No such occasion.');
  const questions = questionsAskedOf(allQuestions, activities.map((activity) => activity.id));
  return { occasion: toEventOccasion(occasion, now), activities: activities.map(toEventActivity), questions: questions.map(toEventQuestion) };
}
