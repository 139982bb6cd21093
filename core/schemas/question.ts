import * as v from 'valibot';
import type { OptionEntry } from '../options/option-entry';
import { choice, crossCheck, flag, integer, nullOr } from './field';
import { strictBody } from './strict-body';
import { idField, longText, optionEntryList, text } from './text';
import { formatCount } from '../format/format-count';

/** The kinds of question a host can ask. */
export const questionKindValues: readonly ['SHORT_TEXT', 'LONG_TEXT', 'SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'YES_NO', 'NUMBER'] = [
  'SHORT_TEXT',
  'LONG_TEXT',
  'SINGLE_CHOICE',
  'MULTIPLE_CHOICE',
  'YES_NO',
  'NUMBER',
];

/** What a question asks for. */
export type QuestionKind = (typeof questionKindValues)[number];

/** Who answers: the household once, or each guest. */
export const questionScopeValues: readonly ['HOUSEHOLD', 'GUEST'] = ['HOUSEHOLD', 'GUEST'];

/** Who answers a question. */
export type QuestionScope = (typeof questionScopeValues)[number];

/** Whether a kind of question has options (`SINGLE_CHOICE`, `MULTIPLE_CHOICE`). */
export function isChoiceKind(kind: QuestionKind): boolean {
  return kind === 'SINGLE_CHOICE' || kind === 'MULTIPLE_CHOICE';
}

/** The largest magnitude of a number answer and of `min`/`max`: what every JSON reader keeps exactly. */
export const NUMBER_ANSWER_LIMIT = 1_000_000_000;

/** A finite number field of at most {@link NUMBER_ANSWER_LIMIT} in magnitude. */
/* @__NO_SIDE_EFFECTS__ */
export function numberField(label: string) {
  const range = `${label} must be between -${formatCount(NUMBER_ANSWER_LIMIT)} and ${formatCount(NUMBER_ANSWER_LIMIT)}.`;
  return v.pipe(
    v.number(`${label} must be a number.`),
    v.finite(`${label} must be a number.`),
    v.minValue(-NUMBER_ANSWER_LIMIT, range),
    v.maxValue(NUMBER_ANSWER_LIMIT, range),
    v.title(label),
  );
}

/** The writable fields of a question, without defaults (shared by create and update). */
/* @__NO_SIDE_EFFECTS__ */
function questionFields() {
  return {
    activityId: nullOr(idField({ label: 'Activity id' })),
    kind: choice(questionKindValues, 'Kind'),
    prompt: text({ label: 'Question', min: 1, max: 200 }),
    helpText: longText({ label: 'Help text', max: 1000 }),
    options: optionEntryList({ label: 'Options', max: 100 }),
    min: v.nullable(numberField('Minimum')),
    max: v.nullable(numberField('Maximum')),
    scope: choice(questionScopeValues, 'Scope'),
    required: flag('Required'),
    sortOrder: integer({ label: 'Sort order' }),
  };
}

/** A question's fields under validation; any may be absent (updates). */
interface QuestionShape {
  kind?: QuestionKind;
  options?: OptionEntry[];
  min?: number | null;
  max?: number | null;
}

/** Choice questions have 1 or more options, other kinds none (issue on `options`). */
/* @__NO_SIDE_EFFECTS__ */
function optionsFitKind<T extends QuestionShape>(): v.RawCheckAction<T> {
  return crossCheck<T>(['kind', 'options'], 'options', ({ kind, options }) => {
    if (kind === undefined || options === undefined) return undefined;
    if (isChoiceKind(kind) && options.length === 0) return 'A choice question needs at least one option.';
    if (!isChoiceKind(kind) && options.length > 0) return 'Only choice questions have options.';
    return undefined;
  });
}

/** Only number questions have bounds (issue on `min`). */
/* @__NO_SIDE_EFFECTS__ */
function boundsFitKind<T extends QuestionShape>(): v.RawCheckAction<T> {
  return crossCheck<T>(['kind', 'min', 'max'], 'min', ({ kind, min, max }) =>
    kind !== undefined && kind !== 'NUMBER' && ((min ?? null) !== null || (max ?? null) !== null)
      ? 'Only number questions have a minimum and a maximum.'
      : undefined,
  );
}

/** `max` is not below `min` (issue on `max`). */
/* @__NO_SIDE_EFFECTS__ */
function boundsInOrder<T extends QuestionShape>(): v.RawCheckAction<T> {
  return crossCheck<T>(['min', 'max'], 'max', ({ min, max }) =>
    min != null && max != null && max < min ? 'The maximum cannot be below the minimum.' : undefined,
  );
}

/* @__NO_SIDE_EFFECTS__ */
function questionCreateSchema() {
  const fields = questionFields();
  return v.pipe(
    strictBody({
      activityId: v.optional(fields.activityId, null),
      kind: fields.kind,
      prompt: fields.prompt,
      helpText: v.optional(fields.helpText, ''),
      options: v.optional(fields.options, () => []),
      min: v.optional(fields.min, null),
      max: v.optional(fields.max, null),
      scope: v.optional(fields.scope, 'GUEST'),
      required: v.optional(fields.required, false),
      sortOrder: v.optional(fields.sortOrder, 0),
    }),
    optionsFitKind(),
    boundsFitKind(),
    boundsInOrder(),
  );
}

/* @__NO_SIDE_EFFECTS__ */
function questionUpdateSchema() {
  return v.pipe(v.partial(strictBody(questionFields())), optionsFitKind(), boundsFitKind(), boundsInOrder());
}

/**
 * The body of `POST /host/v1/occasion/{occasionId}/question`: `kind` and `prompt` are required;
 * `activityId` (null: every guest) defaults to null, `scope` to `GUEST`, `required` to false,
 * `sortOrder` to 0, `helpText` to `''`. Choice questions need 1 to 100 options (values unique);
 * other kinds none. `min`/`max` (either may be null) only for `NUMBER`, `max` not below `min`.
 * Updates re-validate the merged question with this schema.
 */
export const QuestionCreateSchema: QuestionCreateSchemaType = /* @__PURE__ */ questionCreateSchema();

/** The schema type of {@link QuestionCreateSchema}. */
export type QuestionCreateSchemaType = ReturnType<typeof questionCreateSchema>;

/** A valid question create body, defaults applied. */
export type QuestionCreate = v.InferOutput<typeof QuestionCreateSchema>;

/** The body of `PUT .../question/{questionId}`: any subset of the writable fields, no defaults. */
export const QuestionUpdateSchema: QuestionUpdateSchemaType = /* @__PURE__ */ questionUpdateSchema();

/** The schema type of {@link QuestionUpdateSchema}. */
export type QuestionUpdateSchemaType = ReturnType<typeof questionUpdateSchema>;

/** A valid question update body. */
export type QuestionUpdate = v.InferOutput<typeof QuestionUpdateSchema>;

/**
 * A question a host asks guests, as the API answers it: the fields of {@link QuestionCreate}
 * (`activityId`: asked only of those attending this activity, null: of everyone who attends
 * anything; `options` the choices of a choice question, a disabled one keeps old answers valid;
 * `min`/`max` the bounds of a `NUMBER` answer, null elsewhere or when open) and those the server sets.
 */
export interface Question extends QuestionCreate {
  id: string;
  occasionId: string;
  createdAt: string;
  updatedAt: string;
}

/** A question as guests see it (`GET /event/v1/info`): no times, no occasion id. */
export type EventQuestion = Omit<Question, 'occasionId' | 'createdAt' | 'updatedAt'>;
