import type { Kysely } from 'kysely';
import { RETENTION_DAYS_MAX, RETENTION_REMINDER_DAYS, type Retention } from '../../core/schemas/data-rights';
import type { DatabaseKind } from '../db/create-database';
import type { Database } from '../db/schema';
import { ApiError } from './api-error';
import { lockRows } from './row-lock';

const DAY = 86_400_000;

/** `YYYY-MM-DD` plus (or minus) whole days, in UTC. */
export const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY).toISOString().slice(0, 10);

/** What an occasion's retention is worked out from. */
export interface RetentionRow {
  retentionDays: number | string;
  retentionErasedAt: string | null;
  endDate: string;
}

/** The UTC date the occasion's last activity ends (or starts, without an end); its end date without activities. */
export async function lastActivityDate(db: Kysely<Database>, occasionId: string, endDate: string): Promise<string> {
  const row = await db
    .selectFrom('activity')
    .select((eb) => eb.fn.max(eb.fn.coalesce('endsAt', 'startsAt')).as('last'))
    .where('occasionId', '=', occasionId)
    .executeTakeFirst();
  const last = row?.last as string | null | undefined;
  return last ? new Date(last).toISOString().slice(0, 10) : endDate;
}

/** The retention of an occasion as the API answers it. */
export async function readRetention(db: Kysely<Database>, occasionId: string, row: RetentionRow): Promise<Retention> {
  const last = await lastActivityDate(db, occasionId, row.endDate);
  return retentionFrom(last, row);
}

/** The dates of a retention, from the last activity's date. */
export function retentionFrom(last: string, row: RetentionRow): Retention {
  const days = Number(row.retentionDays);
  const eraseOn = addDays(last, days);
  return { days, lastActivityDate: last, eraseOn, remindOn: addDays(eraseOn, -RETENTION_REMINDER_DAYS), erasedAt: row.retentionErasedAt };
}

/**
 * Sets the days (`set`) or adds to them (`add`: a postponement), in one transaction with the
 * occasion's row locked, so two postponements at once add up. More than 3,650 days in all is 400.
 */
export async function changeRetentionDays(db: Kysely<Database>, dbKind: DatabaseKind, occasionId: string, change: { set: number } | { add: number }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockRows(trx, dbKind, 'occasion', [occasionId]);
    const { retentionDays } = await trx.selectFrom('occasion').select('retentionDays').where('id', '=', occasionId).executeTakeFirstOrThrow();
    const days = 'set' in change ? change.set : Number(retentionDays) + change.add;
    if (days > RETENTION_DAYS_MAX) {
      const message = `Guests can be kept at most ${RETENTION_DAYS_MAX} days after the last activity; this would make it ${days}.`;
      throw new ApiError(400, 'VALIDATION_FAILED', message, [{ path: 'days', message }]);
    }
    await trx.updateTable('occasion').set({ retentionDays: days, updatedAt: new Date().toISOString() }).where('id', '=', occasionId).execute();
  });
}
