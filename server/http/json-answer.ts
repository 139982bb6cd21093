import type { Context } from 'hono';

/** A JSON answer's text, or its UTF-8 bytes (what the hot reads keep: {@link jsonBytes}). */
export type JsonBody = string | Uint8Array<ArrayBuffer>;

const utf8 = new TextEncoder();
const JSON_TYPE = { 'Content-Type': 'application/json' } as const;

/**
 * A value's JSON as UTF-8 bytes, for an answer kept and sent many times: a text body is encoded
 * again for every send and its length counted for `Content-Length`; bytes go out as they are.
 */
export function jsonBytes(value: unknown): Uint8Array<ArrayBuffer> {
  return utf8.encode(JSON.stringify(value));
}

/**
 * A 200 answer of JSON already serialised (text, or bytes kept by a hot read's cache), through
 * Hono's `c.body`: the area's headers, CORS and compression are put on it by their middleware
 * like on any other answer.
 */
export function jsonAnswer(c: Context, body: JsonBody): Response {
  return c.body(body, 200, JSON_TYPE);
}
