import type { Kysely } from 'kysely';
import * as v from 'valibot';
import type { AnswerBulkRow } from '../../../core/schemas/answer';
import type { ApiIssue } from '../../../core/schemas/error';
import type { Guest } from '../../../core/schemas/guest';
import type { GuestImport, GuestImportResult, ImportCounts } from '../../../core/schemas/guest-import';
import { HouseholdCreateSchema } from '../../../core/schemas/household';
import { toApiIssues } from '../../../core/schemas/error';
import type { InviteLinesBulkRow } from '../../../core/schemas/invite-line';
import { answerId, writeQuestionAnswers } from '../../data/answers';
import { ApiError } from '../../data/api-error';
import { recordHistory, type HistoryActor } from '../../data/history';
import { householdHistory } from '../../data/history-changes';
import { householdWritable, type HouseholdRow } from '../../data/households';
import { watchRows, type ImportWritten, type TouchedRow } from '../../data/import-written';
import type { DatabaseKind } from '../../db/create-database';
import { inviteLineId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { checkBulk } from './answers';
import { upsertGuests } from './guests-bulk';
import { applyLines } from './invite-lines-bulk';
import { failOnIssues } from './validation-failed';

/** What an import wrote: the answer it gives, and the rows its undo puts back. */
export interface ImportOutcome {
  result: Omit<GuestImportResult, 'importId' | 'createdAt'>;
  written: ImportWritten;
}

/**
 * Writes a whole import in the caller's transaction, which holds the occasion's bulk lock:
 * guests (and households by name), the households' fields, invitations, answers. Any issue
 * throws, so the transaction rolls back and nothing of it stays.
 */
export async function writeImport(trx: Kysely<Database>, kind: DatabaseKind, occasionId: string, body: GuestImport, actor: HistoryActor): Promise<ImportOutcome> {
  failOnIssues(rowReferenceIssues(body));
  const guestsWatch = await watchRows(trx, 'guest', body.guests.flatMap((row) => (row.id === undefined ? [] : [row.id])));
  // Every household of the occasion: a row's guest may be in any of them.
  const householdIds = await trx.selectFrom('household').select('id').where('occasionId', '=', occasionId).execute();
  const householdsWatch = await watchRows(trx, 'household', householdIds.map((row) => row.id));
  const { guests } = await upsertGuests(trx, kind, occasionId, body.guests, actor);
  await saveHouseholdFields(trx, occasionId, body, guests, actor);
  const lines = invitationLines(body, guests);
  const linesWatch = await watchRows(trx, 'inviteLine', lines.map((line) => inviteLineId(line.guestId, line.activityId)));
  await applyLines(trx, occasionId, lines, actor, 'invitations');
  const kept = await checkedAnswers(trx, occasionId, await answerRows(trx, occasionId, body, guests));
  const answersWatch = await watchRows(trx, 'answer', kept.map((row) => answerId(row.questionId, row.householdId, row.guestId)));
  await writeQuestionAnswers(trx, occasionId, kept, actor, new Date());
  const written: ImportWritten = {
    guest: await guestsWatch.touched(guests.map((guest) => guest.id)),
    household: await householdsWatch.touched(guests.flatMap((guest) => (guest.householdId ? [guest.householdId] : []))),
    inviteLine: await linesWatch.touched(),
    answer: await answersWatch.touched(),
  };
  return {
    written,
    result: {
      guestIds: guests.map((guest) => guest.id),
      householdIds: written.household.map((row) => row.id),
      guests: counts(written.guest),
      households: counts(written.household),
      invitations: counts(written.inviteLine),
      answers: counts(written.answer),
    },
  };
}

function counts(rows: readonly TouchedRow[]): ImportCounts {
  return {
    created: rows.filter((row) => row.before === null).length,
    updated: rows.filter((row) => row.before !== null && row.after !== null).length,
    removed: rows.filter((row) => row.after === null).length,
  };
}

/** Issues for invitations and answers naming a row the body has not, and households no row names. */
function rowReferenceIssues(body: GuestImport): ApiIssue[] {
  const issues: ApiIssue[] = [];
  const noRow = (path: string) => issues.push({ path, message: 'There is no guest row with this index.' });
  body.invitations.forEach((row, index) => row.guestRow >= body.guests.length && noRow(`invitations.${index}.guestRow`));
  body.answers.forEach((row, index) => row.guestRow >= body.guests.length && noRow(`answers.${index}.guestRow`));
  const names = new Set(body.guests.flatMap((row) => (row.householdName === undefined ? [] : [row.householdName])));
  body.households.forEach((row, index) => {
    if (!names.has(row.name!)) issues.push({ path: `households.${index}.name`, message: 'No guest row names this household.' });
  });
  return issues;
}

/**
 * The households' fields, each merged into the household its rows were put in and checked as
 * a `PUT` checks it; only fields that differ are written. Issues name `households.<index>`.
 */
async function saveHouseholdFields(trx: Kysely<Database>, occasionId: string, body: GuestImport, guests: readonly Guest[], actor: HistoryActor): Promise<void> {
  if (body.households.length === 0) return;
  const idByName = new Map<string, string>();
  body.guests.forEach((row, index) => {
    const householdId = guests[index]?.householdId;
    if (row.householdName !== undefined && householdId) idByName.set(row.householdName, householdId);
  });
  const current = new Map(
    (await trx.selectFrom('household').selectAll().where('occasionId', '=', occasionId).execute()).map((row) => [row.id, row]),
  );
  const now = new Date().toISOString();
  const issues: ApiIssue[] = [];
  const updates: Array<{ before: HouseholdRow; after: HouseholdRow }> = [];
  body.households.forEach(({ name: _name, ...fields }, index) => {
    const before = current.get(idByName.get(_name!)!)!;
    const merged = v.safeParse(HouseholdCreateSchema, { ...householdWritable(before), ...fields });
    if (!merged.success) {
      issues.push(...toApiIssues(merged.issues).map((issue) => ({ ...issue, path: `households.${index}.${issue.path}` })));
      return;
    }
    const after = { ...before, ...merged.output, updatedAt: now };
    if (Object.keys(merged.output).some((key) => merged.output[key as keyof typeof merged.output] !== before[key as keyof HouseholdRow])) {
      updates.push({ before, after });
    }
  });
  failOnIssues(issues);
  for (const { after } of updates) {
    const { id, occasionId: _o, inviteCode: _c, createdAt: _at, ...changes } = after;
    await trx.updateTable('household').set(changes).where('id', '=', id).execute();
  }
  await recordHistory(trx, occasionId, actor, updates.map(({ before, after }) => householdHistory(before, after)));
}

/** The invitations with their rows' guests. */
function invitationLines(body: GuestImport, guests: readonly Guest[]): InviteLinesBulkRow[] {
  return body.invitations.map(({ guestRow, ...line }) => ({ ...line, guestId: guests[guestRow]!.id }));
}

/**
 * The answers with their rows' guests: a guest question's answer is the guest's, a household
 * question's the guest's household's. An unknown question is left for the answer check to name.
 */
async function answerRows(trx: Kysely<Database>, occasionId: string, body: GuestImport, guests: readonly Guest[]): Promise<AnswerBulkRow[]> {
  if (body.answers.length === 0) return [];
  const questions = await trx.selectFrom('question').select(['id', 'scope']).where('occasionId', '=', occasionId).execute();
  const scopes = new Map(questions.map((question) => [question.id, question.scope]));
  const issues: ApiIssue[] = [];
  const rows = body.answers.map(({ questionId, guestRow, value }, index): AnswerBulkRow => {
    const guest = guests[guestRow]!;
    if (scopes.get(questionId) !== 'HOUSEHOLD') return { questionId, householdId: null, guestId: guest.id, value };
    if (guest.householdId === null) issues.push({ path: `answers.${index}.guestRow`, message: 'This guest has no household to answer for.' });
    return { questionId, householdId: guest.householdId, guestId: null, value };
  });
  failOnIssues(issues);
  return rows;
}

/**
 * The first answer to each question of each guest or household (later rows of a household
 * repeat it), checked as the answer bulk checks them; issues name the body's own indexes.
 */
async function checkedAnswers(trx: Kysely<Database>, occasionId: string, rows: readonly AnswerBulkRow[]): Promise<AnswerBulkRow[]> {
  const seen = new Set<string>();
  const indexes: number[] = [];
  const kept = rows.filter((row, index) => {
    const id = answerId(row.questionId, row.householdId, row.guestId);
    if (seen.has(id)) return false;
    seen.add(id);
    indexes.push(index);
    return true;
  });
  try {
    return await checkBulk(trx, occasionId, kept);
  } catch (error) {
    if (!(error instanceof ApiError) || !error.issues) throw error;
    const issues = error.issues.map((issue) => ({ ...issue, path: issue.path.replace(/^answers\.(\d+)/, (_, at: string) => `answers.${indexes[Number(at)]}`) }));
    throw new ApiError(error.status, error.code, error.message, issues);
  }
}
