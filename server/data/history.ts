import { PostgresAdapter, sql, type Kysely, type Selectable } from 'kysely';
import type {
  HistoryAction,
  HistoryActorKind,
  HistoryChanges,
  HistoryEntity,
  HistoryEntry,
  HistoryPage,
  HistoryQuery,
} from '../../core/schemas/history';
import type { HostIdentity } from '../app-env';
import { HISTORY_COLUMNS, queries } from '../db/queries';
import type { Database, HistoryEntryTable } from '../db/schema';
import { IDS_PER_STATEMENT, chunked, idSource, rowsPerStatement } from './batch';
import { readJsonColumn } from './json-column';
import { historyEvents } from '../webhooks/history-events';
import { queueWebhookEvents } from '../webhooks/queue';

/** Who makes a write: the host's account id (also for an import), or the signed-in guest's id. */
export interface HistoryActor {
  kind: HistoryActorKind;
  id: string;
  /** The actor's name when the write has it at hand; else it is looked up. */
  name?: string;
  /** The entries' moment when one write records in several steps (an import): it reads as one. */
  at?: string;
}

/**
 * One change to record. `householdId`, `guestId` and `subjectName` left undefined are looked up
 * from the guest (or household) as it is inside the write's transaction.
 */
export interface HistoryChange {
  entity: HistoryEntity;
  entityId: string;
  action: HistoryAction;
  changes: HistoryChanges;
  householdId?: string | null;
  guestId?: string | null;
  activityId?: string | null;
  subjectName?: string;
}

type HistoryRow = Selectable<HistoryEntryTable>;
type NewHistoryRow = Omit<HistoryRow, 'seq'>;

/** The host as the actor of their own writes. */
export const hostActor = (accountId: string): HistoryActor => ({ kind: 'HOST', id: accountId });

/** The actor of a host request: its account, or an API token under its own name (its creator's account as the id). */
export const actorOf = (host: HostIdentity, kind: HistoryActorKind = 'HOST'): HistoryActor =>
  host.apiToken ? { kind, id: host.accountId, name: `API token: ${host.apiToken.name}` } : { kind, id: host.accountId };

/**
 * Records changes in the write's own transaction, so a write that rolls back leaves no trace,
 * and queues the webhook events they tell (`webhooks/history-events.ts`) in the same one.
 * An `UPDATE` whose `changes` are empty is dropped: nothing changed, nothing to tell.
 */
export async function recordHistory(
  trx: Kysely<Database>,
  occasionId: string,
  actor: HistoryActor,
  changes: readonly (HistoryChange | undefined)[],
): Promise<void> {
  const kept = changes.filter((change): change is HistoryChange => change !== undefined && Object.keys(change.changes).length > 0);
  if (kept.length === 0) return;
  const [actorName, guests, households] = await Promise.all([
    nameOfActor(trx, actor),
    guestsById(trx, kept.flatMap((c) => (c.guestId && (c.subjectName === undefined || c.householdId === undefined) ? [c.guestId] : []))),
    householdNames(trx, kept.flatMap((c) => (!c.guestId && c.householdId && c.subjectName === undefined ? [c.householdId] : []))),
  ]);
  const at = actor.at ?? new Date().toISOString();
  const rows = kept.map((change): NewHistoryRow => {
    const guest = change.guestId ? guests.get(change.guestId) : undefined;
    const householdId = change.householdId !== undefined ? change.householdId : (guest?.householdId ?? null);
    return {
      id: nextHistoryId(),
      occasionId,
      at,
      actorKind: actor.kind,
      actorId: actor.id,
      actorName,
      entity: change.entity,
      entityId: change.entityId,
      action: change.action,
      householdId,
      guestId: change.guestId ?? null,
      activityId: change.activityId ?? null,
      subjectName: change.subjectName ?? guest?.name ?? (householdId ? households.get(householdId) : undefined) ?? '',
      changes: JSON.stringify(change.changes),
    };
  });
  await insertRows(trx, rows);
  await recordGuestHouseholds(trx, occasionId, rows);
  await queueWebhookEvents(trx, occasionId, () => historyEvents(rows));
}

