import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { screenDataPaths } from '../../core/client/screen-data';
import { ApiError } from '../data/api-error';
import { widgetFiles } from './widget-files';
import { styleNonce } from '../middleware/security-headers/security-headers';

/** Paths that are never the dashboard's pages: the two API areas and the built files. */
const NOT_PAGES = ['/host/', '/event/', '/assets/', '/widget/'];

/**
 * Serves the built dashboard at `/` and the widget at `/widget.js` plus its chunks under
 * `/widget/`. Only page requests (GET of a path without a file extension, from a client that
 * takes HTML) fall back to the dashboard's index.html, so the router can take them; a missing
 * file answers 404.
 */
export function serveFrontends(app: Hono<AppEnv>, distDir: string): void {
  const root = relative(process.cwd(), distDir) || '.';
  // Compressed once per build (gzip and brotli), with an ETag: widget-files.ts.
  const widgetFile = widgetFiles(join(distDir, 'widget'));
  app.get('/widget.js', (c, next) => widgetFile(c, 'widget.js', SHORT_CACHE) ?? next());
  // The widget's app and chunks are ES modules imported by any page: the security-headers
  // middleware gives every widget answer `Access-Control-Allow-Origin: *` (never credentials).
  app.get('/widget/*', (c, next) => widgetFile(c, c.req.path.slice('/widget/'.length), SHORT_CACHE) ?? next());
  // The app's file is named by its content (`app-<hash>.js`, the name widget.js imports). A page
  // whose widget.js is still an earlier build's (cached up to 5 minutes) asks for that build's
  // app, gone since: it gets a module that re-exports the current one, the file the current
  // lazy chunks import too (one module instance), instead of a 404 and no RSVP form.
  app.get('/widget/app/:file{app-[\\w-]+\\.js}', (c, next) => {
    const current = currentWidgetApp(join(distDir, 'widget', 'app'));
    if (!current || current === c.req.param('file')) return next();
    c.header('Cache-Control', 'no-cache');
    return c.body(`export * from './${current}';\n`, 200, { 'content-type': 'text/javascript; charset=utf-8' });
  });
  app.get('/assets/*', serveStatic({ root: join(root, 'dashboard'), onFound: longCache }));

  const indexFile = join(distDir, 'dashboard', 'index.html');
  app.get('*', async (c, next) => {
    if (!isPageRequest(c) || !existsSync(indexFile)) return next();
    if (hasMalformedEscape(c.req.url)) throw new ApiError(400, 'VALIDATION_FAILED', 'The address is not valid.');
    c.header('Cache-Control', 'no-cache');
    return c.html(withDataPreloads(withStyleNonce(readFileSync(indexFile, 'utf8'), styleNonce(c)), c.req.path));
  });
}

/** The built widget app's file name (`app-<hash>.js`), if there is one. */
function currentWidgetApp(dir: string): string | undefined {
  try {
    return readdirSync(dir).find((file) => /^app-[\w-]+\.js$/.test(file));
  } catch {
    return undefined;
  }
}

/** A page of the dashboard's router: not an API or file path, and asked for as HTML. */
export function isPageRequest(c: Context): boolean {
  const path = c.req.path;
  if (NOT_PAGES.some((prefix) => path.startsWith(prefix)) || extname(path) !== '') return false;
  const accept = c.req.header('accept');
  return !accept || /text\/html|\*\/\*/.test(accept);
}

/** True when the URL's path has a `%` escape that does not decode (`/%ZZ`). */
function hasMalformedEscape(url: string): boolean {
  try {
    decodeURIComponent(new URL(url).pathname);
    return false;
  } catch {
    return true;
  }
}

/** Hands the answer's CSP nonce to React Aria, which puts it on the `<style>` elements it adds. */
function withStyleNonce(html: string, nonce: string | undefined): string {
  if (!nonce) return html;
  return html.replace(/<head[^>]*>/i, (head) => `${head}<meta property="csp-nonce" nonce="${nonce}">`);
}

/**
 * Names the first download of the page's screen, the session every screen waits for, as a
 * `rel=preload` fetch in its head, so it is in before the scripts that read it have loaded (at 1×
 * rows showed ~300 ms sooner). Not the lists: the guest list named here took the server while the
 * session, the occasion and the scripts waited (slower, measured), and over HTTP/1.1 a browser
 * opens only six connections to a host. The entry asks for the rest as soon as it runs.
 */
function withDataPreloads(html: string, pagePath: string): string {
  const links = screenDataPaths(pagePath)
    .slice(0, 1)
    .map((href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`)
    .join('');
  return html.replace(/<\/head>/i, (end) => `${links}${end}`);
}

const SHORT_CACHE = 'public, max-age=300';
const longCache = (_path: string, c: { header(name: string, value: string): void }) =>
  c.header('Cache-Control', 'public, max-age=31536000, immutable');
