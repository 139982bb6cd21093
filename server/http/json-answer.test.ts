import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventFixture, eventRequest, signInGuest, WIDGET_ORIGIN, type EventFixture } from '../test-support/event-fixture';
import { createTestApp, type TestApp } from '../test-support/test-app';

describe('the hot reads answered with jsonAnswer carry every header', () => {
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
  });

  it('guest: an error answer keeps its headers too', async () => {
    const response = await eventRequest(t.app, 'GET', '/info', { token: 'not-a-token', origin: WIDGET_ORIGIN });
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('access-control-allow-origin')).toBe(WIDGET_ORIGIN);
  });
});
