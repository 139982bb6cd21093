import { inspect } from 'node:util';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventFixture, eventRequest, signInGuest, WIDGET_ORIGIN, type EventFixture } from '../test-support/event-fixture';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { setAnswerHeader } from './answer-headers';

// What the real server does at start: @hono/node-server puts its lightweight Response in place
// of the global one, and writes such an answer straight to the socket while it stays unbuilt.
getRequestListener(() => new Response(null));

/** True while node-server has not had to build the answer as a full `Response` (its fast path). */
const isLightweight = (response: Response): boolean => {
  const shown = inspect(response, { depth: 1 });
  return shown.startsWith('Response (lightweight)') && /nativeResponse: undefined/.test(shown);
};

describe('setAnswerHeader', () => {
  it('sets a header on a finished answer without rebuilding it', async () => {
    const app = new Hono();
    app.use('*', async (c, next) => {
      await next();
      setAnswerHeader(c, 'Cache-Control', 'no-store');
    });
    app.get('/', (c) => c.json({ ok: true }));
    const response = await app.request('/');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(isLightweight(response)).toBe(true);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('still sets it on an answer whose headers cannot change', async () => {
    const app = new Hono();
    app.use('*', async (c, next) => {
      await next();
      setAnswerHeader(c, 'Cache-Control', 'no-store');
    });
    app.get('/', () => Response.redirect('https://example.com/elsewhere', 302));
    const response = await app.request('/');
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves a c.header after the handler rebuilding the answer (what the hot path avoids)', async () => {
    const app = new Hono();
    app.use('*', async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    });
    app.get('/', (c) => c.json({ ok: true }));
    expect(isLightweight(await app.request('/'))).toBe(false);
  });
});

describe('the hot routes stay on the fast path with every header in place', () => {
  let t: TestApp;
  let f: EventFixture;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    f = await createEventFixture(t);
    token = (await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode })).token;
  });
  afterAll(() => t.close());

  // A client that takes gzip gets it (Hono's compress cannot see a `c.json` text's length).
  it('host: GET one guest, uncompressed', async () => {
    const response = await t.app.request(`http://localhost/host/v1/occasion/${f.occasionId}/guest/${f.smith.jane}`, {
      headers: { cookie: f.host.jar.header() },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(isLightweight(response)).toBe(true);
  });

  it('guest: GET /info from the widget’s site, CORS and no-store included, never compressed', async () => {
    const response = await eventRequest(t.app, 'GET', '/info', { token, origin: WIDGET_ORIGIN, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(WIDGET_ORIGIN);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('vary')).toBe('Origin');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(isLightweight(response)).toBe(true);
  });

  it('guest: an error answer keeps its headers too', async () => {
    const response = await eventRequest(t.app, 'GET', '/info', { token: 'not-a-token', origin: WIDGET_ORIGIN });
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('access-control-allow-origin')).toBe(WIDGET_ORIGIN);
  });
});
