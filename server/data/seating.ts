import type { Kysely, Selectable } from 'kysely';
import type { ApiIssue } from '../../core/schemas/error';
import { TABLE_NUMBER_MAX, type SeatAssign, type Seating, type SeatingTable, type SeatingTableCreate, type SeatingTableUpdate, type TableShape } from '../../core/schemas/seating';
import { formatCount } from '../../core/format/format-count';
import type { DatabaseKind } from '../db/create-database';
import { inviteLineId, newId } from '../db/ids';
import type { Database, SeatingTableTable } from '../db/schema';
import { findActivity } from './activities';
import { ApiError, conflict, notFound } from './api-error';
import { fullName } from './history';
import { lockRows } from './row-lock';
import { deleteSeats } from './seat-releases';

export type SeatingTableRow = Selectable<SeatingTableTable>;

/** A table row as the API answers it. */
export function toSeatingTable(row: SeatingTableRow): SeatingTable {
  return {
    id: row.id,
    activityId: row.activityId,
    name: row.name,
    number: Number(row.number),
    shape: row.shape as TableShape,
    capacity: Number(row.capacity),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const noSuchTable = () => notFound('No such table.');
const numberTaken = (number: number) => conflict(`Table number ${number} is already used in this activity.`);

/** The table of this occasion; 404 for any other id. */
export async function findTable(db: Kysely<Database>, occasionId: string, tableId: string): Promise<SeatingTableRow> {
  const row = await db.selectFrom('seatingTable').selectAll().where('id', '=', tableId).where('occasionId', '=', occasionId).executeTakeFirst();
  if (!row) throw noSuchTable();
  return row;
}

/** The activity's whole seating: tables by number, seats by table and guest, releases newest first. */
export async function loadSeating(db: Kysely<Database>, occasionId: string, activityId: string): Promise<Seating> {
  await findActivity(db, occasionId, activityId);
  const [tables, seats, releases] = await Promise.all([
    db.selectFrom('seatingTable').selectAll().where('activityId', '=', activityId).orderBy('number').execute(),
    db.selectFrom('seat').select(['guestId', 'tableId']).where('activityId', '=', activityId).orderBy('tableId').orderBy('guestId').execute(),
    db
      .selectFrom('seatRelease')
      .select(['guestId', 'tableId', 'tableName', 'releasedAt'])
      .where('activityId', '=', activityId)
      .orderBy('releasedAt', 'desc')
      .orderBy('id')
      .execute(),
  ]);
  return { activityId, tables: tables.map(toSeatingTable), seats, releases };
}

async function numberUsed(db: Kysely<Database>, activityId: string, number: number, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('seatingTable').select('id').where('activityId', '=', activityId).where('number', '=', number);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * A new table of the activity; `number` left out is one above the highest. On PostgreSQL the
 * activity's row is locked first, so two tables added at once without a number get two numbers;
 * a number taken meanwhile anyway (the unique index decides) is 409 like one taken before.
 */
export async function createTable(db: Kysely<Database>, kind: DatabaseKind, occasionId: string, activityId: string, input: SeatingTableCreate, now: string): Promise<SeatingTable> {
  await findActivity(db, occasionId, activityId);
  try {
    return await db.transaction().execute(async (trx) => {
      await lockRows(trx, kind, 'activity', [activityId]);
      await findActivity(trx, occasionId, activityId);
      let number = input.number;
      if (number === undefined) {
        const { highest } = await trx
          .selectFrom('seatingTable')
          .select((eb) => eb.fn.max('number').as('highest'))
          .where('activityId', '=', activityId)
          .executeTakeFirstOrThrow();
        number = Number(highest ?? 0) + 1;
        if (number > TABLE_NUMBER_MAX) throw conflict(`Every table number up to ${TABLE_NUMBER_MAX} is used in this activity; give the table a free number.`);
      } else if (await numberUsed(trx, activityId, number)) {
        throw numberTaken(number);
      }
      const row: SeatingTableRow = { id: newId(), occasionId, activityId, name: input.name, number, shape: input.shape, capacity: input.capacity, createdAt: now, updatedAt: now };
      await trx.insertInto('seatingTable').values(row).execute();
      return toSeatingTable(row);
    });
  } catch (error) {
    if (!(error instanceof ApiError) && input.number !== undefined && (await numberUsed(db, activityId, input.number))) throw numberTaken(input.number);
    throw error;
  }
}

/** Changes a table's fields; a number another table of the activity holds is 409. */
export async function updateTable(db: Kysely<Database>, kind: DatabaseKind, occasionId: string, tableId: string, patch: SeatingTableUpdate, now: string): Promise<SeatingTable> {
  await findTable(db, occasionId, tableId);
  try {
    return await db.transaction().execute(async (trx) => {
      await lockRows(trx, kind, 'seatingTable', [tableId]);
      const current = await findTable(trx, occasionId, tableId);
      if (patch.number !== undefined && patch.number !== Number(current.number) && (await numberUsed(trx, current.activityId, patch.number, tableId))) {
        throw numberTaken(patch.number);
      }
      const changes = Object.fromEntries(Object.entries(patch).filter(([key, value]) => value !== (current as Record<string, unknown>)[key])) as SeatingTableUpdate;
      if (Object.keys(changes).length === 0) return toSeatingTable(current);
      const updated: SeatingTableRow = { ...current, ...changes, updatedAt: now };
      await trx.updateTable('seatingTable').set({ ...changes, updatedAt: now }).where('id', '=', tableId).execute();
      return toSeatingTable(updated);
    });
  } catch (error) {
    if (!(error instanceof ApiError) && patch.number !== undefined) {
      const { activityId } = await findTable(db, occasionId, tableId);
      if (await numberUsed(db, activityId, patch.number, tableId)) throw numberTaken(patch.number);
    }
    throw error;
  }
}

/** Deletes a table; its seats go with it (the guests are unseated, with no release: they still attend). */
export async function deleteTable(db: Kysely<Database>, occasionId: string, tableId: string): Promise<void> {
  const result = await db.deleteFrom('seatingTable').where('id', '=', tableId).where('occasionId', '=', occasionId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw noSuchTable();
}

/** Dismisses the activity's notices of freed seats. */
export async function dismissReleases(db: Kysely<Database>, occasionId: string, activityId: string): Promise<void> {
  await findActivity(db, occasionId, activityId);
  await db.deleteFrom('seatRelease').where('occasionId', '=', occasionId).where('activityId', '=', activityId).execute();
}

/** The 409 of a table with fewer free seats than guests sent to it. */
function tableFull(table: SeatingTableRow, free: number, coming: number): ApiError {
  const seats = free === 1 ? '1 free seat' : `${formatCount(free)} free seats`;
  const guests = coming === 1 ? '1 guest' : `${formatCount(coming)} guests`;
  return new ApiError(409, 'TABLE_FULL', `Table ${table.number} (${table.name}) has ${seats}; ${guests} cannot be seated there.`);
}

/**
 * `POST …/activity/{activityId}/seats`: seats the guests at the table (moving those seated at
 * another table of the activity) or unseats them (`tableId` null), all or nothing. In order:
 * 404 for a guest not of this occasion or a table not of this activity; 400 (`guestIds.N`) for a
 * guest not attending when seating; 409 `TABLE_FULL` when more guests come than the table has
 * free seats, unless `overCapacity`.
 *
 * The check and the write are one step: on PostgreSQL the table's row is locked first (so two
 * requests for one table count one after the other) and then the guests' invitations (so a
 * reply that changes one waits, and frees the seat after, or goes first and is seen here).
 * SQLite runs one transaction at a time. A guest sent to two tables at once ends at one: the
 * seat's key is the guest and activity.
 */
export async function assignSeats(db: Kysely<Database>, kind: DatabaseKind, occasionId: string, activityId: string, input: SeatAssign, now: string): Promise<void> {
  const { guestIds, tableId, overCapacity } = input;
  await db.transaction().execute(async (trx) => {
    await findActivity(trx, occasionId, activityId);
    let table: SeatingTableRow | undefined;
    if (tableId !== null) {
      await lockRows(trx, kind, 'seatingTable', [tableId]);
      table = await trx.selectFrom('seatingTable').selectAll().where('id', '=', tableId).where('occasionId', '=', occasionId).where('activityId', '=', activityId).executeTakeFirst();
      if (!table) throw noSuchTable();
    }
    const guests = await trx.selectFrom('guest').select(['id', 'firstName', 'lastName']).where('occasionId', '=', occasionId).where('id', 'in', guestIds).execute();
    const byId = new Map(guests.map((guest) => [guest.id, guest]));
    const unknown = guestIds.filter((id) => !byId.has(id));
    if (unknown.length > 0) throw notFound(unknown.length === 1 ? `No guest with id ${unknown[0]} in this occasion.` : `No guests with ids ${unknown.slice(0, 3).join(', ')}${unknown.length > 3 ? '…' : ''} in this occasion.`);
    if (!table) {
      await deleteSeats(trx, guestIds.map((guestId) => ({ guestId, activityId })));
      return;
    }
    await lockRows(trx, kind, 'inviteLine', guestIds.map((guestId) => inviteLineId(guestId, activityId)));
    const lines = await trx.selectFrom('inviteLine').select(['guestId', 'response']).where('activityId', '=', activityId).where('guestId', 'in', guestIds).execute();
    const attending = new Set(lines.filter((line) => line.response === 'ATTENDING').map((line) => line.guestId));
    const issues: ApiIssue[] = [];
    guestIds.forEach((guestId, index) => {
      if (!attending.has(guestId)) issues.push({ path: `guestIds.${index}`, message: `${fullName(byId.get(guestId)!)} is not attending this activity, so cannot be seated.` });
    });
    if (issues.length > 0) throw new ApiError(400, 'VALIDATION_FAILED', issues[0]!.message, issues.slice(0, 100));
    const seated = await trx.selectFrom('seat').select('guestId').where('tableId', '=', table.id).execute();
    const here = new Set(seated.map((seat) => seat.guestId));
    const coming = guestIds.filter((guestId) => !here.has(guestId));
    const free = Math.max(0, Number(table.capacity) - seated.length);
    if (coming.length > free && !overCapacity) throw tableFull(table, free, coming.length);
    if (coming.length === 0) return;
    await trx
      .insertInto('seat')
      .values(coming.map((guestId) => ({ guestId, activityId, occasionId, tableId: table.id, seatedAt: now })))
      .onConflict((oc) => oc.columns(['guestId', 'activityId']).doUpdateSet((eb) => ({ tableId: eb.ref('excluded.tableId'), seatedAt: eb.ref('excluded.seatedAt') })))
      .execute();
  });
}
