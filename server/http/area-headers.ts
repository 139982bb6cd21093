import type { Context } from 'hono';
import type { JsonBody } from '../data/json-body';
import { setAnswerHeader } from './answer-headers';

/** A header list fixed when the process starts. */
export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

declare module 'hono' {
  interface ContextVariableMap {
    /** The fixed headers of the request's area (`/host/`, `/event/`, the widget's files), set by the security headers. */
    areaHeaders: AreaHeaders;
    /** Set when the client takes an encoding Hono's compress writes: answers from this many bytes are compressed. */
    compressFrom: number;
    /**
     * Headers of this request's answer known before its handler runs (the guest area's CORS
     * headers once the origin is judged), as one frozen object that stays the same for the same
     * values: {@link jsonAnswer} puts them in its answer's header object.
     */
    answerHeaders: Readonly<Record<string, string>>;
  }
}

/**
 * Every header an area's answers carry whatever the handler does (security headers, `Vary`,
 * `Cache-Control`), fixed at start. The area's middleware puts them on an answer after its
 * handler, in place ({@link applyAreaHeaders}), unless the handler answered with
 * {@link jsonAnswer}, which carries them already.
 */
export class AreaHeaders {
  /** The list with a JSON `Content-Type`, as one frozen plain object. */
  readonly json: Readonly<Record<string, string>>;
  private readonly values: ReadonlyMap<string, string>;

  /** {@link json} with a request's known answer headers, by those headers' object. */
  private readonly jsonWith = new WeakMap<object, Readonly<Record<string, string>>>();

  constructor(readonly list: HeaderList) {
    this.values = new Map(list);
    this.json = Object.freeze({ ...Object.fromEntries(list), 'Content-Type': 'application/json' });
  }

  /** {@link json} and `extra` as one frozen object, made once for each `extra` object. */
  jsonAnd(extra: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
    let headers = this.jsonWith.get(extra);
    if (headers === undefined) this.jsonWith.set(extra, (headers = Object.freeze({ ...this.json, ...extra })));
    return headers;
  }

  /** Whether the area's answers carry this header with this value (then no middleware needs to set it). */
  has(name: string, value: string): boolean {
    return this.values.get(name) === value;
  }
}

/**
 * Marks an answer made by {@link jsonAnswer}: it carries its area's headers already. A property
 * of the answer itself, so an answer put in its place is not taken for it (a `WeakSet` did the
 * same at ~1 k instructions a request, giving each new answer an identity hash).
 */
const COMPLETE = Symbol('kindly.completeAnswer');
/** Marks the answer of {@link jsonAnswer} that carries the request's `answerHeaders` too: that object. */
const WITH = Symbol('kindly.answerHeaders');
type Marked = Response & { [COMPLETE]?: true; [WITH]?: object };

/**
 * A 200 JSON text answered with its area's headers in one plain object, for the hot reads.
 * Hono's `c.body` would put them in a `Headers` (each name and value checked and lowercased,
 * then sorted and copied back out by @hono/node-server): about a fifth of a host read's
 * instructions. Nothing set with `c.header` before the handler is kept, so only routes whose
 * middleware sets none may use it; headers known before the handler go in `answerHeaders`
 * (the guest area's CORS headers: set on the answer afterwards, they made node-server build a
 * `Headers` of all the answer's headers and then copy it out again, ~95 k instructions of a
 * cross-site `GET /event/v1/info`). Falls back to `c.body` when there is no area (a bare test
 * app) or when the answer may be compressed.
 */
export function jsonAnswer(c: Context, body: JsonBody): Response {
  const area = c.get('areaHeaders');
  if (area === undefined || mayBeCompressed(c, body)) return c.body(body, 200, { 'Content-Type': 'application/json' });
  const extra = c.get('answerHeaders');
  const answer: Marked = new Response(body, { status: 200, headers: extra === undefined ? area.json : area.jsonAnd(extra) });
  answer[COMPLETE] = true;
  if (extra !== undefined) answer[WITH] = extra;
  return answer;
}

/** Whether the request's answer was made by {@link jsonAnswer} with these `answerHeaders` in it. */
export function answeredWith(c: Context, extra: object): boolean {
  return (c.res as Marked)[WITH] === extra;
}

function mayBeCompressed(c: Context, body: JsonBody): boolean {
  const from = c.get('compressFrom');
  if (from === undefined) return false;
  if (typeof body !== 'string') return body.byteLength >= from;
  // A UTF-16 code unit is at most 3 bytes of UTF-8: most answers are clear without counting.
  return body.length * 3 >= from && Buffer.byteLength(body) >= from;
}

/** Whether the request was answered by {@link jsonAnswer} (with its area's headers, below any compression threshold). */
export function isJsonAnswer(c: Context): boolean {
  return (c.res as Marked)[COMPLETE] === true;
}

/**
 * Puts the area's headers on an answer made otherwise, in place ({@link setAnswerHeader}), so it
 * stays on @hono/node-server's fast path. `Vary` is added to, never replaced.
 */
export function applyAreaHeaders(c: Context, area: AreaHeaders): void {
  if (isJsonAnswer(c)) return;
  for (const [name, value] of area.list) {
    if (name === 'Vary') addVary(c, value);
    else setAnswerHeader(c, name, value);
  }
}

function addVary(c: Context, value: string): void {
  const current = c.res.headers.get('Vary');
  if (current === null || current === '') setAnswerHeader(c, 'Vary', value);
  else if (current !== '*' && !current.toLowerCase().split(/\s*,\s*/).includes(value.toLowerCase())) setAnswerHeader(c, 'Vary', `${current}, ${value}`);
}
