import type { Kysely, Selectable } from 'kysely';
import type { OptionEntry } from '../../core/options/option-entry';
import { isChoiceKind, type EventQuestion, type Question, type QuestionCreate, type QuestionKind, type QuestionScope } from '../../core/schemas/question';
import { queries } from '../db/queries';
import type { Database, QuestionTable } from '../db/schema';
import { ApiError, notFound } from './api-error';
import { readBool, readJsonColumn, writeBool, writeJsonColumn } from './json-column';

export type QuestionRow = Selectable<QuestionTable>;

export function toQuestion(row: QuestionRow): Question {
  return {
    id: row.id,
    occasionId: row.occasionId,
    activityId: row.activityId,
    kind: row.kind as QuestionKind,
    prompt: row.prompt,
    helpText: row.helpText,
    options: readJsonColumn<OptionEntry[]>(row.options, []),
    min: row.min === null ? null : Number(row.min),
    max: row.max === null ? null : Number(row.max),
    scope: row.scope as QuestionScope,
    required: readBool(row.required),
    sortOrder: row.sortOrder,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A question as guests see it. */
export function toEventQuestion(row: QuestionRow): EventQuestion {
  const { occasionId: _occasionId, createdAt: _createdAt, updatedAt: _updatedAt, ...question } = toQuestion(row);
  return question;
}

/** The writable fields of a question, as its create schema takes them. */
export function questionWritable(row: QuestionRow): QuestionCreate {
  const { id: _id, occasionId: _occasionId, createdAt: _createdAt, updatedAt: _updatedAt, ...writable } = toQuestion(row);
  return writable;
}

export function toQuestionRow(id: string, occasionId: string, input: QuestionCreate, createdAt: string, updatedAt: string): QuestionRow {
  return { ...input, id, occasionId, options: writeJsonColumn(input.options), required: writeBool(input.required), createdAt, updatedAt };
}

/** The question of this occasion; 404 for any other id. */
export async function findQuestion(db: Kysely<Database>, occasionId: string, questionId: string): Promise<QuestionRow> {
  const row = await db.selectFrom('question').selectAll().where('id', '=', questionId).where('occasionId', '=', occasionId).executeTakeFirst();
  if (!row) throw notFound('No such question.');
  return row;
}

/** The occasion's questions by sort order, then age. */
export const listQuestions = (db: Kysely<Database>, occasionId: string): Promise<QuestionRow[]> => queries.questionsOfOccasion(db, { occasionId });

/** Of the occasion's questions, those a household invited to these activities is shown. */
export function questionsAskedOf(questions: readonly QuestionRow[], invitedActivityIds: readonly string[]): QuestionRow[] {
  const invited = new Set(invitedActivityIds);
  return questions.filter((row) => row.activityId === null || invited.has(row.activityId));
}

/** 400 on `activityId` unless it is null or an activity of the occasion. */
export async function assertQuestionActivity(db: Kysely<Database>, occasionId: string, activityId: string | null): Promise<void> {
  if (activityId === null) return;
  const found = await db.selectFrom('activity').select('id').where('id', '=', activityId).where('occasionId', '=', occasionId).executeTakeFirst();
  if (found) return;
  const message = 'This activity is not part of the occasion.';
  throw new ApiError(400, 'VALIDATION_FAILED', message, [{ path: 'activityId', message }]);
}

/**
 * Once a question has answers, its kind and scope stay (the answers would no longer fit), and an
 * option an answer holds can be disabled but not removed. 400 on the field otherwise.
 */
export async function assertAnswersKept(db: Kysely<Database>, current: QuestionRow, next: QuestionCreate): Promise<void> {
  const answers = await db.selectFrom('answer').select('value').where('questionId', '=', current.id).execute();
  if (answers.length === 0) return;
  const refuse = (path: string, message: string) => new ApiError(400, 'VALIDATION_FAILED', message, [{ path, message }]);
  if (next.kind !== current.kind) throw refuse('kind', 'The kind of a question cannot change once it has answers.');
  if (next.scope !== current.scope) throw refuse('scope', 'Who answers a question cannot change once it has answers.');
  if (!isChoiceKind(next.kind)) return;
  const kept = new Set(next.options.map((option) => option.value));
  for (const { value } of answers) {
    const chosen = readJsonColumn<unknown>(value, null);
    const lost = (Array.isArray(chosen) ? chosen : [chosen]).find((option) => typeof option === 'string' && !kept.has(option));
    if (lost !== undefined) throw refuse('options', `Option "${String(lost)}" has answers: disable it instead of removing it.`);
  }
}
