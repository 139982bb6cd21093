import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context } from 'hono';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Brotli at a fast quality: most of its gain over gzip on JSON, at gzip's speed. */
export const BROTLI_QUALITY = 4;

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
 * A JSON answer tagged with its revision: `304 Not Modified` when the client holds that
 * revision, else the body from `build`, compressed here (brotli when accepted, else gzip; zlib
 * runs on libuv's threads, off the event loop). `Cache-Control: private, no-cache` makes
 * every use revalidate, so a client never shows a list older than the last write it asks after.
 */
export async function revisionedJson(c: Context, tag: string, build: () => Promise<string>): Promise<Response> {
  const headers: Record<string, string> = { ETag: tag, 'Cache-Control': 'private, no-cache', Vary: 'Accept-Encoding' };
  if (matchesTag(c.req.header('if-none-match'), tag)) return c.body(null, 304, headers);
  const body = Buffer.from(await build(), 'utf8');
  const encoding = chooseEncoding(c.req.header('accept-encoding'));
  headers['Content-Type'] = 'application/json';
  if (encoding === 'br') {
    const compressed = await brotli(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    });
    return c.body(new Uint8Array(compressed), 200, { ...headers, 'Content-Encoding': 'br' });
  }
  if (encoding === 'gzip') return c.body(new Uint8Array(await gzipAsync(body, { level: 6 })), 200, { ...headers, 'Content-Encoding': 'gzip' });
  return c.body(new Uint8Array(body), 200, headers);
}

function chooseEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  const offered = new Map(
    accept.split(',').map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const qParam = params.find((p) => p.trim().startsWith('q='));
      return [name!.trim(), qParam ? Number(qParam.trim().slice(2)) : 1] as const;
    }),
  );
  const weight = (name: string) => offered.get(name) ?? offered.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}
