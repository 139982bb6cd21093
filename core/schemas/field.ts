import * as v from 'valibot';
import { formatCount } from '../format/format-count';

/** The schema type of {@link flag}. */
export type FlagSchema = v.SchemaWithPipe<readonly [v.BooleanSchema<string>, v.TitleAction<boolean, string>]>;

/**
 * A boolean field: `<Label> must be true or false.` for anything but `true` or `false`.
 *
 * @param label What people call the field.
 * @returns A valibot boolean schema with the label as title.
 */
/* @__NO_SIDE_EFFECTS__ */
export function flag(label: string): FlagSchema {
  return v.pipe(v.boolean(`${label} must be true or false.`), v.title(label));
}

/** Options of {@link integer}. */
export interface IntegerOptions {
  /** What people call the field. */
  readonly label: string;
  /** Smallest value; -2,147,483,648 (a 32-bit column) unless given. */
  readonly min?: number;
  /** Largest value; 2,147,483,647 unless given. */
  readonly max?: number;
}

/** The schema type of {@link integer}. */
export type IntegerSchema = v.SchemaWithPipe<
  readonly [
    v.NumberSchema<string>,
    v.IntegerAction<number, string>,
    v.MinValueAction<number, number, string>,
    v.MaxValueAction<number, number, string>,
    v.TitleAction<number, string>,
  ]
>;

/**
 * A whole-number field within bounds that every supported database column can hold.
 *
 * @param options The label and the bounds.
 * @returns A valibot number schema.
 */
/* @__NO_SIDE_EFFECTS__ */
export function integer(options: IntegerOptions): IntegerSchema {
  const { label, min = -2147483648, max = 2147483647 } = options;
  const range = `${label} must be between ${min} and ${max}.`;
  return v.pipe(
    v.number(`${label} must be a number.`),
    v.integer(`${label} must be a whole number.`),
    v.minValue(min, range),
    v.maxValue(max, range),
    v.title(label),
  );
}

/** The schema type of {@link choice}. */
export type ChoiceSchema<TValues extends v.PicklistOptions> = v.SchemaWithPipe<
  readonly [v.PicklistSchema<TValues, string>, v.TitleAction<TValues[number], string>]
>;

/**
 * A field that takes one of a few fixed values: `Age group must be ADULT, CHILD or INFANT.`
 *
 * @param values The allowed values.
 * @param label What people call the field.
 * @returns A valibot picklist schema.
 */
