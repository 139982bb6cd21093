import * as v from 'valibot';

/** The schema type of {@link limitParam}. */
export type LimitParamSchema = v.SchemaWithPipe<
  readonly [
    v.StringSchema<string>,
    v.RegexAction<string, string>,
    v.TransformAction<string, number>,
    v.MinValueAction<number, 1, string>,
    v.MaxValueAction<number, number, string>,
  ]
>;

/**
 * A query's `limit`: a whole number from 1 to `max`, given as a string (query values are
 * strings) and read as a number.
 */
/* @__NO_SIDE_EFFECTS__ */
export function limitParam(max: number): LimitParamSchema {
  const range = `Limit must be between 1 and ${max}.`;
  return v.pipe(
    v.string('Limit must be a whole number.'),
    v.regex(/^[0-9]{1,6}$/, 'Limit must be a whole number.'),
    v.transform(Number),
    v.minValue(1, range),
    v.maxValue(max, range),
  );
}
