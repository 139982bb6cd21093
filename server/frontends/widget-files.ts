import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import { brotliCompress, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { acceptedEncoding } from '../http/accepted-encoding';

/** A widget file as it is answered: its bytes plain, gzipped and brotli'd, made once per build. */
interface WidgetFile {
  /** The file's size and modification time when it was read: a rebuilt file is read again. */
  version: string;
  type: string;
  etag: string;
  lastModified: string;
  plain: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  /** Made on libuv's threads after the first read (~100 ms for the app at quality 11): gzip until then. */
  br?: Uint8Array<ArrayBuffer>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
};

/**
 * The widget's files (`widget.js`, `widget/app/*`), compressed once per build instead of per
 * request: every guest's page asks for them, and each answer used to be the file read as a
 * stream and gzipped on its way out (3 to 6 ms of the server's time for the app at rest,
 * measured; far more when the machine is busy). Brotli at its best quality for clients that take
 * it (made off the event loop; gzip until it is ready): the English first load is ~1.9 kB
 * smaller than gzipped. An `ETag` (the content's hash) answers revalidations with `304`.
 *
 * @param root The built widget's directory (`dist/widget`).
 * @returns A handler for a path under `root` (`widget.js`, `app/app-<hash>.js`); `undefined` when
 *   there is no such file (or the path leaves `root`), so the caller goes on.
 */
export function widgetFiles(root: string): (c: Context, path: string, cacheControl: string) => Response | undefined {
  const base = resolve(root);
  const files = new Map<string, WidgetFile>();
  return (c, path, cacheControl) => {
    const file = resolve(base, path);
    if (!file.startsWith(base + sep) || path.includes('\0')) return undefined;
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return undefined;
    }
    if (!stat.isFile()) return undefined;
    const version = `${stat.size}:${stat.mtimeMs}`;
    let made = files.get(file);
    if (made?.version !== version) {
      const plain = readFileSync(file);
      made = {
        version,
        type: TYPES[extname(file)] ?? 'application/octet-stream',
        etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`,
        lastModified: stat.mtime.toUTCString(),
        plain: new Uint8Array(plain),
        gzip: new Uint8Array(gzipSync(plain, { level: 9 })),
      };
      const entry = made;
      files.set(file, entry);
      brotliCompress(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }, (error, br) => {
        if (!error) entry.br = new Uint8Array(br);
      });
    }
    const headers: Record<string, string> = {
      'content-type': made.type,
      'cache-control': cacheControl,
      etag: made.etag,
      'last-modified': made.lastModified,
    };
    if (c.req.header('if-none-match')?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === made.etag)) return c.body(null, 304, headers);
    const accepted = acceptedEncoding(c.req.header('accept-encoding'));
    const encoding = accepted === 'br' && !made.br ? 'gzip' : accepted;
    if (encoding) headers['content-encoding'] = encoding;
    return c.body(encoding === 'br' ? made.br! : encoding === 'gzip' ? made.gzip : made.plain, 200, headers);
  };
}
