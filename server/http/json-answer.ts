import type { Context } from 'hono';
import type { JsonBody } from '../data/json-body';

const JSON_TYPE = { 'Content-Type': 'application/json' } as const;

/**
 * A 200 answer of JSON already serialised (text, or bytes kept by a hot read's cache), through
 * Hono's `c.body`: the area's headers, CORS and compression are put on it by their middleware
 * like on any other answer.
 */
export function jsonAnswer(c: Context, body: JsonBody): Response {
  return c.body(body, 200, JSON_TYPE);
}
