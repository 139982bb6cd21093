import { existsSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

export interface ExamplesOptions {
  /** The example sites' sources (`examples/`). */
  examplesDir: string;
  /** Built files (`dist/`): the React example's bundle is `dist/examples/react/app.js`. */
  distDir: string;
  /** The API's origin the snippets load `widget.js` from, e.g. `http://localhost:8787`. */
  apiOrigin: string;
  /** The occasion the examples show when the URL has no `?occasion=` (the demo's). */
  occasionId?: string | undefined;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
};

/** An occasion id as the server makes them (base64url); anything else is ignored. */
const OCCASION_ID = /^[A-Za-z0-9_-]{1,64}$/;

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The path with its `%` escapes decoded; undefined when one does not decode (`/%ZZ`). */
function decodePath(rawPath: string): string | undefined {
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
}

/**
 * The example host sites: static pages from `examples/`, served on their own port so they are
 * a different site from the API. In `.html` files, `{{API_ORIGIN}}` becomes the API's origin
 * (the snippet's `<script src="{{API_ORIGIN}}/widget.js">`) and `{{OCCASION_ID}}` the occasion
 * of `?occasion=` or the demo's.
 */
export function createExamplesApp(options: ExamplesOptions): Hono {
  const app = new Hono();
  const examplesRoot = resolve(options.examplesDir);
  const reactBundle = resolve(options.distDir, 'examples', 'react', 'app.js');

  app.get('/react/app.js', (c) => {
    if (!existsSync(reactBundle)) return c.text('Build the examples first: npx tsup', 404);
    return c.body(readFileSync(reactBundle), 200, { 'content-type': TYPES['.js']!, 'cache-control': 'no-cache' });
  });

  app.get('*', (c) => {
    let path = decodePath(new URL(c.req.url).pathname);
    if (path === undefined) return c.text('Bad request: the address is not valid.', 400);
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(examplesRoot, path));
    if (!file.startsWith(examplesRoot + sep) || !existsSync(file)) return c.text('Not found', 404);
    if (statSync(file).isDirectory()) return c.redirect(`${c.req.path}/`);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    if (!type.startsWith('text/html')) return c.body(readFileSync(file), 200, { 'content-type': type, 'cache-control': 'no-cache' });
    const asked = c.req.query('occasion') ?? '';
    const occasionId = OCCASION_ID.test(asked) ? asked : (options.occasionId ?? '');
    const html = readFileSync(file, 'utf8')
      .replaceAll('{{API_ORIGIN}}', escapeHtml(options.apiOrigin))
      .replaceAll('{{OCCASION_ID}}', escapeHtml(occasionId));
    return c.body(html, 200, { 'content-type': type, 'cache-control': 'no-cache' });
  });

  return app;
}

export interface ExamplesServer {
  /** e.g. `http://127.0.0.1:8788` */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves the examples over HTTP on `port` (0: any free port). */
export function startExamplesServer(options: ExamplesOptions & { port: number }): Promise<ExamplesServer> {
  const app = createExamplesApp(options);
  return new Promise((ready) => {
    const server = serve({ fetch: app.fetch, port: options.port }, () => {
      const { port } = server.address() as AddressInfo;
      ready({
        url: `http://127.0.0.1:${port}`,
        port,
        close: () =>
          new Promise<void>((done) => {
            if ('closeAllConnections' in server) server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
