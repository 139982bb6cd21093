import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import type { ApiIssue } from '../../../core/schemas/error';
import { GuestBulkQuerySchema } from '../../../core/schemas/history';
import { GuestBulkSchema, GuestCreateSchema, type GuestBulkResult, type GuestCreate, type GuestUpsert } from '../../../core/schemas/guest';
import { HouseholdCreateSchema } from '../../../core/schemas/household';
import type { AppEnv } from '../../app-env';
import { chunked, idSource, rowsPerStatement } from '../../data/batch';
import { lockOccasionForBulk } from '../../data/bulk-lock';
import { lockRows } from '../../data/row-lock';
import {
  guestReferenceIssues,
  guestWritable,
  loadGuestReferences,
  loadInvitations,
  toGuest,
  guestRowsById,
  toGuestRow,
  type GuestReferences,
  type GuestRow,
} from '../../data/guests';
import { insertHouseholdRows, newHouseholdRow, type HouseholdRow } from '../../data/households';
import { actorOf, recordHistory, type HistoryActor } from '../../data/history';
import { guestHistory, householdHistory } from '../../data/history-changes';
import { validate } from '../../data/validate';
import { assertOwnedOccasion } from '../../data/occasions';
import type { DatabaseKind } from '../../db/create-database';
import type { Database } from '../../db/schema';
import { BULK_BODY_LIMIT, readBody } from '../../http/read-body';
import { failOnIssues } from './validation-failed';

/**
 * `POST /occasions/{occasionId}/guests`: creates and updates up to 10,000 guests, all or nothing.
 * Every row is checked before anything is written, and everything happens in one transaction.
 */
export function guestBulkRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/occasions/:occasionId/guests', async (c) => {
    const { db, dbKind } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    // The dashboard's CSV importer sends `?source=import`: its writes are the import's in history.
    const { source } = validate(GuestBulkQuerySchema, c.req.query());
    const actor: HistoryActor = actorOf(c.get('host'), source === 'import' ? 'IMPORT' : 'HOST');
    const { guests } = await readBody(c, GuestBulkSchema, BULK_BODY_LIMIT);
    const result = await db.transaction().execute(async (trx) => {
      await lockOccasionForBulk(trx, dbKind, occasionId);
      return upsertGuests(trx, dbKind, occasionId, guests, actor);
    });
    return c.json(result);
  });

  return routes;
}

/** What the rows are checked against, read once for the whole request. */
interface BulkContext {
  occasionId: string;
  now: string;
  references: GuestReferences;
  /** The guests that rows with `id` update, by id. */
  existing: Map<string, GuestRow>;
  /** Household name → id, including those this request creates. */
  householdIds: Map<string, string>;
  inviteCodes: Set<string>;
  newHouseholds: HouseholdRow[];
  newId: () => string;
  /** The fields of a new guest that its row leaves out. */
  guestDefaults: Omit<GuestCreate, 'firstName'>;
}

/** A household created by name has nothing else; its other fields take their defaults. */
const householdDefaults = /* @__PURE__ */ v.parse(HouseholdCreateSchema, { name: 'Household' });

