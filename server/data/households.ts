import type { Kysely, Selectable } from 'kysely';
import type { Household, HouseholdCreate } from '../../core/schemas/household';
import { newCheckInCode, newId, newInviteCode } from '../db/ids';
import { chunked, rowsPerStatement } from './batch';
import type { Database, HouseholdTable } from '../db/schema';
import { notFound } from './api-error';
import { recordHistory, type HistoryActor } from './history';
import { householdHistory } from './history-changes';

export type HouseholdRow = Selectable<HouseholdTable>;

export function toHousehold(row: HouseholdRow, guestIds: string[]): Household {
  return {
    id: row.id,
    occasionId: row.occasionId,
    name: row.name,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    country: row.country,
    phone: row.phone,
    email: row.email,
    notes: row.notes,
    inviteCode: row.inviteCode,
    guestIds,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function householdWritable(row: HouseholdRow): HouseholdCreate {
  const { id: _id, occasionId: _o, inviteCode: _code, guestIds: _g, createdAt: _c, updatedAt: _u, ...writable } = toHousehold(row, []);
  return writable;
}

/** What a new household row needs besides its fields: the codes to avoid, and ids. */
export interface NewHouseholdOptions {
  takenCodes?: ReadonlySet<string>;
  newId?: () => string;
}

/**
 * A new household row with a fresh id, an invite code that is not among `takenCodes` and a
 * check-in code. Every household is made here; {@link insertHouseholdRows} writes them.
 */
export function newHouseholdRow(occasionId: string, input: HouseholdCreate, now: string, options: NewHouseholdOptions = {}): HouseholdRow {
  const { takenCodes = new Set(), newId: nextId = newId } = options;
  let inviteCode = newInviteCode();
  while (takenCodes.has(inviteCode)) inviteCode = newInviteCode();
  return { ...input, id: nextId(), occasionId, inviteCode, checkInCode: newCheckInCode(), createdAt: now, updatedAt: now };
}

/**
 * Inserts new household rows (call inside the write's transaction). Check-in codes are unique
 * over all occasions, so before each statement the codes some household already holds, or
 * another row of the same write, are drawn again: a bulk of thousands never fails on a rare
 * collision (two writes drawing the same code at the same moment is left to the unique index).
 */
export async function insertHouseholdRows(trx: Kysely<Database>, rows: HouseholdRow[]): Promise<void> {
  const drawn = new Set<string>();
  for (const chunk of chunked(rows, rowsPerStatement(16))) {
    for (;;) {
      const taken = new Set(
        (await trx.selectFrom('household').select('checkInCode').where('checkInCode', 'in', chunk.map((row) => row.checkInCode)).execute()).map((row) => row.checkInCode),
      );
      let redrawn = false;
      for (const row of chunk) {
        if (!taken.has(row.checkInCode) && !drawn.has(row.checkInCode)) {
          drawn.add(row.checkInCode);
          continue;
        }
        row.checkInCode = newCheckInCode();
        redrawn = true;
      }
      if (!redrawn) break;
      for (const row of chunk) drawn.delete(row.checkInCode);
    }
    await trx.insertInto('household').values(chunk).execute();
  }
}

/**
 * Inserts a new household, and its history, in one transaction. Invite codes are unique per
 * occasion; on the rare collision the unique index refuses the row and another code is drawn.
 */
export async function insertHousehold(db: Kysely<Database>, occasionId: string, input: HouseholdCreate, actor: HistoryActor): Promise<HouseholdRow> {
  for (let attempt = 1; ; attempt++) {
    const row = newHouseholdRow(occasionId, input, new Date().toISOString());
    try {
      await db.transaction().execute(async (trx) => {
        await insertHouseholdRows(trx, [row]);
        await recordHistory(trx, occasionId, actor, [householdHistory(undefined, row)]);
      });
      return row;
    } catch (error) {
      if (attempt >= 5 || !(await inviteCodeTaken(db, occasionId, row.inviteCode))) throw error;
    }
  }
}

async function inviteCodeTaken(db: Kysely<Database>, occasionId: string, inviteCode: string): Promise<boolean> {
  const row = await db
    .selectFrom('household')
    .select('id')
    .where('occasionId', '=', occasionId)
    .where('inviteCode', '=', inviteCode)
    .executeTakeFirst();
  return row !== undefined;
}

/** The household of this occasion; 404 for any other id. */
export async function findHousehold(db: Kysely<Database>, occasionId: string, householdId: string): Promise<HouseholdRow> {
  const row = await db
    .selectFrom('household')
    .selectAll()
    .where('id', '=', householdId)
    .where('occasionId', '=', occasionId)
    .executeTakeFirst();
  if (!row) throw notFound('No such household.');
  return row;
}

/**
 * Deletes the household (call inside the write's transaction) and records it in history once.
 * Its guests stay, without a household; its reply and guest sessions go with it.
 */
export async function deleteHousehold(trx: Kysely<Database>, occasionId: string, household: HouseholdRow, actor: HistoryActor): Promise<void> {
  const deleted = await trx.deleteFrom('household').where('id', '=', household.id).where('occasionId', '=', occasionId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) > 0) await recordHistory(trx, occasionId, actor, [householdHistory(household, undefined)]);
}

/** The occasion's households by name, each with its guests' ids. */
export async function listHouseholds(db: Kysely<Database>, occasionId: string): Promise<Household[]> {
  const [rows, members] = await Promise.all([
    db.selectFrom('household').selectAll().where('occasionId', '=', occasionId).orderBy('name').orderBy('id').execute(),
    householdGuestIds(db, occasionId),
  ]);
  return rows.map((row) => toHousehold(row, members.get(row.id) ?? []));
}

/** One household with its guests' ids. */
export async function loadHousehold(db: Kysely<Database>, row: HouseholdRow): Promise<Household> {
  const members = await householdGuestIds(db, row.occasionId, row.id);
  return toHousehold(row, members.get(row.id) ?? []);
}

/** Household id → its guests' ids, ordered by last name, then first name. */
async function householdGuestIds(db: Kysely<Database>, occasionId: string, householdId?: string): Promise<Map<string, string[]>> {
  // One household's guests by its id alone (the caller knows it is this occasion's): with the
  // occasion in the filter too, SQLite would walk the occasion's whole name index instead.
  const query =
    householdId === undefined
      ? db.selectFrom('guest').select(['id', 'householdId']).where('occasionId', '=', occasionId).where('householdId', 'is not', null)
      : db.selectFrom('guest').select(['id', 'householdId']).where('householdId', '=', householdId);
  const guests = await query.orderBy('lastName').orderBy('firstName').orderBy('id').execute();
  const members = new Map<string, string[]>();
  for (const { id, householdId: key } of guests) {
    const ids = members.get(key!);
    if (ids) ids.push(id);
    else members.set(key!, [id]);
  }
  return members;
}
