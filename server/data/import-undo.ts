import type { Kysely, Selectable } from 'kysely';
import type { DatabaseKind } from '../db/create-database';
import type { AnswerTable, Database, GuestTable, HouseholdTable } from '../db/schema';
import { ApiError } from './api-error';
import { answerHistory } from './answers';
import { IDS_PER_STATEMENT, chunked } from './batch';
import { fullName, recordHistory, type HistoryActor } from './history';
import { guestHistory, householdHistory, inviteLineHistory } from './history-changes';
import { rowsById, sameRow, type ImportTable, type ImportWritten, type ImportedRow, type TouchedRow } from './import-written';
import { readJsonColumn } from './json-column';
import { lockRows } from './row-lock';
import { releaseSeats } from './seat-releases';

type Current = { [T in ImportTable]: Map<string, Selectable<Database[T]>> };

/**
 * Puts back every row an import wrote, in the caller's transaction (which holds the occasion's
 * bulk lock). Refuses with 409 `IMPORT_CHANGED`, writing nothing, when any of those rows changed
 * since, or when rows the import created have gained guests, invitations or answers of another
 * write: putting them back would lose that change.
 */
export async function undoWrites(trx: Kysely<Database>, kind: DatabaseKind, occasionId: string, written: ImportWritten, actor: HistoryActor): Promise<void> {
  for (const table of ['guest', 'household', 'inviteLine', 'answer'] as const) await lockRows(trx, kind, table, written[table].map((row) => row.id));
  const current: Current = {
    guest: await rowsById(trx, 'guest', written.guest.map((row) => row.id)),
    household: await rowsById(trx, 'household', written.household.map((row) => row.id)),
    inviteLine: await rowsById(trx, 'inviteLine', written.inviteLine.map((row) => row.id)),
    answer: await rowsById(trx, 'answer', written.answer.map((row) => row.id)),
  };
  const changed = [...changedRows(written, current), ...(await additionsToCreated(trx, written))];
  if (changed.length > 0) throw importChanged(changed);
  // Recorded first, while the guests it names still exist to be named.
  await recordHistory(trx, occasionId, actor, [
    ...(await answerHistory(trx, written.answer.map(answerWriteBack), new Map([...current.answer].map(([id, row]) => [id, row.value])))),
    ...written.inviteLine.map((row) => inviteLineHistory(row.after ?? undefined, row.before ?? undefined)),
    ...written.guest.map((row) => guestHistory(row.after ?? undefined, row.before ?? undefined)),
    ...written.household.map((row) => householdHistory(row.after ?? undefined, row.before ?? undefined)),
  ]);
  // Invitations it created go, those it changed go back: where that ends attending, the seat is freed.
  const now = new Date().toISOString();
  const leaving = written.inviteLine.filter((row) => row.before === null || row.before.response !== 'ATTENDING').map((row) => (row.after ?? row.before)!);
  await releaseSeats(trx, occasionId, { lines: leaving }, 'removing', now);
  await releaseSeats(trx, occasionId, { guestIds: written.guest.filter((row) => row.before === null).map((row) => row.id) }, 'removing', now);
  await putBack(trx, 'answer', written.answer);
  await putBack(trx, 'inviteLine', written.inviteLine);
  await putBackGuests(trx, written.guest);
  await putBack(trx, 'household', written.household);
}

/** What a changed row is called in the refusal: "guest Ada Smith". */
function describe(table: ImportTable, row: TouchedRow): string {
  const shown = (row.after ?? row.before) as Record<string, unknown>;
  if (table === 'guest') return `guest ${fullName(shown as { firstName: string; lastName: string })}`;
  if (table === 'household') return `household ${String(shown.name)}`;
  return table === 'inviteLine' ? 'an invitation' : 'an answer';
}

function changedRows(written: ImportWritten, current: Current): string[] {
  const changed: string[] = [];
  for (const table of ['guest', 'household', 'inviteLine', 'answer'] as const) {
    for (const row of written[table] as TouchedRow[]) {
      if (!sameRow(row.after, (current[table] as Map<string, ImportedRow>).get(row.id) ?? null)) changed.push(describe(table, row));
    }
  }
  return changed;
}

