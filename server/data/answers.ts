import type { Kysely, Selectable } from 'kysely';
import { isBlankAnswer, type Answer, type AnswerValue } from '../../core/schemas/answer';
import type { AnswerTable, Database } from '../db/schema';
import { IDS_PER_STATEMENT, chunked, rowsPerStatement } from './batch';
import { recordHistory, type HistoryActor, type HistoryChange } from './history';
import { readJsonColumn, writeJsonColumn } from './json-column';

export type AnswerRow = Selectable<AnswerTable>;

/** One answer to write: a blank or null value removes it. */
export interface AnswerWrite {
  questionId: string;
  /** Set for a household question. */
  householdId: string | null;
  /** Set for a guest question. */
  guestId: string | null;
  value: AnswerValue | null;
}

/**
 * An answer's id: its question's id followed by its guest's or household's id. The pair names
 * the answer, so the primary key keeps it to one per question and guest (or household).
 */
export function answerId(questionId: string, householdId: string | null, guestId: string | null): string {
  return `${questionId}${guestId ?? householdId ?? ''}`;
}

/** The value stored in a row. */
export function answerValue(row: Pick<AnswerRow, 'value'>): AnswerValue {
  return readJsonColumn<AnswerValue>(row.value, '');
}

/**
 * Every write of answers goes through here, in the caller's transaction: blank values delete,
 * others are upserted; a value equal to the stored one is not rewritten (it keeps `updatedAt`).
 * Each answer created, changed or removed is recorded in the history, keyed by the question's
 * prompt, as the guest (RSVP), the host or the host's import wrote it.
 */
export async function writeQuestionAnswers(
  trx: Kysely<Database>,
  occasionId: string,
  writes: readonly AnswerWrite[],
  actor: HistoryActor,
  now: Date,
  known?: KnownAnswers,
): Promise<void> {
  if (writes.length === 0) return;
  const stored = known?.stored ?? (await storedValues(trx, writes.map((write) => answerId(write.questionId, write.householdId, write.guestId))));
  const deletes: string[] = [];
  const upserts: AnswerRow[] = [];
  const changed: AnswerWrite[] = [];
  for (const write of writes) {
    const id = answerId(write.questionId, write.householdId, write.guestId);
    if (isBlankAnswer(write.value)) {
      if (stored.has(id)) deletes.push(id), changed.push(write);
      continue;
    }
    const value = writeJsonColumn(write.value);
    if (stored.get(id) === value) continue;
    upserts.push({ id, occasionId, questionId: write.questionId, householdId: write.householdId, guestId: write.guestId, value, updatedAt: now.toISOString() });
    changed.push(write);
  }
  await recordHistory(trx, occasionId, actor, await answerHistory(trx, changed, stored, known?.prompts));
  for (const ids of chunked(deletes, IDS_PER_STATEMENT)) await trx.deleteFrom('answer').where('id', 'in', ids).execute();
  for (const rows of chunked(upserts, rowsPerStatement(7))) {
    await trx
      .insertInto('answer')
      .values(rows)
      .onConflict((conflict) => conflict.column('id').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updatedAt: eb.ref('excluded.updatedAt') })))
      .execute();
  }
}

/**
 * What a caller of {@link writeQuestionAnswers} has read already in its transaction, so that it is
 * not read again: every stored value the writes could replace, by answer id (an id absent has
 * none), and the prompts of the questions written.
 */
export interface KnownAnswers {
  stored: ReadonlyMap<string, string>;
  prompts: ReadonlyMap<string, string>;
}

/** One history change per answer written: `{ [prompt]: [before, after] }`, null where there was or is none. */
export async function answerHistory(
  trx: Kysely<Database>,
  writes: readonly AnswerWrite[],
  stored: ReadonlyMap<string, string>,
  knownPrompts: ReadonlyMap<string, string> = new Map(),
): Promise<HistoryChange[]> {
  if (writes.length === 0) return [];
  const prompts = new Map(knownPrompts);
  const unknown = [...new Set(writes.map((write) => write.questionId))].filter((id) => !prompts.has(id));
  for (const chunk of chunked(unknown, IDS_PER_STATEMENT)) {
    const rows = await trx.selectFrom('question').select(['id', 'prompt']).where('id', 'in', chunk).execute();
    for (const row of rows) prompts.set(row.id, row.prompt);
  }
  return writes.map((write): HistoryChange => {
    const id = answerId(write.questionId, write.householdId, write.guestId);
    const before = stored.has(id) ? answerValue({ value: stored.get(id)! }) : null;
    const after = isBlankAnswer(write.value) ? null : write.value;
    return {
      entity: 'ANSWER',
      entityId: id,
      action: before === null ? 'CREATE' : after === null ? 'DELETE' : 'UPDATE',
      changes: { [prompts.get(write.questionId) ?? 'Question']: [before, after] },
      ...(write.guestId === null ? { householdId: write.householdId, guestId: null } : { guestId: write.guestId }),
    };
  });
}

async function storedValues(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  for (const chunk of chunked([...new Set(ids)], IDS_PER_STATEMENT)) {
    const rows = await db.selectFrom('answer').select(['id', 'value']).where('id', 'in', chunk).execute();
    for (const row of rows) values.set(row.id, row.value);
  }
  return values;
}

/** The answers of a household: its own and its members'. */
export function householdAnswerRows(db: Kysely<Database>, householdId: string, memberIds: readonly string[]): Promise<AnswerRow[]> {
  return db
    .selectFrom('answer')
    .selectAll()
    .where((eb) => (memberIds.length === 0 ? eb('householdId', '=', householdId) : eb.or([eb('householdId', '=', householdId), eb('guestId', 'in', memberIds)])))
    .execute();
}

/**
 * Every answer of an occasion as the host reads it, by question order. A guest's answer names the
 * household the guest is in now.
 */
export async function listAnswers(db: Kysely<Database>, occasionId: string): Promise<Answer[]> {
  const rows = await db
    .selectFrom('answer')
    .innerJoin('question', 'question.id', 'answer.questionId')
    .leftJoin('guest', 'guest.id', 'answer.guestId')
    .select(['answer.questionId', 'answer.householdId', 'answer.guestId', 'answer.value', 'answer.updatedAt', 'guest.householdId as guestHouseholdId'])
    .where('answer.occasionId', '=', occasionId)
    .orderBy('question.sortOrder')
    .orderBy('question.createdAt')
    .orderBy('answer.questionId')
    .orderBy('answer.id')
    .execute();
  return rows.map((row) => ({
    questionId: row.questionId,
    householdId: row.householdId ?? row.guestHouseholdId ?? null,
    guestId: row.guestId,
    value: answerValue(row),
    updatedAt: row.updatedAt,
  }));
}
