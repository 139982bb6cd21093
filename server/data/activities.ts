import type { Kysely, Selectable } from 'kysely';
import type { Activity, ActivityCreate } from '../../core/schemas/activity';
import type { OptionEntry } from '../../core/options/option-entry';
import type { ActivityTable, Database } from '../db/schema';
import { notFound } from './api-error';
import { readJsonColumn, writeJsonColumn } from './json-column';

export type ActivityRow = Selectable<ActivityTable>;

export function toActivity(row: ActivityRow): Activity {
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
    sortOrder: row.sortOrder,
  };
}

/** The writable fields of an activity, as its create schema takes them. */
export function activityWritable(row: ActivityRow): ActivityCreate {
  const { id: _id, occasionId: _occasionId, ...writable } = toActivity(row);
  return writable;
}

export function toActivityRow(id: string, occasionId: string, input: ActivityCreate): ActivityRow {
  return { ...input, id, occasionId, mealOptions: writeJsonColumn(input.mealOptions) };
}

/** The activity of this occasion; 404 for any other id. */
export async function findActivity(db: Kysely<Database>, occasionId: string, activityId: string): Promise<ActivityRow> {
  const row = await db
    .selectFrom('activity')
    .selectAll()
    .where('id', '=', activityId)
    .where('occasionId', '=', occasionId)
    .executeTakeFirst();
  if (!row) throw notFound('No such activity.');
  return row;
}

/** The occasion's activities in list order: by start time, then sort order. */
export function listActivities(db: Kysely<Database>, occasionId: string): Promise<ActivityRow[]> {
  return db
    .selectFrom('activity')
    .selectAll()
    .where('occasionId', '=', occasionId)
    .orderBy('startsAt')
    .orderBy('sortOrder')
    .orderBy('id')
    .execute();
}

/** Why a meal choice does not fit the activity, or undefined when it does (null always fits). */
export function mealChoiceProblem(activity: ActivityRow, mealChoice: string | null): string | undefined {
  if (mealChoice === null) return undefined;
  const options = readJsonColumn<OptionEntry[]>(activity.mealOptions, []);
  if (options.length === 0) return `${activity.name} has no meal choices.`;
  const option = options.find((entry) => entry.value === mealChoice);
  if (!option) return `"${mealChoice}" is not a meal choice of ${activity.name}.`;
  if (option.disabled) return `"${option.text}" can no longer be chosen for ${activity.name}.`;
  return undefined;
}