/** Guests, invitations and answers that other writes added to guests and households the import created. */
async function additionsToCreated(trx: Kysely<Database>, written: ImportWritten): Promise<string[]> {
  const createdGuests = written.guest.filter((row) => row.before === null).map((row) => row.id);
  const createdHouseholds = written.household.filter((row) => row.before === null).map((row) => row.id);
  const known = {
    guest: new Set(written.guest.map((row) => row.id)),
    inviteLine: new Set(written.inviteLine.map((row) => row.id)),
    answer: new Set(written.answer.map((row) => row.id)),
  };
  const added: string[] = [];
  for (const ids of chunked(createdHouseholds, IDS_PER_STATEMENT)) {
    const guests = await trx.selectFrom('guest').select(['id', 'firstName', 'lastName']).where('householdId', 'in', ids).execute();
    for (const guest of guests) if (!known.guest.has(guest.id)) added.push(`guest ${fullName(guest)} (added to an imported household)`);
  }
  for (const ids of chunked(createdGuests, IDS_PER_STATEMENT)) {
    const lines = await trx.selectFrom('inviteLine').select('id').where('guestId', 'in', ids).execute();
    const answers = await trx.selectFrom('answer').select('id').where('guestId', 'in', ids).execute();
    if (lines.some((line) => !known.inviteLine.has(line.id))) added.push('an invitation of an imported guest');
    if (answers.some((answer) => !known.answer.has(answer.id))) added.push('an answer of an imported guest');
  }
  for (const ids of chunked(createdHouseholds, IDS_PER_STATEMENT)) {
    const answers = await trx.selectFrom('answer').select('id').where('householdId', 'in', ids).execute();
    if (answers.some((answer) => !known.answer.has(answer.id))) added.push('an answer of an imported household');
  }
  return added;
}

function importChanged(changed: readonly string[]): ApiError {
  const named = [...new Set(changed)];
  const list = named.length > 3 ? `${named.slice(0, 3).join(', ')} and ${named.length - 3} more` : named.join(', ');
  return new ApiError(409, 'IMPORT_CHANGED', `This import cannot be undone: ${list} changed since it was imported. Nothing was undone.`);
}

/** Rows back to `before`: removed where the import created them, written back whole otherwise. */
async function putBack<T extends 'answer' | 'inviteLine' | 'household'>(trx: Kysely<Database>, table: T, rows: readonly TouchedRow<Selectable<Database[T]>>[]): Promise<void> {
  const created = rows.filter((row) => row.before === null).map((row) => row.id);
  for (const ids of chunked(created, IDS_PER_STATEMENT)) await trx.deleteFrom(table as 'household').where('id', 'in', ids).execute();
  for (const row of rows) {
    if (row.before === null) continue;
    if (row.after === null) await trx.insertInto(table as 'household').values(row.before as Selectable<HouseholdTable>).execute();
    else await trx.updateTable(table as 'household').set(row.before as Selectable<HouseholdTable>).where('id', '=', row.id).execute();
  }
}

/**
 * Guests back: those it changed are written back whole (their plus-one links too), then those it
 * created are removed (their invite lines and answers with them).
 */
async function putBackGuests(trx: Kysely<Database>, rows: readonly TouchedRow<Selectable<GuestTable>>[]): Promise<void> {
  const created = rows.filter((row) => row.before === null).map((row) => row.id);
  for (const row of rows) if (row.before !== null) await trx.updateTable('guest').set(row.before).where('id', '=', row.id).execute();
  for (const ids of chunked(created, IDS_PER_STATEMENT)) {
    await trx.updateTable('guest').set({ plusOneOf: null }).where('plusOneOf', 'in', ids).execute();
    await trx.deleteFrom('inviteLine').where('guestId', 'in', ids).execute();
    await trx.deleteFrom('answer').where('guestId', 'in', ids).execute();
    await trx.deleteFrom('guest').where('id', 'in', ids).execute();
  }
}

/** The answer write that puts an answer back (null: remove it), for its history entry. */
function answerWriteBack(row: TouchedRow<Selectable<AnswerTable>>) {
  const shown = (row.before ?? row.after)!;
  return { questionId: shown.questionId, householdId: shown.householdId, guestId: shown.guestId, value: row.before ? readJsonColumn(row.before.value, null) : null };
}
