import * as v from 'valibot';
import { list, nullOr } from './field';
import { numberField, type EventQuestion } from './question';
import { strictBody } from './strict-body';
import { idField, longText, text } from './text';
import { isBlankAnswer, type AnswerValue } from './asked';

export * from './asked';

/** The most answers one RSVP body carries. */
export const MAX_RSVP_ANSWERS = 1000;

/** The most rows of the host's answer bulk (`PUT /host/v1/occasion/{id}/answers`). */
export const MAX_BULK_ANSWERS = 20_000;

/** An answer's value as a body carries it; whether it fits its question is checked later. */
export const AnswerValueSchema = /* @__PURE__ */ v.union(
  [/* @__PURE__ */ v.string(), /* @__PURE__ */ v.array(/* @__PURE__ */ v.string()), /* @__PURE__ */ v.boolean(), /* @__PURE__ */ v.number()],
  'Answer must be text, a list of choices, true or false, or a number.',
);

/**
 * One answer in an RSVP body: `{ questionId, guestId, value }`, `guestId` null (the default) for
 * a question asked once per household. The value's shape is checked here; that it fits the
 * question is {@link answerListSchema}'s check.
 */
export const RsvpAnswerSchema = /* @__PURE__ */ strictBody(
  {
    questionId: /* @__PURE__ */ idField({ label: 'Question id' }),
    guestId: /* @__PURE__ */ v.optional(/* @__PURE__ */ nullOr(/* @__PURE__ */ idField({ label: 'Guest id' })), null),
    value: AnswerValueSchema,
  },
  { label: 'Each answer' },
);

/** A valid RSVP answer (its value not yet checked against the question). */
export type RsvpAnswer = v.InferOutput<typeof RsvpAnswerSchema>;

/** The `answers` list of an RSVP body: at most {@link MAX_RSVP_ANSWERS}. */
export const RsvpAnswersSchema = /* @__PURE__ */ list(RsvpAnswerSchema, { label: 'Answers', max: MAX_RSVP_ANSWERS });

/** One row of the host's answer bulk: `value: null` removes the answer. */
export const AnswerBulkRowSchema = /* @__PURE__ */ strictBody(
  {
    questionId: /* @__PURE__ */ idField({ label: 'Question id' }),
    householdId: /* @__PURE__ */ v.optional(/* @__PURE__ */ nullOr(/* @__PURE__ */ idField({ label: 'Household id' })), null),
    guestId: /* @__PURE__ */ v.optional(/* @__PURE__ */ nullOr(/* @__PURE__ */ idField({ label: 'Guest id' })), null),
    value: /* @__PURE__ */ v.nullable(AnswerValueSchema),
  },
  { label: 'Each answer' },
);

/** A valid row of the answer bulk. */
export type AnswerBulkRow = v.InferOutput<typeof AnswerBulkRowSchema>;

/**
 * The body of `PUT /host/v1/occasion/{occasionId}/answers`: `{ answers: [{ questionId,
 * householdId, guestId, value }] }`, 0 to {@link MAX_BULK_ANSWERS} rows, all or nothing.
 */
export const AnswersBulkSchema = /* @__PURE__ */ strictBody({
  answers: /* @__PURE__ */ list(AnswerBulkRowSchema, { label: 'Answers', max: MAX_BULK_ANSWERS }),
});

/** A valid answer bulk body. */
export type AnswersBulk = v.InferOutput<typeof AnswersBulkSchema>;

/** An answer as the host reads it. */
export interface Answer extends Omit<AnswerBulkRow, 'value'> {
  value: AnswerValue;
  updatedAt: string;
}

/** An answer as guests send it and read it back. */
export type GuestAnswer = RsvpAnswer;

/** The question fields the answer rules read. */
export type AnswerableQuestion = Pick<EventQuestion, 'id' | 'kind' | 'options' | 'min' | 'max' | 'scope'>;

/**
 * The schema of one answer's value for `question`. Texts: short ≤ 200, long ≤ 5,000 characters
 * (cleaned like every text). Choices: values of enabled options; a disabled one only when it is
 * in `previous` (the stored answer), so old answers stay valid. Yes/no: a boolean. Number:
 * within `min`/`max`. Blank text and an empty choice list pass (they clear the answer).
 *
 * @param question The question answered.
 * @param previous The stored answer, if any.
 * @returns A valibot schema whose output is the cleaned value.
 */
