import * as v from 'valibot';
import { ConfigError } from './config-error';

/**
 * Schemas of single environment variables, each naming its variable in its message. A value
 * that is absent or empty takes the schema's default; an empty variable counts as unset.
 */

/** A whole number from `min` to `max`, as text; `what` completes "PORT must be …". */
export function wholeNumber(variable: string, what: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  const message = (issue: { input: unknown }) => `${variable} must be ${what}, not "${String(issue.input)}".`;
  return v.pipe(v.string(), v.regex(/^\d+$/, message), v.transform(Number), v.minValue(min, message), v.maxValue(max, message));
}

/** `1`/`true` on, `0`/`false` off. */
export function flag(variable: string) {
  return v.pipe(
    v.string(),
    v.picklist(['1', 'true', '0', 'false'], (issue) => `${variable} must be 1 or true (on) or 0 or false (off), not "${String(issue.input)}".`),
    v.transform((text) => text === '1' || text === 'true'),
  );
}

/**
 * A URL with one of `schemes` (e.g. `['postgres:', 'postgresql:']`); the message never repeats
 * the value, which may hold a password.
 */
export function urlWithScheme(variable: string, schemes: readonly string[], example: string) {
  const message = `${variable} must start with ${schemes.map((scheme) => `${scheme}//`).join(' or ')}, for example ${example}.`;
  return v.pipe(
    v.string(),
    v.check((text) => URL.canParse(text) && schemes.includes(new URL(text).protocol.toLowerCase()), message),
  );
}

/**
 * Parses the environment with `schema` after dropping empty variables; the first bad value
 * throws a {@link ConfigError} with its sentence.
 */
export function parseEnv<TSchema extends v.GenericSchema>(schema: TSchema, env: NodeJS.ProcessEnv): v.InferOutput<TSchema> {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(schema, present, { abortEarly: true });
  if (!result.success) throw new ConfigError(result.issues[0].message);
  return result.output;
}
