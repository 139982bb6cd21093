import type { Context } from 'hono';

/** A header list fixed when the process starts. */
export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

declare module 'hono' {
  interface ContextVariableMap {
    /** The fixed headers of the request's area (`/host/`, `/event/`, the widget's files), set by the security headers. */
    areaHeaders: AreaHeaders;
    /** The headers a JSON answer carries besides its area's, known before its handler runs (an allowed origin's CORS headers). */
    answerHeaders: Readonly<Record<string, string>>;
    /** The answer {@link jsonAnswer} made with every header of its area and `answerHeaders`. */
    completeAnswer: Response;
  }
}

/**
 * Whether the request's answer is the one {@link jsonAnswer} made with all its headers: one
 * replaced since (compressed, or an error's) is not, and gets them from the middleware.
 */
export function isCompleteAnswer(c: Context): boolean {
  const complete = c.get('completeAnswer');
  return complete !== undefined && complete === c.res;
}

/**
 * Every header an area's answers carry whatever the handler does (security headers, `Vary`,
 * `Cache-Control`), fixed at start. The area's middleware puts them on an answer after its
 * handler ({@link applyAreaHeaders}).
 */
export class AreaHeaders {
  private readonly values: ReadonlyMap<string, string>;
  /** The list with a JSON `Content-Type`, as one frozen object: a JSON answer's whole header set. */
  private readonly json: Readonly<Record<string, string>>;
  /** {@link json} with a request's extra headers (an allowed origin's CORS headers), by that extra object. */
  private readonly jsonAnd = new WeakMap<object, Readonly<Record<string, string>>>();

  constructor(readonly list: HeaderList) {
    this.values = new Map(list);
    this.json = Object.freeze({ ...Object.fromEntries(list), 'Content-Type': 'application/json' });
  }

  /** A JSON answer's headers: the area's, `Content-Type` and `extra`, one frozen object made once for each `extra` object. */
  jsonHeaders(extra?: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
    if (extra === undefined) return this.json;
    let headers = this.jsonAnd.get(extra);
    if (headers === undefined) this.jsonAnd.set(extra, (headers = Object.freeze({ ...this.json, ...extra })));
    return headers;
  }

  /** Whether the area's answers carry this header with this value (then no middleware needs to set it). */
  has(name: string, value: string): boolean {
    return this.values.get(name) === value;
  }
}

/**
 * Puts the area's headers on the answer ({@link setAnswerHeader}), unless {@link jsonAnswer} made
 * it with them. `Vary` is added to, never replaced.
 */
export function applyAreaHeaders(c: Context, area: AreaHeaders): void {
  if (isCompleteAnswer(c)) return;
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

/**
 * Sets a header on the answer the handler made, in its own `Headers` as Hono's secure-headers
 * middleware does: `c.header` after the handler would copy the answer into a new `Response` for
 * each header. An answer whose headers cannot change (`Response.redirect`) goes through `c.header`.
 */
export function setAnswerHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
