import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from '../app-env';

/**
 * Serves the built dashboard at `/` (any non-API path falls back to its index.html, so the
 * router can take it) and the widget at `/widget.js` plus its chunks under `/widget/`.
 */
export function serveFrontends(app: Hono<AppEnv>, distDir: string): void {
  const root = relative(process.cwd(), distDir) || '.';
  const widgetRoot = join(root, 'widget');
  app.get('/widget.js', serveStatic({ root: widgetRoot, path: 'widget.js', onFound: shortCache }));
  // The widget's app and chunks are ES modules imported by any page: public files, so CORS for all, never credentials.
  app.get('/widget/*', serveStatic({ root: widgetRoot, rewriteRequestPath: (path) => path.replace(/^\/widget/, ''), onFound: publicModule }));
  app.get('/assets/*', serveStatic({ root: join(root, 'dashboard'), onFound: longCache }));

  const indexFile = join(distDir, 'dashboard', 'index.html');
  app.get('*', async (c, next) => {
    const path = c.req.path;
    if (path.startsWith('/host/') || path.startsWith('/event/') || !existsSync(indexFile)) return next();
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8'));
  });
}

const shortCache = (_path: string, c: { header(name: string, value: string): void }) =>
  c.header('Cache-Control', 'public, max-age=300');
const publicModule = (path: string, c: { header(name: string, value: string): void }) => {
  shortCache(path, c);
  c.header('Access-Control-Allow-Origin', '*');
};
const longCache = (_path: string, c: { header(name: string, value: string): void }) =>
  c.header('Cache-Control', 'public, max-age=31536000, immutable');
