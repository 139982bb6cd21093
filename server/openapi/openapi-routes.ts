import type { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { EVENT_AREA, HOST_AREA, openApiDocument } from './documents';
import type { AreaDescription } from './build-document';

/** The two documents' paths. */
export const OPENAPI_PATHS = ['/host/v1/openapi.json', '/event/v1/openapi.json'] as const;

/**
 * `GET /host/v1/openapi.json` and `GET /event/v1/openapi.json`: public, the same for everyone,
 * so cacheable (their headers: `security-headers.ts`). Mounted before the areas' own
 * middleware, so neither a session nor an allowed origin is asked for.
 */
export function serveOpenApiDocuments(app: Hono<AppEnv>): void {
  const serve = (path: string, area: AreaDescription) => {
    let text: string | undefined;
    app.get(path, (c) => {
      text ??= JSON.stringify(openApiDocument(area));
      return c.body(text, 200, { 'Content-Type': 'application/json' });
    });
  };
  serve(OPENAPI_PATHS[0], HOST_AREA);
  serve(OPENAPI_PATHS[1], EVENT_AREA);
}
