import { Readable, pipeline } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { Context } from 'hono';
import { acceptedEncoding } from './accepted-encoding';

/**
 * Brotli's fastest quality with its larger hash: measured on the 10,000-guest list (8.1 MB),
 * quality 5 gives 354 kB where 4 gives 459 kB and gzip 465 kB, at about gzip's speed.
 */
export const BROTLI_QUALITY = 5;
/**
 * A 256 kB window instead of 4 MiB: a list's repeats (keys, ids, activity ids) lie close
 * together, and the window's hash tables stay in the CPU's cache. On the bench's 10,000-guest
 * list (8.1 MB), one shot at quality 5, medians of 5: 256 kB 40.8 ms and 349.6 kB, 1 MiB 60.1 ms
 * and 349.9 kB, 4 MiB 56.4 ms and 354.4 kB; 128 kB 43.8 ms and 355.6 kB.
 */
export const BROTLI_WINDOW_BITS = 18;

/** An ETag naming one revision of a resource: weak, as the bytes differ by encoding. */
export const revisionTag = (key: string, revision: number): string => `W/"${key}.${revision}"`;

/** Whether `If-None-Match` names this tag (weak comparison, as for GET). */
export function matchesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = tag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => {
    const trimmed = candidate.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === bare;
  });
}

/**
 * How far the text may run ahead of its compression: the whole list, so that making the next
 * piece never waits for zlib to finish the last one.
 */
const READ_AHEAD_BYTES = 16 * 1024 * 1024;
/** zlib's output chunk: larger than its 16 kB default, fewer hops between its thread and ours. */
const COMPRESSED_CHUNK_BYTES = 128 * 1024;

/** A piece of an answer's JSON text: a string, or its UTF-8 bytes. */
export type JsonPiece = string | Uint8Array;

/**
 * A JSON answer tagged with its revision: `304 Not Modified` when the client holds that
 * revision, else the text `build` gives in pieces, compressed as it is made (brotli when
 * accepted, else gzip; zlib works on libuv's threads while the next piece is made). A client
 * that goes away mid-answer ends the pieces' source too (and with it a streaming statement).
 * `Cache-Control: private, no-cache` makes every use revalidate, so a client never shows a
 * list older than the last write it asks after.
 */
export async function revisionedJson(c: Context, tag: string, build: () => Promise<Iterable<JsonPiece> | AsyncIterable<JsonPiece>>): Promise<Response> {
  const headers: Record<string, string> = { ETag: tag, 'Cache-Control': 'private, no-cache', Vary: 'Accept-Encoding' };
  if (matchesTag(c.req.header('if-none-match'), tag)) return c.body(null, 304, headers);
  const parts = await build();
  headers['Content-Type'] = 'application/json';
  const encoding = acceptedEncoding(c.req.header('accept-encoding'));
  if (!encoding) return c.body(await joined(parts), 200, headers);
  const stream = { writableHighWaterMark: READ_AHEAD_BYTES, chunkSize: COMPRESSED_CHUNK_BYTES };
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({
          ...stream,
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : createGzip({ ...stream, level: 6 });
  // `pipeline`, not `pipe`: a compressor destroyed (the client went away) destroys the source.
  pipeline(Readable.from(parts, { objectMode: false }), compressor, () => {});
  return c.body(Readable.toWeb(compressor) as ReadableStream<Uint8Array>, 200, { ...headers, 'Content-Encoding': encoding });
}
async function joined(parts: Iterable<JsonPiece> | AsyncIterable<JsonPiece>): Promise<Uint8Array<ArrayBuffer>> {
  const all: Uint8Array[] = [];
  for await (const part of parts) all.push(typeof part === 'string' ? Buffer.from(part) : part);
  return Buffer.concat(all);
}
