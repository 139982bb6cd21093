import type { Context } from 'hono';

/** A header list fixed when the process starts. */
export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

declare module 'hono' {
  interface ContextVariableMap {
    /** The fixed headers of the request's area (`/host/`, `/event/`, the widget's files), set by the security headers. */
    areaHeaders: AreaHeaders;
  }
}

/**
 * Every header an area's answers carry whatever the handler does (security headers, `Vary`,
 * `Cache-Control`), fixed at start. The area's middleware puts them on an answer after its
 * handler ({@link applyAreaHeaders}).
 */
export class AreaHeaders {
  private readonly values: ReadonlyMap<string, string>;

  constructor(readonly list: HeaderList) {
    this.values = new Map(list);
  }

  /** Whether the area's answers carry this header with this value (then no middleware needs to set it). */
  has(name: string, value: string): boolean {
    return this.values.get(name) === value;
  }
}

/** Puts the area's headers on the answer ({@link setAnswerHeader}). `Vary` is added to, never replaced. */
export function applyAreaHeaders(c: Context, area: AreaHeaders): void {
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