/** The guest bulk's writes in the caller's transaction (which holds the occasion's bulk lock). */
export async function upsertGuests(
  trx: Kysely<Database>,
  kind: DatabaseKind,
  occasionId: string,
  rows: GuestUpsert[],
  actor: HistoryActor,
): Promise<GuestBulkResult> {
  // The guests it updates are read, merged and written whole: a single guest's PUT must wait.
  await lockRows(trx, kind, 'guest', rows.flatMap((row) => (row.id === undefined ? [] : [row.id])));
  const context = await loadContext(trx, occasionId, rows);
  const issues: ApiIssue[] = [];
  const guestRows: GuestRow[] = [];
  rows.forEach((row, index) => {
    const planned = planRow(context, row, `guests.${index}.`);
    if (Array.isArray(planned)) issues.push(...planned);
    else guestRows.push(planned);
  });
  failOnIssues(issues);
  failOnIssues(linkPlusOnes(rows, guestRows));
  const created = guestRows.filter((row) => !context.existing.has(row.id));
  const updated = guestRows.filter((row) => context.existing.has(row.id));
  await insertHouseholdRows(trx, context.newHouseholds);
  // A new plus-one may point at a guest inserted by a later statement: link after inserting.
  const linked = created.filter((row) => row.plusOneOf !== null);
  await insertGuests(trx, created.map((row) => (row.plusOneOf === null ? row : { ...row, plusOneOf: null })));
  await updateGuests(trx, [
    ...updated.map((row) => ({ row, before: context.existing.get(row.id)! })),
    ...linked.map((row) => ({ row, before: { ...row, plusOneOf: null } })),
  ]);
  await recordHistory(trx, occasionId, actor, [
    ...context.newHouseholds.map((row) => householdHistory(undefined, row)),
    ...created.map((row) => guestHistory(undefined, row)),
    ...updated.map((row) => guestHistory(context.existing.get(row.id), row)),
  ]);
  const invitations = await loadInvitations(trx, occasionId, updated.map((row) => row.id));
  return {
    created: created.length,
    updated: updated.length,
    guests: guestRows.map((row) => toGuest(row, invitations.get(row.id) ?? [])),
  };
}

async function loadContext(trx: Kysely<Database>, occasionId: string, rows: GuestUpsert[]): Promise<BulkContext> {
  const [references, existing, households] = await Promise.all([
    loadGuestReferences(trx, occasionId),
    guestRowsById(trx, occasionId, rows.flatMap((row) => (row.id === undefined ? [] : [row.id]))),
    // Households by name (and the codes taken) only when a row names one: not for plain updates.
    rows.some((row) => row.householdName !== undefined)
      ? trx.selectFrom('household').select(['id', 'name', 'inviteCode']).where('occasionId', '=', occasionId).orderBy('createdAt').orderBy('id').execute()
      : [],
  ]);
  return {
    occasionId,
    now: new Date().toISOString(),
    references,
    existing,
    householdIds: oldestByName(households),
    inviteCodes: new Set(households.map((household) => household.inviteCode)),
    newHouseholds: [],
    guestDefaults: v.getDefaults(GuestCreateSchema) as Omit<GuestCreate, 'firstName'>,
    newId: idSource(),
  };
}

/** Name → id of the first household (oldest first) with that name. */
function oldestByName(households: Array<{ id: string; name: string }>): Map<string, string> {
  const ids = new Map<string, string>();
  for (const { id, name } of households) if (!ids.has(name)) ids.set(name, id);
  return ids;
}


/** The guest row a bulk row writes, or the issues that stop it; `prefix` is `guests.<index>.`. */
/**
 * Sets `plusOneOf` of the rows that give `plusOneOfRow` to the guest of that row (every row was
 * planned, so row and guest indexes match); issues for a row that names itself or no row.
 */
function linkPlusOnes(rows: GuestUpsert[], guestRows: GuestRow[]): ApiIssue[] {
  const issues: ApiIssue[] = [];
  rows.forEach((row, index) => {
    const at = row.plusOneOfRow;
    if (at === undefined) return;
    if (at !== null && (at >= rows.length || at === index)) {
      issues.push({ path: `guests.${index}.plusOneOfRow`, message: at === index ? 'A guest cannot be their own plus-one.' : 'There is no row with this index.' });
      return;
    }
    guestRows[index]!.plusOneOf = at === null ? null : guestRows[at]!.id;
  });
  return issues;
}

