import type { Kysely } from 'kysely';
import * as v from 'valibot';
import {
  answerListSchema,
  isAsked,
  isBlankAnswer,
  missingRequiredAnswers,
  type Attendance,
  type AnswerValue,
  type GuestAnswer,
  type RsvpAnswer,
} from '../../core/schemas/answer';
import type { ApiIssue } from '../../core/schemas/error';
import type { Database } from '../db/schema';
import { ApiError } from './api-error';
import { validate } from './validate';
import type { HistoryActor } from './history';
import { answerValue, householdAnswerRows, writeQuestionAnswers, type AnswerRow, type AnswerWrite, type KnownAnswers } from './answers';
import type { Answer, HouseholdRsvpState, RsvpPlan } from './event-rsvp-plan';
import { listQuestions, questionsAskedOf, toEventQuestion, type QuestionRow } from './questions';

/** Whose answers a write is. */
interface AnswerOwner {
  occasionId: string;
  householdId: string;
}

/**
 * Who attends what once the reply's plan is applied: each member who stays, with the activities
 * their line answers `ATTENDING`. Plus-ones named in this very reply have no id yet: they are
 * asked from the next change on.
 */
export function attendanceAfter(state: HouseholdRsvpState, plan: Pick<RsvpPlan, 'answers' | 'removedPlusOnes'>): Map<string, Set<string>> {
  const removed = new Set(plan.removedPlusOnes);
  const attendance = new Map<string, Set<string>>();
  for (const id of state.members.keys()) if (!removed.has(id)) attendance.set(id, new Set());
  for (const line of state.lines) {
    const answer: Answer | undefined = plan.answers.get(line.id);
    const response = answer?.response ?? line.response;
    if (response === 'ATTENDING') attendance.get(line.guestId)?.add(line.activityId);
  }
  return attendance;
}

/**
 * The answers part of an RSVP write, in its transaction, after the invite lines: checks the
 * body's answers against the household's questions (the shared `answerListSchema`; a guest
 * outside the household is 403), refuses a non-blank answer for someone a question is not asked
 * of, enforces required questions for those asked, then writes the given answers and removes
 * stored ones that no longer apply. `answers` undefined (a PUT without them) keeps the stored ones.
 * Answers the household's questions: with none, no answer of the household is left.
 */
export async function applyRsvpAnswers(
  trx: Kysely<Database>,
  owner: AnswerOwner,
  actor: HistoryActor,
  state: HouseholdRsvpState,
  attendance: Attendance,
  answers: readonly RsvpAnswer[] | undefined,
  now: Date,
): Promise<QuestionRow[]> {
  const occasionQuestions = await listQuestions(trx, owner.occasionId);
  const questions = questionsAskedOf(occasionQuestions, [...new Set(state.lines.map((line) => line.activityId))]);
  // Answers are deleted with their question: an occasion without questions has none to read.
  const rows = occasionQuestions.length === 0 ? [] : await householdAnswerRows(trx, owner.householdId, [...state.members.keys()]);
  const stored = new Map(rows.map((row) => [answerKey(row.questionId, row.guestId), answerValue(row)]));
  const given = checkAnswers(questions, state, attendance, answers ?? [], stored);
  const merged = new Map(stored);
  for (const answer of given) merged.set(answerKey(answer.questionId, answer.guestId), answer.value);
  checkRequired(questions, state, attendance, merged);
  const byId = new Map(questions.map((question) => [question.id, question]));
  const stale = [...stored.keys()].flatMap((key) => {
    const [questionId, guestId] = splitKey(key);
    const question = byId.get(questionId);
    return question && isAsked(toEventQuestion(question), attendance, guestId) ? [] : [{ questionId, guestId }];
  });
  const writes: AnswerWrite[] = [
    ...given.map((answer) => toWrite(owner, answer.questionId, answer.guestId, answer.value)),
    ...stale.map(({ questionId, guestId }) => toWrite(owner, questionId, guestId, null)),
  ];
  // The household's stored answers and the occasion's questions are read above: the write needs no more.
  const known: KnownAnswers = {
    stored: new Map(rows.map((row) => [row.id, row.value])),
    prompts: new Map(occasionQuestions.map((question) => [question.id, question.prompt])),
  };
  await writeQuestionAnswers(trx, owner.occasionId, writes, actor, now, known);
  return questions;
}

