import * as v from 'valibot';

/** Options of {@link strictBody}. */
export interface StrictBodyOptions {
  /**
   * What the object is, for the message when the value is not an object at all:
   * `<label> must be an object.` Without it: `Expected a JSON object.`
   */
  readonly label?: string;
}

/** The schema type of {@link strictBody}. */
export type StrictBodySchema<TEntries extends v.ObjectEntries> = v.StrictObjectSchema<
  TEntries,
  v.ErrorMessage<v.StrictObjectIssue>
>;

/**
 * Turns a camelCase key into words for messages when a field has no title:
 * `plusOneAllowed` → `Plus one allowed`.
 *
 * @param key An object key.
 * @returns The key in sentence case.
 */
export function humanise(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A schema as far as labels are concerned: it may have a pipe (with a title) or wrap another. */
type Labelled = v.GenericSchema & { readonly wrapped?: v.GenericSchema };

/**
 * The label of a field: the title (`v.title`) of its schema, looking through `optional`,
 * `nullable` and other wrappers, or the humanised key when there is none.
 *
 * @param schema The field's schema.
 * @param key The field's key, used when the schema has no title.
 * @returns The label, e.g. `First name`.
 */
export function fieldLabel(schema: v.GenericSchema, key: string): string {
  let current: Labelled | undefined = schema;
  while (current) {
    const title = v.getTitle(current);
    if (title !== undefined) return title;
    current = current.wrapped;
  }
  return humanise(key);
}

/**
 * A strict object schema (`v.strictObject`) whose own issues read well:
 * a missing field is `<Label> is required.`, a field that is not part of the body (unknown,
 * or read-only such as `id` or `createdAt`) is `Unknown field "x".`, and a value that is
 * not an object is `Expected a JSON object.` (or `<label> must be an object.`).
 *
 * @param entries The field schemas; their titles are the labels used in messages.
 * @param options The label of the object itself, for nested objects.
 * @returns A `v.strictObject` schema.
 */
/* @__NO_SIDE_EFFECTS__ */
export function strictBody<const TEntries extends v.ObjectEntries>(
  entries: TEntries,
  options: StrictBodyOptions = {},
): StrictBodySchema<TEntries> {
  const notAnObject = options.label ? `${options.label} must be an object.` : 'Expected a JSON object.';
  return refusingArrays(v.strictObject(entries, (issue: v.StrictObjectIssue): string => {
    const key = issue.path?.[issue.path.length - 1]?.key;
    if (typeof key !== 'string') return notAnObject;
    if (issue.expected === 'never') return `Unknown field "${key.length > 40 ? `${key.slice(0, 40)}…` : key}".`;
    const schema = Object.prototype.hasOwnProperty.call(entries, key) ? (entries as v.ObjectEntries)[key] : undefined;
    return `${schema ? fieldLabel(schema, key) : humanise(key)} is required.`;
  }));
}

/**
 * Valibot's object schemas take an array for an object (`typeof [] === 'object'`), so `[]`
 * would pass as an empty patch. The schema's own run is wrapped: an array is checked as if it
 * were `null`, which gives the schema's "not an object" issue, with the array as its input.
 * The wrapper is an own property, so `v.partial` and the like, which copy the schema, keep it.
 */
function refusingArrays<TSchema extends v.StrictObjectSchema<v.ObjectEntries, v.ErrorMessage<v.StrictObjectIssue>>>(
  schema: TSchema,
): TSchema {
  const run = schema['~run'];
  (schema as { -readonly [K in '~run']: TSchema[K] })['~run'] = function (this: TSchema, dataset, config) {
    if (!Array.isArray(dataset.value)) return run.call(this, dataset, config);
    const input: unknown = dataset.value;
    const refused = run.call(this, { value: null }, config);
    for (const issue of refused.issues ?? []) Object.assign(issue, { input, received: 'Array' });
    return refused;
  } as TSchema['~run'];
  return schema;
}
