import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

/** What Hono's compress middleware can write. */
const COMPRESSIBLE = /\b(gzip|deflate)\b/i;

/**
 * Hono's gzip/deflate for answers outside the guest area, only when the client takes one.
 * `Vary: Accept-Encoding` is set before the handler runs, so it goes into the answer as it is
 * made: set afterwards (as Hono's middleware does), it makes @hono/node-server rebuild every
 * answer as a full `Response`. The guest area's answers are a few kB of JSON and are not
 * compressed: Hono's threshold cannot see the length of a `c.json` text, so it would gzip them all.
 */
export function compressAnswers(threshold = 2048): MiddlewareHandler {
  const compressLarge = compress({ threshold });
  return (c, next) => {
    if (c.req.path.startsWith('/event/')) return next();
    c.header('Vary', 'Accept-Encoding');
    return COMPRESSIBLE.test(c.req.header('accept-encoding') ?? '') ? compressLarge(c, next) : next();
  };
}