/**
 * Names each household the rows' guests are recorded under, once per guest and household
 * (`historyGuestHousehold`, migration 0009): how a guest's history is found. After a guest's first
 * entry in a household this finds its pair and writes nothing. Sorted, so that PostgreSQL's
 * writers meeting the same pairs wait for each other in one order rather than deadlock.
 */
async function recordGuestHouseholds(trx: Kysely<Database>, occasionId: string, rows: readonly NewHistoryRow[]): Promise<void> {
  const pairs = new Map<string, { occasionId: string; guestId: string; householdId: string }>();
  for (const { guestId, householdId } of rows) {
    if (guestId !== null && householdId !== null) pairs.set(`${guestId} ${householdId}`, { occasionId, guestId, householdId });
  }
  if (pairs.size === 0) return;
  const values = [...pairs.keys()].sort().map((key) => pairs.get(key)!);
  for (const chunk of chunked(values, rowsPerStatement(3))) await queries.insertGuestHouseholds(trx, { pairs: chunk });
}

/**
 * History ids for every write of the process, drawn 1,024 at a time: a random draw per write cost
 * more than the rest of building its rows (ids are random either way; none is secret).
 */
const nextHistoryId = idSource();

const COLUMNS = HISTORY_COLUMNS satisfies ReadonlyArray<keyof NewHistoryRow>;

/**
 * Inserts in batches. PostgreSQL takes each batch as one JSON parameter that it unpacks itself
 * (`json_populate_recordset`): binding 15 parameters a row cost more than the bulk's own writes.
 */
async function insertRows(trx: Kysely<Database>, rows: NewHistoryRow[]): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) {
    for (const chunk of chunked(rows, rowsPerStatement(COLUMNS.length))) await queries.insertHistoryRows(trx, { rows: chunk });
    return;
  }
  const columns = sql.join(COLUMNS.map((column) => sql.ref(column)));
  for (const chunk of chunked(rows, 5000)) {
    await sql`insert into "historyEntry" (${columns}) select ${columns} from json_populate_recordset(null::"historyEntry", ${JSON.stringify(chunk)}::json)`.execute(trx);
  }
}

async function nameOfActor(db: Kysely<Database>, actor: HistoryActor): Promise<string> {
  if (actor.name !== undefined) return actor.name;
  const [row] = await (actor.kind === 'GUEST' ? queries.guestName(db, { guestId: actor.id }) : queries.accountName(db, { accountId: actor.id }));
  return row ? fullName(row) : '';
}


/** "First Last", or one of them when the other is empty. */
export const fullName = (row: { firstName: string; lastName: string }): string => `${row.firstName} ${row.lastName}`.trim();

async function guestsById(db: Kysely<Database>, ids: string[]): Promise<Map<string, { name: string; householdId: string | null }>> {
  const found = new Map<string, { name: string; householdId: string | null }>();
  for (const chunk of chunked([...new Set(ids)], IDS_PER_STATEMENT)) {
    const rows = await db.selectFrom('guest').select(['id', 'firstName', 'lastName', 'householdId']).where('id', 'in', chunk).execute();
    for (const row of rows) found.set(row.id, { name: fullName(row), householdId: row.householdId });
  }
  return found;
}

async function householdNames(db: Kysely<Database>, ids: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const chunk of chunked([...new Set(ids)], IDS_PER_STATEMENT)) {
    const rows = await db.selectFrom('household').select(['id', 'name']).where('id', 'in', chunk).execute();
    for (const row of rows) found.set(row.id, row.name);
  }
  return found;
}

/**
 * `{ field: [before, after] }` for the fields whose values differ (compared as JSON, so lists
 * and maps compare by content). A missing side (create, delete) reads as null; on a create or
 * delete, fields that are empty on the side that exists are left out.
 */
