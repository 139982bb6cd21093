import type { Context, MiddlewareHandler } from 'hono';
import type { StatusCode } from 'hono/utils/http-status';
import { compress } from 'hono/compress';

/** Hono's compress looks at the answer after its `next`: here the answer is already made. */
const answered = async (): Promise<void> => {};

/** What Hono's compress middleware can write. */
const COMPRESSIBLE = /\b(gzip|deflate)\b/i;

/**
 * Hono's gzip/deflate for answers outside the guest area, only when the client takes one, and
 * only for answers of at least `threshold` bytes. `Vary: Accept-Encoding` is set before the
 * handler runs, so it goes into the answer as it is made: set afterwards with `c.header` (as
 * Hono's middleware does), it copies every answer into a new `Response`. The guest area's
 * answers are a few kB of JSON and are not compressed.
 */
export function compressAnswers(threshold = 2048): MiddlewareHandler {
  const compressLarge = compress({ threshold });
  const compressing: MiddlewareHandler = async (c, next) => {
    measureText(c);
    await next();
    await compressLarge(c, answered);
  };
  // Not an async function: a request that is not compressed goes on without a step of its own.
  return (c, next) => {
    if (c.req.path.startsWith('/event/')) return next();
    // An area whose fixed headers include it puts it on every answer (`security-headers.ts`).
    if (!c.get('areaHeaders')?.has('Vary', 'Accept-Encoding')) c.header('Vary', 'Accept-Encoding');
    if (!COMPRESSIBLE.test(c.req.header('accept-encoding') ?? '')) return next();
    return compressing(c, next);
  };
}

const lengthOf = (data: unknown): number | undefined =>
  typeof data === 'string' ? Buffer.byteLength(data) : data instanceof Uint8Array ? data.byteLength : undefined;

/**
 * Makes this request's text answers (`c.body` with a string or bytes, `c.json`) carry a `Content-Length`.
 * Hono's threshold reads that header, and neither sets it, so without it every answer (an
 * 800-byte guest too) went through zlib on libuv's threads and out in chunks.
 */
function measureText(c: Context): void {
  type Headers = Record<string, string>;
  type Respond = (data: Parameters<Context['newResponse']>[0], arg?: StatusCode | ResponseInit, headers?: Headers) => Response;
  // Hono types `c.body` as overloads by data and status; one signature over all of them stands for it here.
  const body = c.body as Respond;
  const measured: Respond = (data, arg, headers) => {
    const length = lengthOf(data);
    return body(data, arg, length === undefined ? headers : { 'Content-Length': String(length), ...headers });
  };
  c.body = measured as Context['body'];
  c.json = ((object, arg, headers) =>
    measured(JSON.stringify(object), arg, { 'Content-Type': 'application/json', ...(headers as Headers | undefined) })) as Context['json'];
}
