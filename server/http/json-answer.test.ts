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

  /** Every header but the body's own, lower-cased, for comparing two answers of one area. */
  const headersOf = (response: Response): Record<string, string> =>
    Object.fromEntries([...response.headers].filter(([name]) => name !== 'content-length'));

  it('written with the answer, the headers are those an ordinary answer of the area gets from its middleware', async () => {
    const host = { headers: { cookie: f.host.jar.header() } };
    const fast = await t.app.request(`http://localhost/host/v1/occasion/${f.occasionId}/guest/${f.smith.jane}`, host);
    const ordinary = await t.app.request(`http://localhost/host/v1/occasion/${f.occasionId}/household/${f.smith.id}`, host);
    expect(ordinary.status).toBe(200);
    expect(headersOf(fast)).toEqual(headersOf(ordinary));
    expect(fast.headers.get('content-length')).toBe(String((await fast.arrayBuffer()).byteLength));

    for (const origin of [undefined, WIDGET_ORIGIN]) {
      const fastGuest = await eventRequest(t.app, 'GET', '/info', { token, origin });
      const ordinaryGuest = await eventRequest(t.app, 'GET', '/household', { token, origin });
      expect(ordinaryGuest.status).toBe(200);
      expect(headersOf(fastGuest)).toEqual(headersOf(ordinaryGuest));
    }
  });
});
