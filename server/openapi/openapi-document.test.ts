import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import type { AreaDescription, OpenApiDocument } from './build-document';
import { EVENT_AREA, HOST_AREA } from './documents';

/**
 * Routes the app registers under the two areas that the documents leave out, and why. Auth.js's
 * own routes (`/auth/csrf`, `/auth/session`, `/auth/signout`, its providers) keep Auth.js's wire
 * format; the sign-in it takes is described as `POST /auth/callback/credentials`.
 */
const UNDOCUMENTED: Readonly<Record<string, string>> = {
  'GET /host/v1/auth/*': 'Auth.js’s own routes',
  'POST /host/v1/auth/*': 'Auth.js’s own routes',
};

const AREAS: ReadonlyArray<{ area: AreaDescription; table: string }> = [
  { area: HOST_AREA, table: 'a host table in server/openapi/ (host-account-, host-occasion-, host-data-rights- or host-integration-operations.ts)' },
  { area: EVENT_AREA, table: 'server/openapi/event-operations.ts' },
];

/** `METHOD /full/path` of every route the app registers in the two areas (middleware left out). */
function registeredRoutes(t: TestApp): Set<string> {
  const keys = new Set<string>();
  for (const { method, path } of t.app.routes) {
    if (method === 'ALL') continue;
    if (AREAS.some(({ area }) => path.startsWith(`${area.prefix}/`))) keys.add(`${method} ${path}`);
  }
  return keys;
}

/** What is wrong between the app's routes and the documents, one line per route. */
function coverageProblems(registered: Set<string>): string[] {
  const problems: string[] = [];
  const documented = new Set<string>();
  for (const { area, table } of AREAS) {
    for (const key of Object.keys(area.operations)) {
      const [method, path] = [key.slice(0, key.indexOf(' ')), key.slice(key.indexOf(' ') + 1)];
      const full = `${method} ${area.prefix}${path}`;
      documented.add(full);
      if (!registered.has(full)) problems.push(`${full} is documented but the app has no such route: remove '${key}' from ${table}.`);
    }
  }
  for (const full of registered) {
    if (documented.has(full) || full in UNDOCUMENTED) continue;
    const { area, table } = AREAS.find(({ area }) => full.includes(` ${area.prefix}/`))!;
    const key = full.replace(` ${area.prefix}`, ' ');
    problems.push(`${full} has no documentation: add '${key}': { summary, tag, caller, body?, query?, answers, errors? } to ${table}.`);
  }
  return problems;
}

describe('the OpenAPI documents', () => {
  let t: TestApp;
  const documents: Record<string, OpenApiDocument> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const { area } of AREAS) {
      const response = await t.app.request(`${area.prefix}/openapi.json`, { headers: { origin: 'https://integrator.example' } });
      expect(response.status).toBe(200);
      documents[area.prefix] = (await response.json()) as OpenApiDocument;
    }
  });
  afterAll(() => t.close());

  it('are served to anyone, from any origin, cacheable', async () => {
    for (const { area } of AREAS) {
      const response = await t.app.request(`${area.prefix}/openapi.json`, { headers: { origin: 'https://integrator.example' } });
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('cache-control')).toBe('public, max-age=300');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('are valid OpenAPI 3.1', async () => {
    for (const { area } of AREAS) {
      const document = documents[area.prefix]!;
      expect(document.openapi).toBe('3.1.0');
      const result = await new Validator().validate(structuredClone(document));
      expect(result.errors ?? [], area.prefix).toEqual([]);
      expect(result.valid, area.prefix).toBe(true);
    }
  });

  it('would be refused by the validator if an answer lacked its description', async () => {
    const broken = structuredClone(documents['/host/v1']!);
    delete (broken.paths['/account']!.get!.responses as Record<string, Record<string, unknown>>)['200']!.description;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('describe every route the app registers in both areas, and nothing else', () => {
    const registered = registeredRoutes(t);
    expect(coverageProblems(registered)).toEqual([]);
    expect(registered.size).toBeGreaterThan(80);
  });

  it('name the route that lacks documentation, and the entry that has no route, with where to fix it', () => {
    const registered = registeredRoutes(t);
    registered.add('POST /host/v1/occasion/:occasionId/seating-plan');
    registered.delete('GET /event/v1/info');
    expect(coverageProblems(registered)).toEqual([
      "GET /event/v1/info is documented but the app has no such route: remove 'GET /info' from server/openapi/event-operations.ts.",
      "POST /host/v1/occasion/:occasionId/seating-plan has no documentation: add 'POST /occasion/:occasionId/seating-plan': { summary, tag, caller, body?, query?, answers, errors? } to a host table in server/openapi/ (host-account-, host-occasion-, host-data-rights- or host-integration-operations.ts).",
    ]);
  });

  it('offer an API token on an occasion’s routes only, and document the 403 it gets elsewhere', () => {
    const paths = documents['/host/v1']!.paths;
    const securityOf = (path: string, method: string) => paths[path]![method]!.security;
    expect(securityOf('/occasion/{occasionId}/guests', 'get')).toEqual([{ hostSession: [] }, { apiToken: [] }]);
    expect(securityOf('/occasions/{occasionId}/guests', 'post')).toEqual([{ hostSession: [] }, { apiToken: [] }]);
    expect(securityOf('/account', 'get')).toEqual([{ hostSession: [] }]);
    expect(securityOf('/occasions', 'get')).toEqual([{ hostSession: [] }]);
    expect(securityOf('/account/password-reset', 'post')).toEqual([]);
    expect(Object.keys(paths['/account']!.get!.responses as object)).toContain('403');
  });

  it('name the area’s credentials and the contract’s error body on every error status', () => {
    expect(Object.keys((documents["/host/v1"]!.components as { securitySchemes: object }).securitySchemes)).toEqual(['hostSession', 'apiToken']);
    expect(Object.keys((documents["/event/v1"]!.components as { securitySchemes: object }).securitySchemes)).toEqual(['guestToken', 'guestCookie']);
    for (const document of Object.values(documents)) {
      for (const operations of Object.values(document.paths)) {
        for (const operation of Object.values(operations)) {
          const responses = operation.responses as Record<string, { content?: Record<string, { schema: unknown }> }>;
          for (const [status, response] of Object.entries(responses)) {
            if (Number(status) < 400) continue;
            expect(response.content?.['application/json']?.schema, `${String(operation.operationId)} ${status}`).toEqual({ $ref: '#/components/schemas/ErrorBody' });
          }
          expect(responses['503'], String(operation.operationId)).toBeDefined();
        }
      }
    }
  });
});
