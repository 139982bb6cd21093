import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { IDS_PER_STATEMENT, chunked, idSource } from './batch';

/** A guest at an activity: what names an invitation, and the seat that goes with it. */
export interface GuestAtActivity {
  guestId: string;
  activityId: string;
}

/**
 * Whose seats a write may free: the invitations it changed or is about to remove, or every
 * invitation of guests it is about to remove.
 */
export type SeatScope = { readonly lines: readonly GuestAtActivity[] } | { readonly guestIds: readonly string[] };

/**
 * - `noLongerAttending`: after a write that changed answers; frees the seats whose invitation
 *   now answers anything but `ATTENDING` (or is gone).
 * - `removing`: before a write deletes the invitations or guests in scope (their seats would go
 *   with them through the foreign keys, unrecorded); frees every seat in scope.
 */
export type ReleaseWhen = 'noLongerAttending' | 'removing';

/**
 * The one place that frees seats when a guest stops attending an activity: the RSVP, the host's
 * invite-line edits (single and bulk), invite-line and guest deletion and an import's undo all
 * call it in their own transaction, so a seat is freed, and its release recorded for the host's
 * notice, exactly when the change commits; a rolled-back write frees nothing.
 *
 * On PostgreSQL, `removing` first locks the invitations in scope, as seating a guest does
 * (`assignSeats`), so a seat being given at this moment is either seen here or refused there.
 * After an answer's change the write already holds those rows. SQLite runs one transaction at
 * a time. Costs one statement per 500 guests when no one in scope is seated.
 *
 * @returns How many seats were freed.
 */
export async function releaseSeats(trx: Kysely<Database>, occasionId: string, scope: SeatScope, when: ReleaseWhen, now: string): Promise<number> {
  const lines = 'lines' in scope ? scope.lines : undefined;
  const guestIds: string[] = 'lines' in scope ? [...new Set(scope.lines.map((line) => line.guestId))] : [...new Set(scope.guestIds)];
  if (guestIds.length === 0) return 0;
  const wanted = lines && new Set(lines.map((line) => pairKey(line)));
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  const freed: Array<GuestAtActivity & { tableId: string; tableName: string }> = [];
  for (const chunk of chunked(guestIds, IDS_PER_STATEMENT)) {
    if (when === 'removing' && postgres) {
      await sql`select 1 from "inviteLine" where "occasionId" = ${occasionId} and "guestId" in (${sql.join(chunk)}) order by "id" for no key update`.execute(trx);
    }
    const seats = await trx
      .selectFrom('seat')
      .innerJoin('seatingTable', 'seatingTable.id', 'seat.tableId')
      .leftJoin('inviteLine', (join) => join.onRef('inviteLine.guestId', '=', 'seat.guestId').onRef('inviteLine.activityId', '=', 'seat.activityId'))
      .select(['seat.guestId', 'seat.activityId', 'seat.tableId', 'seatingTable.name as tableName', 'inviteLine.response'])
      .where('seat.occasionId', '=', occasionId)
      .where('seat.guestId', 'in', chunk)
      .execute();
    for (const seat of seats) {
      if (wanted && !wanted.has(pairKey(seat))) continue;
      if (when === 'noLongerAttending' && seat.response === 'ATTENDING') continue;
      freed.push({ guestId: seat.guestId, activityId: seat.activityId, tableId: seat.tableId, tableName: seat.tableName });
    }
  }
  if (freed.length === 0) return 0;
  await deleteSeats(trx, freed);
  const nextId = idSource();
  for (const chunk of chunked(freed, IDS_PER_STATEMENT)) {
    await trx
      .insertInto('seatRelease')
      .values(chunk.map((seat) => ({ id: nextId(), occasionId, activityId: seat.activityId, guestId: seat.guestId, tableId: seat.tableId, tableName: seat.tableName, releasedAt: now })))
      .execute();
  }
  return freed.length;
}

/** Deletes exactly these seats (each a guest at an activity), a few hundred per statement. */
export async function deleteSeats(trx: Kysely<Database>, seats: readonly GuestAtActivity[]): Promise<void> {
  for (const chunk of chunked(seats, IDS_PER_STATEMENT / 2)) {
    await trx
      .deleteFrom('seat')
      .where((eb) => eb.or(chunk.map((seat) => eb.and([eb('guestId', '=', seat.guestId), eb('activityId', '=', seat.activityId)]))))
      .execute();
  }
}

function pairKey(line: GuestAtActivity): string {
  return `${line.guestId} ${line.activityId}`;
}