export function fieldChanges<T extends object>(before: T | undefined, after: T | undefined, fields: readonly (keyof T)[]): HistoryChanges {
  const changes: HistoryChanges = {};
  for (const field of fields) {
    const old = before ? (before[field] as unknown) : null;
    const now = after ? (after[field] as unknown) : null;
    if (JSON.stringify(old) === JSON.stringify(now)) continue;
    if ((!before || !after) && isEmpty(before ? old : now)) continue;
    changes[field as string] = [old, now];
  }
  return changes;
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === '' || value === false) return true;
  return typeof value === 'object' && Object.keys(value as object).length === 0;
}

/** Create, delete or update, from which sides exist. */
export const actionOf = (before: unknown, after: unknown): HistoryAction => (!before ? 'CREATE' : !after ? 'DELETE' : 'UPDATE');

/** Renders a stored row as the wire entry. */
export function toHistoryEntry(row: HistoryRow): HistoryEntry {
  return {
    id: row.id,
    occasionId: row.occasionId,
    at: row.at,
    actorKind: row.actorKind as HistoryActorKind,
    actorId: row.actorId,
    actorName: row.actorName,
    entity: row.entity as HistoryEntity,
    entityId: row.entityId,
    action: row.action as HistoryAction,
    householdId: row.householdId,
    guestId: row.guestId,
    activityId: row.activityId,
    subjectName: row.subjectName,
    changes: readJsonColumn<HistoryChanges>(row.changes, {}),
  };
}

/**
 * A page of the occasion's history, newest first. The cursor is the `seq` of the page's oldest
 * entry and the next page takes entries below it: no entry comes twice, and an entry written
 * while paging either shows on a later page (a lower `seq` committed late) or not at all.
 */
export async function listHistory(db: Kysely<Database>, occasionId: string, query: HistoryQuery): Promise<HistoryPage> {
  const rows =
    query.guestId !== undefined && query.householdId === undefined
      ? await guestHistoryRows(db, occasionId, query.guestId, query)
      : await historyPage(db, occasionId, query).execute();
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map(toHistoryEntry),
    nextCursor: rows.length > query.limit ? String(page[page.length - 1]!.seq) : null,
  };
}

/** The query's entries, newest first, one more than the page holds (to tell whether another follows). */
function historyPage(db: Kysely<Database>, occasionId: string, query: HistoryQuery) {
  let select = db.selectFrom('historyEntry').selectAll().where('occasionId', '=', occasionId);
  if (query.householdId !== undefined) select = select.where('householdId', '=', query.householdId);
  if (query.guestId !== undefined) select = select.where('guestId', '=', query.guestId);
  if (query.cursor !== undefined) select = select.where('seq', '<', Number(query.cursor));
  return select.orderBy('seq', 'desc').limit(query.limit + 1);
}

/**
 * A guest's page (no index holds all of a guest's entries, migration 0009): the entries recorded
 * under each household the guest's entries name (`historyGuestHousehold`), through the
 * households' index, and those recorded under none, through the guest's partial index; each
 * part newest first, merged.
 */
async function guestHistoryRows(db: Kysely<Database>, occasionId: string, guestId: string, query: HistoryQuery): Promise<HistoryRow[]> {
  const households = await db
    .selectFrom('historyGuestHousehold')
    .select('householdId')
    .where('occasionId', '=', occasionId)
    .where('guestId', '=', guestId)
    .execute();
  const parts = await Promise.all([
    historyPage(db, occasionId, query).where('householdId', 'is', null).execute(),
    ...households.map(({ householdId }) => historyPage(db, occasionId, { ...query, householdId }).execute()),
  ]);
  return parts
    .flat()
    .sort((a, b) => Number(b.seq) - Number(a.seq))
    .slice(0, query.limit + 1);
}