/* @__NO_SIDE_EFFECTS__ */
export function choice<const TValues extends readonly [string, ...string[]]>(
  values: TValues,
  label: string,
): ChoiceSchema<TValues> {
  const listed = values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}` : values[0];
  return v.pipe(v.picklist(values, `${label} must be ${listed}.`), v.title(label));
}

/** The schema type of {@link nullOr}. */
export type NullOrSchema<TSchema extends v.GenericSchema<string, string>> = v.SchemaWithPipe<
  readonly [
    v.UnknownSchema,
    v.TransformAction<unknown, unknown>,
    v.NullableSchema<TSchema, undefined>,
    v.TitleAction<string | null, string>,
  ]
>;

/**
 * A field that is either `null` or a value of `schema`. A blank string (what a cleared form
 * field sends) also means `null`, so the output is never `''`.
 *
 * @param schema The schema of a present value, e.g. an instant.
 * @returns A valibot schema whose output is the value or `null`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function nullOr<TSchema extends v.GenericSchema<string, string>>(schema: TSchema): NullOrSchema<TSchema> {
  return v.pipe(
    v.unknown(),
    v.transform((input: unknown): unknown => (typeof input === 'string' && input.trim() === '' ? null : input)),
    v.nullable(schema),
    v.title(v.getTitle(schema) ?? 'This field'),
  );
}

/** Options of {@link list}. */
export interface ListOptions {
  /** What people call the list, used in messages. */
  readonly label: string;
  /** Fewest items; 0 unless given. */
  readonly min?: number;
  /** Most items. */
  readonly max: number;
  /** The message when there are fewer than `min` items; `<Label> needs at least <min>.` unless given. */
  readonly tooFew?: string;
}

/** The schema type of {@link list}. */
export type ListSchema<TItem extends v.GenericSchema> = v.SchemaWithPipe<
  readonly [
    v.ArraySchema<TItem, string>,
    v.MinLengthAction<v.InferOutput<TItem>[], number, string>,
    v.MaxLengthAction<v.InferOutput<TItem>[], number, string>,
    v.TitleAction<v.InferOutput<TItem>[], string>,
  ]
>;

/**
 * An array field with a bounded number of items.
 *
 * @param item The schema of each item.
 * @param options The label and the bounds.
 * @returns A valibot array schema.
 */
/* @__NO_SIDE_EFFECTS__ */
export function list<TItem extends v.GenericSchema>(item: TItem, options: ListOptions): ListSchema<TItem> {
  const { label, min = 0, max, tooFew = `${label} needs at least ${min}.` } = options;
  const tooMany = `${label} can have at most ${formatCount(max)} entries.`;
  return v.pipe(
    boundedArray(v.array(item, `${label} must be a list.`), max, tooMany),
    v.minLength(min, tooFew),
    v.maxLength(max, tooMany),
    v.title(label),
  );
}

/** Most issues the items of one list report: an error body shows at most 100 (`toApiIssues`). */
export const MAX_LIST_ISSUES = 100;

/**
 * Valibot's array schema checks every item before the pipe looks at the length, and keeps
 * every issue: a bulk body of millions of empty rows (`[{},{},…]`) would cost gigabytes. The
 * schema's run is replaced by one that refuses a list longer than `max` before looking at any
 * item, and stops checking items once {@link MAX_LIST_ISSUES} issues are found. Otherwise it
 * does what valibot's does. The replacement is an own property, so copies of the schema keep it.
 */
function boundedArray<TItem extends v.GenericSchema>(
  schema: v.ArraySchema<TItem, string>,
  max: number,
  tooMany: string,
): v.ArraySchema<TItem, string> {
  const run = schema['~run'];
  (schema as { -readonly [K in '~run']: v.ArraySchema<TItem, string>[K] })['~run'] = function (dataset, config) {
    const input: unknown = dataset.value;
    if (!Array.isArray(input)) return run.call(this, dataset, config);
    if (input.length > max) return refuseLength(dataset, input, max, tooMany);
    const output: unknown[] = [];
    const issues: v.BaseIssue<unknown>[] = [];
    let typed = true;
    for (let key = 0; key < input.length; key++) {
      const value: unknown = input[key];
      const itemDataset = schema.item['~run']({ value }, config);
      if (itemDataset.issues) {
        const pathItem: v.ArrayPathItem = { type: 'array', origin: 'value', input, key, value };
        for (const issue of itemDataset.issues) issues.push({ ...issue, path: issue.path ? [pathItem, ...issue.path] : [pathItem] });
        if (config.abortEarly || issues.length >= MAX_LIST_ISSUES) {
          typed = false;
          break;
        }
      }
      if (!itemDataset.typed) typed = false;
      output.push(itemDataset.value);
    }
    return Object.assign(dataset, {
      typed,
      value: output,
      ...(issues.length > 0 ? { issues: [...(dataset.issues ?? []), ...issues] } : {}),
    }) as ReturnType<typeof run>;
  };
  return schema;
}

function refuseLength<TDataset extends { value: unknown }>(dataset: TDataset, input: unknown[], max: number, message: string) {
  const issue: v.MaxLengthIssue<unknown[], number> = {
    kind: 'validation',
    type: 'max_length',
    input,
    expected: `<=${max}`,
    received: `${input.length}`,
    message,
    requirement: max,
  };
  return Object.assign(dataset, { typed: false, issues: [issue] }) as never;
}

/** The first index at which each key was seen, for duplicate checks. */
type Seen = Map<string, number>;

/**
 * Adds an issue for every array item whose key (`itemKey(item)`) repeats an earlier item's:
 * the shared helper behind "values unique within the list" rules. The issue's path is the
 * repeating item's index, plus `field` when given (`lines.7` or `mealOptions.2.value`).
 *
 * @param itemKey What must be unique; `undefined` skips the item.
 * @param message The message, given the key and the index of the first item with it.
 * @param field The key inside the item the issue points at, if any.
 * @returns A valibot raw check for the array.
 */
/* @__NO_SIDE_EFFECTS__ */
export function uniqueItems<TItem>(
  itemKey: (item: TItem) => string | undefined,
  message: (key: string, firstIndex: number) => string,
  field?: string,
): v.RawCheckAction<TItem[]> {
  return v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const seen: Seen = new Map();
    dataset.value.forEach((item, index) => {
      const key = itemKey(item);
      if (key === undefined) return;
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, index);
        return;
      }
      const value = field === undefined ? item : (item as Record<string, unknown>)[field];
      addIssue({
        message: message(key, first),
        input: value,
        path:
          field === undefined
            ? [{ type: 'array', origin: 'value', input: dataset.value, key: index, value: item }]
            : [
                { type: 'array', origin: 'value', input: dataset.value, key: index, value: item },
                { type: 'object', origin: 'value', input: item as Record<string, unknown>, key: field, value },
              ],
      });
    });
  });
}

/**
 * A rule across fields of an object, checked after the object's own schema: `rule` gets the
 * object and answers a message when the rule is broken, and the issue points at `target`
 * (`endDate`, `state`). The rule is skipped while any of `keys` has an issue of its own, so
 * it only ever sees valid values of those keys; a key may still be absent (partial updates).
 *
 * @param keys The fields the rule reads.
 * @param target The field the issue is reported on.
 * @param rule Answers the message, or `undefined` when the object is fine.
 * @returns A valibot raw check for the object.
 */
/* @__NO_SIDE_EFFECTS__ */
export function crossCheck<TInput extends object>(
  keys: readonly (keyof TInput & string)[],
  target: keyof TInput & string,
  rule: (input: TInput) => string | undefined,
): v.RawCheckAction<TInput> {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    const input = dataset.value;
    if (!input || typeof input !== 'object') return;
    const blocked = dataset.issues?.some((issue) => {
      const key = issue.path?.[0]?.key;
      return typeof key === 'string' && (keys as readonly string[]).includes(key);
    });
    if (blocked) return;
    const message = rule(input as TInput);
    if (message === undefined) return;
    const value = (input as Record<string, unknown>)[target];
    addIssue({
      message,
      input: value,
      path: [{ type: 'object', origin: 'value', input: input as Record<string, unknown>, key: target, value }],
    });
  });
}
