import { join } from 'node:path';
import type { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { widgetFiles } from '../frontends/widget-files';

/** Where the reference page lives, and its two scripts beside it. */
export const API_REFERENCE_PATH = '/api-reference';
/** Where the build (`tsup.config.ts`) copies Scalar's standalone bundle, under `dist/`. */
const BUNDLE_DIR = 'api-reference';
const BUNDLE_FILE = 'standalone.js';

/**
 * Scalar's settings: both areas' documents from this server, and nothing from elsewhere (no
 * fonts, no telemetry, no AI agent, no test requests through Scalar's proxy), which the page's
 * CSP would refuse anyway.
 */
const SETTINGS = {
  sources: [
    { title: 'Host API', slug: 'host', url: '/host/v1/openapi.json' },
    { title: 'Guest API', slug: 'event', url: '/event/v1/openapi.json' },
  ],
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  hideTestRequestButton: true,
  agent: { disabled: true },
  showDeveloperTools: 'never',
  defaultOpenAllTags: false,
};

const START_SCRIPT = `Scalar.createApiReference('#reference', ${JSON.stringify(SETTINGS)});\n`;

/** The page: no inline script. */
const PAGE = [
  '<!doctype html><html lang="en"><head>',
  '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
  '<title>Kindly API reference</title><link rel="icon" href="data:,">',
  '</head><body><div id="reference"></div>',
  `<script src="${API_REFERENCE_PATH}/scalar.js"></script><script src="${API_REFERENCE_PATH}/start.js"></script>`,
  '</body></html>',
].join('');

const SHORT_CACHE = 'public, max-age=300';

/**
 * Serves the API reference page and Scalar's bundle from the build in `distDir`. The bundle
 * (4 MB) is compressed once per build, with an ETag, as the widget's files are.
 */
export function serveApiReference(app: Hono<AppEnv>, distDir: string): void {
  const bundle = widgetFiles(join(distDir, BUNDLE_DIR));
  app.get(API_REFERENCE_PATH, (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(PAGE);
  });
  app.get(`${API_REFERENCE_PATH}/scalar.js`, (c, next) => bundle(c, BUNDLE_FILE, SHORT_CACHE) ?? next());
  app.get(`${API_REFERENCE_PATH}/start.js`, (c) =>
    c.body(START_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': SHORT_CACHE }),
  );
}
