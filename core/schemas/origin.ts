import * as v from 'valibot';
import { list, type ListSchema } from './field';

/** `scheme://host[:port]` and nothing else: no user info, path, query, fragment or trailing slash. */
const ORIGIN_SHAPE = /^https?:\/\/[^/?#@\s\\]+$/i;

/**
 * The exact origin a browser would send in its `Origin` header for `value`, or `undefined`
 * when `value` is not an http(s) origin. Normalises the way browsers do: lower case, IDN
 * host names in punycode, default ports (`:443` for https, `:80` for http) dropped.
 *
 * @param value A candidate, e.g. `https://Smith-Wedding.com`.
 * @returns The origin, e.g. `https://smith-wedding.com`, or `undefined`.
 */
export function normaliseOrigin(value: string): string | undefined {
  if (!ORIGIN_SHAPE.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.hostname === '' || url.origin === 'null') return undefined;
  return url.origin;
}

/** The schema type of {@link origin}. */
export type OriginSchema = v.SchemaWithPipe<
  readonly [v.StringSchema<string>, v.RawTransformAction<string, string>, v.TitleAction<string, string>]
>;

/**
 * One exact web origin whose pages may embed the widget: `scheme://host[:port]` with scheme
 * http or https, no path, query, fragment or trailing slash, never `null`. Output normalised
 * (see {@link normaliseOrigin}) so it compares equal to the browser's `Origin` header.
 */
export const origin: OriginSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.string('Each allowed origin must be text.'),
  /* @__PURE__ */ v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const value = dataset.value.trim();
    const normalised = value.length <= 300 ? normaliseOrigin(value) : undefined;
    if (normalised === undefined) {
      addIssue({
        message: `"${value.slice(0, 60)}" is not an origin. Write it like https://smith-wedding.com, without a path or a trailing slash.`,
      });
      return NEVER;
    }
    return normalised;
  }),
  /* @__PURE__ */ v.title('Allowed origin'),
);

/** The schema type of {@link allowedOrigins}. */
export type AllowedOriginsSchema = v.SchemaWithPipe<
  readonly [ListSchema<OriginSchema>, v.TransformAction<string[], string[]>]
>;

/**
 * An occasion's `allowedOrigins`: at most 20 exact origins (see {@link origin}), duplicates
 * (after normalisation) removed.
 */
export const allowedOrigins: AllowedOriginsSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ list(origin, { label: 'Allowed origins', max: 20 }),
  /* @__PURE__ */ v.transform((origins: string[]): string[] => [...new Set(origins)]),
);
