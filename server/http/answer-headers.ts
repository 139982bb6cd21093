import type { Context } from 'hono';

/**
 * Sets a header on the answer a handler already made. Hono's `c.header` would copy the answer
 * into a new `Response` first, which makes @hono/node-server drop its fast path and rebuild the
 * body as a stream; the answers of `c.json`/`c.body` have mutable headers, so they are set in
 * place. An answer whose headers cannot change (`Response.redirect`) still goes through `c.header`.
 */
export function setAnswerHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
