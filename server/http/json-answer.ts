import type { Context } from 'hono';
import type { JsonBody } from '../data/json-body';
import type { HeaderList } from './area-headers';

declare module 'hono' {
  interface ContextVariableMap {
    /** Headers decided before the answer is made (CORS, once the request's occasion was judged), for {@link jsonAnswer}. */
    decidedHeaders: HeaderList;
    /** A header only middleware after the handler can decide: {@link jsonAnswer} then leaves the headers to it. */
    headersUndecided: boolean;
    /** The answer carries every header already: the middleware after the handler adds none. */
    headersComplete: true;
  }
}

/**
 * A 200 answer of JSON already serialised (text, or bytes kept by a hot read's cache), the hot
 * reads' one fast path. When every header of the answer is known as it is made (the area's fixed
 * list and the CORS decision), they are written with it as one plain record, and the middleware
 * after the handler adds nothing: setting headers on an answer already made turns it into a full
 * `Response` with a `Headers` object, which cost these reads more than their own work. Otherwise
 * (CORS not yet decided) it is an ordinary `c.body`, completed by the middleware as any answer is.
 * `json-answer.test.ts` checks that both ways give the same headers.
 */
export function jsonAnswer(c: Context, body: JsonBody): Response {
  if (c.get('headersUndecided')) return c.body(body, 200, { 'Content-Type': 'application/json' });
  const headers: Record<string, string> = {};
  for (const [name, value] of c.get('areaHeaders')?.list ?? []) headers[name] = value;
  for (const [name, value] of c.get('decidedHeaders') ?? []) headers[name] = value;
  headers['Content-Type'] = 'application/json';
  headers['Content-Length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  c.set('headersComplete', true);
  return new Response(body, { status: 200, headers });
}