function planRow(context: BulkContext, row: GuestUpsert, prefix: string): GuestRow | ApiIssue[] {
  const { id, householdName, plusOneOfRow: _link, ...fields } = row;
  const existing = id === undefined ? undefined : context.existing.get(id);
  if (id !== undefined && !existing) return [{ path: `${prefix}id`, message: 'No guest with this id in the occasion.' }];
  const base = existing ? guestWritable(existing) : context.guestDefaults;
  const input = { ...base, ...fields } as GuestCreate;
  const issues = guestReferenceIssues(context.references, input, prefix);
  if (issues.length > 0) return issues;
  if (householdName !== undefined) input.householdId = householdNamed(context, householdName);
  return toGuestRow(existing ?? { id: context.newId(), occasionId: context.occasionId, plusOneOf: null, createdAt: context.now }, input, context.now);
}

/** The occasion's household of that name, or a new one: once per name within the request. */
function householdNamed(context: BulkContext, name: string): string {
  const known = context.householdIds.get(name);
  if (known !== undefined) return known;
  const household = newHouseholdRow(context.occasionId, { ...householdDefaults, name }, context.now, {
    takenCodes: context.inviteCodes,
    newId: context.newId,
  });
  context.inviteCodes.add(household.inviteCode);
  context.householdIds.set(name, household.id);
  context.newHouseholds.push(household);
  return household.id;
}

async function insertGuests(trx: Kysely<Database>, rows: GuestRow[]): Promise<void> {
  for (const chunk of chunked(rows, rowsPerStatement(17))) await trx.insertInto('guest').values(chunk).execute();
}

/** The columns an update of a guest may change (`updatedAt` always does). */
const UPDATABLE_COLUMNS = [
  'householdId',
  'firstName',
  'lastName',
  'nameKey',
  'email',
  'phone',
  'ageGroup',
  'plusOneAllowed',
  'dietaryNotes',
  'attributes',
  'notes',
  'plusOneOf',
] as const satisfies ReadonlyArray<keyof GuestRow>;
type UpdatableColumn = (typeof UPDATABLE_COLUMNS)[number] | 'updatedAt';

/** Past this many distinct sets of changed columns, every row writes every column (one shape). */
const MAX_COLUMN_SETS = 8;

/** A guest's row after the write, and before it. */
export interface GuestUpdate {
  row: GuestRow;
  before: GuestRow;
}

/**
 * Rows known to be this occasion's guests: one multi-row upsert per chunk instead of one UPDATE
 * per guest, setting only the columns that change (grouped by which), so an index whose columns
 * a bulk edit leaves alone is not rewritten (SQLite) and PostgreSQL can update in place. A value
 * is "unchanged" only when strictly equal to the stored one, so a doubt writes the column.
 */
async function updateGuests(trx: Kysely<Database>, updates: readonly GuestUpdate[]): Promise<void> {
  for (const [columns, rows] of byChangedColumns(updates)) {
    for (const chunk of chunked(rows, rowsPerStatement(17))) {
      await trx
        .insertInto('guest')
        .values(chunk)
        .onConflict((conflict) => conflict.column('id').doUpdateSet((eb) => Object.fromEntries(columns.map((column) => [column, eb.ref(`excluded.${column}`)]))))
        .execute();
    }
  }
}

/** The updates grouped by the columns they change; one group of every column past {@link MAX_COLUMN_SETS}. */
export function byChangedColumns(updates: readonly GuestUpdate[]): Array<[UpdatableColumn[], GuestRow[]]> {
  const groups = new Map<string, [UpdatableColumn[], GuestRow[]]>();
  for (const { row, before } of updates) {
    const columns: UpdatableColumn[] = [...UPDATABLE_COLUMNS.filter((column) => row[column] !== before[column]), 'updatedAt'];
    const key = columns.join(' ');
    const group = groups.get(key);
    if (group) group[1].push(row);
    else groups.set(key, [columns, [row]]);
  }
  if (groups.size <= MAX_COLUMN_SETS) return [...groups.values()];
  return [[[...UPDATABLE_COLUMNS, 'updatedAt'], updates.map((update) => update.row)]];
}