export function answerValueSchema(question: AnswerableQuestion, previous?: AnswerValue): v.GenericSchema<unknown, AnswerValue> {
  const kept = new Set(Array.isArray(previous) ? previous : typeof previous === 'string' ? [previous] : []);
  const allowed = (value: string) => question.options.some((option) => option.value === value && (!option.disabled || kept.has(value)));
  const notAnOption = 'Choose one of the options.';
  switch (question.kind) {
    case 'SHORT_TEXT':
      return text({ label: 'Answer', max: 200 });
    case 'LONG_TEXT':
      return longText({ label: 'Answer', max: 5000 });
    case 'SINGLE_CHOICE':
      return v.pipe(
        v.string(notAnOption),
        v.check((value) => value === '' || allowed(value), notAnOption),
      );
    case 'MULTIPLE_CHOICE':
      return v.pipe(
        v.array(v.string(notAnOption), notAnOption),
        v.check((values) => values.every(allowed), notAnOption),
        v.check((values) => new Set(values).size === values.length, 'An option is chosen twice.'),
      );
    case 'YES_NO':
      return v.boolean('Answer yes or no.');
    case 'NUMBER':
      return v.pipe(
        numberField('Answer'),
        v.check((value) => question.min === null || value >= question.min, `Answer must be at least ${question.min}.`),
        v.check((value) => question.max === null || value <= question.max, `Answer must be at most ${question.max}.`),
      );
  }
}

/** An answer as {@link answerListSchema} reads it: other keys pass through. */
export type AnswerLike = { questionId: string; householdId?: string | null; guestId: string | null; value: AnswerValue | null };

/** Options of {@link answerListSchema}. */
export interface AnswerListOptions<T extends AnswerLike> {
  /** The stored answer the item would replace, if any. */
  readonly previous?: (answer: T) => AnswerValue | undefined;
}

/**
 * The schema factory both sides share: the answers of a list checked against `questions`. An
 * unknown question is an issue on `N.questionId`; a household question answered for a guest, or
 * a guest question without a guest, on `N.guestId`; a value that does not fit its question on
 * `N.value`; the same question and guest twice on `N.guestId`. A null value (the host's bulk)
 * passes: it removes the answer. Parse `{ answers }` with `v.object({ answers: schema })` to get
 * `answers.N.value` paths.
 *
 * @param questions The questions that may be answered.
 * @param options The stored answers, which keep disabled options valid.
 * @returns A valibot schema whose output is the answers with cleaned values.
 */
export function answerListSchema<T extends AnswerLike>(
  questions: readonly AnswerableQuestion[],
  options: AnswerListOptions<T> = {},
): v.GenericSchema<T[], T[]> {
  const byId = new Map(questions.map((question) => [question.id, question]));
  return v.pipe(
    v.custom<T[]>((input) => Array.isArray(input), 'Answers must be a list.'),
    v.rawTransform(({ dataset, addIssue }) => {
      const seen = new Set<string>();
      return dataset.value.map((answer, index) => {
        const problem = answerProblem(byId, seen, answer, options.previous);
        if (problem === undefined) return answer;
        if ('output' in problem) return { ...answer, value: problem.output };
        addIssue({ message: problem.message, input: answer[problem.key], path: answerPath(dataset.value, index, problem.key) });
        return answer;
      });
    }),
  );
}

type AnswerCheck = { key: keyof AnswerLike; message: string } | { output: AnswerValue };

/** What is wrong with one answer, or its cleaned value (undefined: a null value, which removes). */
function answerProblem<T extends AnswerLike>(
  byId: ReadonlyMap<string, AnswerableQuestion>,
  seen: Set<string>,
  answer: T,
  previous: AnswerListOptions<T>['previous'],
): AnswerCheck | undefined {
  const question = byId.get(answer.questionId);
  if (!question) return { key: 'questionId', message: 'This question is not asked here.' };
  if (question.scope === 'HOUSEHOLD' && answer.guestId !== null) return { key: 'guestId', message: 'This question is answered once for the household.' };
  if (question.scope === 'GUEST' && answer.guestId === null) return { key: 'guestId', message: 'Say which guest this answer is for.' };
  const key = `${answer.questionId} ${answer.guestId ?? answer.householdId ?? ''}`;
  if (seen.has(key)) return { key: 'guestId', message: 'This question is already answered here.' };
  seen.add(key);
  if (answer.value === null) return undefined;
  const result = v.safeParse(answerValueSchema(question, previous?.(answer)), answer.value);
  return result.success ? { output: result.output } : { key: 'value', message: result.issues[0].message };
}

function answerPath(list: readonly unknown[], index: number, key: string): [v.ArrayPathItem, v.ObjectPathItem] {
  const item = list[index] as Record<string, unknown>;
  return [
    { type: 'array', origin: 'value', input: list as unknown[], key: index, value: item },
    { type: 'object', origin: 'value', input: item, key, value: item[key] },
  ];
}

