import type { Context } from 'hono';
import type { JsonBody } from '../data/json-body';

const JSON_TYPE = { 'Content-Type': 'application/json' } as const;

/**
 * A 200 answer of JSON already serialised (text, or bytes kept by a hot read's cache), through
 * Hono's `c.body`. In an area, with every header its answers carry in one precomputed set (the
 * area's fixed headers, `Content-Type`, and the request's `answerHeaders`: an allowed origin's
 * CORS headers), marked as complete so that the area's and the CORS middleware leave it as it is:
 * setting those ten-odd headers one by one on the finished answer cost more than the rest of a
 * cached read. Headers set with `c.header` before the handler are kept (Hono merges them). Outside
 * an area (a bare test app), the JSON type alone; compression and every other step see it like
 * any other answer.
 */
export function jsonAnswer(c: Context, body: JsonBody): Response {
  const area = c.get('areaHeaders');
  if (area === undefined) return c.body(body, 200, JSON_TYPE);
  const answer = c.body(body, 200, area.jsonHeaders(c.get('answerHeaders')));
  c.set('completeAnswer', answer);
  return answer;
}