function toWrite(owner: AnswerOwner, questionId: string, guestId: string | null, value: AnswerValue | null): AnswerWrite {
  return { questionId, householdId: guestId === null ? owner.householdId : null, guestId, value };
}

const answerKey = (questionId: string, guestId: string | null) => `${questionId} ${guestId ?? ''}`;

function splitKey(key: string): [string, string | null] {
  const [questionId, guestId] = key.split(' ') as [string, string];
  return [questionId, guestId === '' ? null : guestId];
}

function checkAnswers(
  questions: readonly QuestionRow[],
  state: HouseholdRsvpState,
  attendance: Attendance,
  answers: readonly RsvpAnswer[],
  stored: ReadonlyMap<string, AnswerValue>,
): RsvpAnswer[] {
  const outside = answers.findIndex((answer) => answer.guestId !== null && !state.members.has(answer.guestId));
  if (outside >= 0) {
    const message = 'This guest is not in your household.';
    throw new ApiError(403, 'FORBIDDEN', message, [{ path: `answers.${outside}.guestId`, message }]);
  }
  const schema = answerListSchema<RsvpAnswer>(questions.map(toEventQuestion), {
    previous: (answer) => stored.get(answerKey(answer.questionId, answer.guestId)),
  });
  const { answers: checked } = validate(v.object({ answers: schema }), { answers });
  const byId = new Map(questions.map((question) => [question.id, toEventQuestion(question)]));
  const issues: ApiIssue[] = [];
  checked.forEach((answer, index) => {
    if (isBlankAnswer(answer.value) || isAsked(byId.get(answer.questionId)!, attendance, answer.guestId)) return;
    const who = answer.guestId === null ? 'Your household' : memberName(state, answer.guestId);
    issues.push({ path: `answers.${index}.guestId`, message: `${who} is not asked this question: it is for those who attend.` });
  });
  if (issues.length > 0) throw new ApiError(400, 'VALIDATION_FAILED', issues[0]!.message, issues);
  return checked;
}

function checkRequired(
  questions: readonly QuestionRow[],
  state: HouseholdRsvpState,
  attendance: Attendance,
  merged: ReadonlyMap<string, AnswerValue>,
): void {
  const prompts = new Map(questions.map((question) => [question.id, question.prompt]));
  const missing = missingRequiredAnswers(questions.map(toEventQuestion), attendance, (questionId, guestId) => merged.get(answerKey(questionId, guestId)));
  const issues = missing.map(({ questionId, guestId }) => ({
    path: 'answers',
    message: `“${prompts.get(questionId)}” needs an answer${guestId === null ? '' : ` for ${memberName(state, guestId)}`}.`,
  }));
  if (issues.length > 0) throw new ApiError(400, 'VALIDATION_FAILED', issues[0]!.message, issues);
}

function memberName(state: HouseholdRsvpState, guestId: string): string {
  const member = state.members.get(guestId);
  return member ? `${member.firstName} ${member.lastName}`.trim() : 'This guest';
}

/** The household's answers as the RSVP echoes them, by question order, then guest. */
export async function loadRsvpAnswers(
  db: Kysely<Database>,
  owner: AnswerOwner,
  memberIds: readonly string[],
  questions?: readonly QuestionRow[],
): Promise<GuestAnswer[]> {
  const [rows, ordered] = await Promise.all([householdAnswerRows(db, owner.householdId, memberIds), questions ?? listQuestions(db, owner.occasionId)]);
  return orderedAnswers(rows, ordered, memberIds);
}

/** Answer rows as a reply lists them: by the questions' order, the household's own first, then by member. */
export function orderedAnswers(rows: readonly AnswerRow[], questions: readonly QuestionRow[], memberIds: readonly string[]): GuestAnswer[] {
  const order = new Map(questions.map((question, index) => [question.id, index]));
  const memberOrder = new Map(memberIds.map((id, index) => [id, index]));
  return rows
    .map((row) => ({ questionId: row.questionId, guestId: row.guestId, value: answerValue(row) }))
    .sort(
      (a, b) =>
        (order.get(a.questionId) ?? 0) - (order.get(b.questionId) ?? 0) ||
        (a.guestId === null ? -1 : (memberOrder.get(a.guestId) ?? 0)) - (b.guestId === null ? -1 : (memberOrder.get(b.guestId) ?? 0)),
    );
}
