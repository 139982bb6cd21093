import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1), as plain data. */
export type JsonSchema = { [keyword: string]: unknown };

/**
 * A core schema as JSON Schema: what it accepts, with its titles, lengths and defaults. Checks
 * that JSON Schema cannot say (a trimmed text, an IANA time zone) stay the server's, so the
 * converter skips them instead of failing.
 */
export function fromValibot(schema: v.GenericSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, { errorMode: 'ignore' }) as JsonSchema;
  return withStandardFormats(rest) as JsonSchema;
}

/**
 * Core's string fields carry their own metadata (`format: 'text' | 'id' | 'instant' | 'email' |
 * 'date'`, `multiline`): as JSON Schema, an instant is a `date-time`, an email field that may be
 * empty is empty or an email, `text` and `id` say nothing a validator knows, and `multiline`
 * becomes the extension `x-multiline`.
 */
function withStandardFormats(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withStandardFormats);
  if (typeof value !== 'object' || value === null) return value;
  const { format, multiline, ...rest } = Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, withStandardFormats(inner)]),
  ) as JsonSchema;
  const schema: JsonSchema = multiline === undefined ? rest : { ...rest, 'x-multiline': multiline };
  if (format === 'instant') return { ...schema, format: 'date-time' };
  if (format === 'date') return { ...schema, format: 'date' };
  if (format === 'email' && schema.minLength === 0) return { ...schema, anyOf: [{ maxLength: 0 }, { format: 'email' }] };
  if (format === 'email') return { ...schema, format: 'email' };
  return format === 'text' || format === 'id' || format === undefined ? schema : { ...schema, format };
}

/** The properties and required keys of an object schema made by {@link fromValibot}. */
function objectParts(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: string[] } {
  return {
    properties: (schema.properties ?? {}) as Record<string, JsonSchema>,
    required: (schema.required ?? []) as string[],
  };
}

/** A property as an answer holds it: always there, so its request default says nothing. */
function withoutDefault({ default: _default, ...rest }: JsonSchema): JsonSchema {
  return rest;
}

/**
 * An entity as the API answers it: the fields of its create body (every one present, as the
 * server fills in the defaults) and the fields the server sets, nothing else. This is how core
 * types an entity (`interface Guest extends GuestCreate { id, … }`).
 */
export function entity(
  createSchema: v.GenericSchema,
  serverFields: Record<string, JsonSchema>,
  options: { omit?: readonly string[] } = {},
): JsonSchema {
  const fields = Object.entries(objectParts(fromValibot(createSchema)).properties).filter(
    ([key]) => !options.omit?.includes(key),
  );
  return strictObject({ ...Object.fromEntries(fields.map(([key, field]) => [key, withoutDefault(field)])), ...serverFields });
}

/** Picks fields of an answer schema made by {@link entity} or {@link strictObject}. */
export function pick(schema: JsonSchema, keys: readonly string[], extra: Record<string, JsonSchema> = {}): JsonSchema {
  const { properties } = objectParts(schema);
  return strictObject({ ...Object.fromEntries(keys.map((key) => [key, properties[key] ?? {}])), ...extra });
}

/** An object with exactly these properties, all of them present. */
export function strictObject(properties: Record<string, JsonSchema>): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}

export const string: JsonSchema = { type: 'string' };
export const id: JsonSchema = { type: 'string', minLength: 1 };
export const instant: JsonSchema = { type: 'string', format: 'date-time' };
export const date: JsonSchema = { type: 'string', format: 'date' };
export const count: JsonSchema = { type: 'integer', minimum: 0 };
export const boolean: JsonSchema = { type: 'boolean' };

export const arrayOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
export const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
export const oneOfValues = (values: readonly string[]): JsonSchema => ({ type: 'string', enum: [...values] });
/** A reference to a schema of the document's `components.schemas`. */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
