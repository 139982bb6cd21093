import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import type { AppEnv } from '../app-env';

/** Where the reference page lives, and its two scripts beside it. */
export const API_REFERENCE_PATH = '/api-reference';
/** Scalar's standalone bundle, copied into `dist/api-reference/` by the build (`tsup.config.ts`). */
export const REFERENCE_BUNDLE_FILE = join('api-reference', 'standalone.js');

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
function page(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Kindly API reference</title><link rel="icon" href="data:,"></head><body><div id="reference"></div><script src="${API_REFERENCE_PATH}/scalar.js"></script><script src="${API_REFERENCE_PATH}/start.js"></script></body></html>`;
}

const SCRIPT_HEADERS = { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=300' };

/** Serves the API reference page and Scalar's bundle from the build in `distDir`. */
export function serveApiReference(app: Hono<AppEnv>, distDir: string): void {
  let bundle: string | undefined;
  app.get(API_REFERENCE_PATH, (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(page());
  });
  app.get(`${API_REFERENCE_PATH}/scalar.js`, (c) => {
    bundle ??= readFileSync(join(distDir, REFERENCE_BUNDLE_FILE), 'utf8');
    return c.body(bundle, 200, SCRIPT_HEADERS);
  });
  app.get(`${API_REFERENCE_PATH}/start.js`, (c) => c.body(START_SCRIPT, 200, SCRIPT_HEADERS));
}
