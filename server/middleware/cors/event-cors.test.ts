import { CompiledQuery } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GuestSignInResult } from '../../../core/schemas/event';
import { BASE } from '../../in-process/host-session';
import {
  createEventFixture,
  eventRequest,
  randomAddress,
  signInGuest,
  WIDGET_ORIGIN,
  type EventFixture,
} from '../../test-support/event-fixture';
import { expectJson } from '../../routes/host/host-fixtures';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test-support/test-app';
import { handMovedClock } from '../../test-support/hand-moved-clock';
import { originLookup } from './event-cors';
import { keepUnknownOrigins, UNKNOWN_ORIGIN_TTL_MS, UnknownOrigins } from './unknown-origins';

const REFUSED_ORIGINS = {
  unlisted: 'https://someone-else.com',
  null: 'null',
  suffix: 'https://sam-and-alex.com.evil.com',
  'http twin': 'http://sam-and-alex.com',
  'other port': 'https://sam-and-alex.com:8443',
  'with a path': 'https://sam-and-alex.com/rsvp',
};

function expectCors(response: Response, origin: string): void {
  expect(response.headers.get('access-control-allow-origin')).toBe(origin);
  expect(response.headers.get('access-control-allow-credentials')).toBe('true');
  expect(response.headers.get('access-control-expose-headers')).toContain('Retry-After');
  expect(response.headers.get('vary')).toContain('Origin');
}

/** The refusal: readable by any page (so the widget can name the problem), never with credentials. */
async function expectRefusal(response: Response): Promise<void> {
  expect(response.status).toBe(403);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  expect(response.headers.get('vary')).toContain('Origin');
  expect(await response.json()).toEqual({
    error: { code: 'ORIGIN_NOT_ALLOWED', message: 'This website may not use this occasion. Ask the host to add it.' },
  });
}

function expectNoCors(response: Response): void {
  expect(response.headers.get('access-control-allow-origin')).toBeNull();
  expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  expect(response.headers.get('vary')).toContain('Origin');
}

describe('CORS of /event/v1', () => {
  let t: TestApp;
  let f: EventFixture;
  let session: GuestSignInResult;
  beforeEach(async () => {
    t = await createTestApp();
    f = await createEventFixture(t);
    session = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
  });
  afterEach(() => t.close());

  const credentials = () => ({ occasionId: f.occasionId, inviteCode: f.smith.inviteCode });

  it('answers an allowed origin with its CORS headers, for sign-in and signed-in reads', async () => {
    const signIn = await eventRequest(t.app, 'POST', '/auth/credentials', { body: credentials(), origin: WIDGET_ORIGIN });
    expect(signIn.status).toBe(200);
    expectCors(signIn, WIDGET_ORIGIN);
    const info = await eventRequest(t.app, 'GET', '/info', { token: session.token, origin: WIDGET_ORIGIN });
    expect(info.status).toBe(200);
    expectCors(info, WIDGET_ORIGIN);
    const lookup = await eventRequest(t.app, 'GET', `/auth/session/${f.occasionId}`, { origin: 'HTTPS://Sam-And-Alex.com' });
    expectCors(lookup, WIDGET_ORIGIN);
  });

  for (const [name, origin] of Object.entries(REFUSED_ORIGINS)) {
    it(`refuses the ${name} origin with the same readable 403 for reads and writes; nothing changes`, async () => {
      const before = await snapshotDatabase(t.deps.db);
      const signIn = await eventRequest(t.app, 'POST', '/auth/credentials', { body: credentials(), origin });
      await expectRefusal(signIn);
      expect(signIn.headers.getSetCookie()).toEqual([]);

      const write = await eventRequest(t.app, 'PUT', '/household', { token: session.token, origin, body: { city: 'Evil' } });
      await expectRefusal(write);
      const signOut = await eventRequest(t.app, 'POST', '/auth/signout', { token: session.token, origin });
      await expectRefusal(signOut);
      expect(await snapshotDatabase(t.deps.db)).toEqual(before);

      // Reads are refused too: not a word of the household, even to a valid token.
      await expectRefusal(await eventRequest(t.app, 'GET', '/household', { token: session.token, origin }));
      await expectRefusal(await eventRequest(t.app, 'GET', `/auth/session/${f.occasionId}`, { token: session.token, origin }));
      await expectRefusal(await eventRequest(t.app, 'GET', `/auth/session/${f.occasionId}`, { origin }));
      const preflight = await eventRequest(t.app, 'OPTIONS', '/rsvp', { origin, headers: { 'access-control-request-method': 'PUT' } });
      expect(preflight.status).toBe(204);
      expectNoCors(preflight);
    });
  }

  it('judges a request by its own occasion, not by any occasion that lists the origin', async () => {
    const other = await createEventFixture(t, { allowedOrigins: ['https://other-wedding.com'] });
    const guest = await signInGuest(t.app, { occasionId: other.occasionId, inviteCode: other.smith.inviteCode });
    await expectRefusal(await eventRequest(t.app, 'GET', '/info', { token: guest.token, origin: WIDGET_ORIGIN }));
    await expectRefusal(await eventRequest(t.app, 'PUT', '/household', { token: guest.token, origin: WIDGET_ORIGIN, body: { city: 'X' } }));
    const signIn = await eventRequest(t.app, 'POST', '/auth/credentials', {
      body: { occasionId: other.occasionId, inviteCode: other.smith.inviteCode },
      origin: WIDGET_ORIGIN,
    });
    await expectRefusal(signIn);
    await expectRefusal(await eventRequest(t.app, 'GET', `/auth/session/${other.occasionId}`, { origin: WIDGET_ORIGIN }));
    const own = await eventRequest(t.app, 'GET', '/info', { token: guest.token, origin: 'https://other-wedding.com' });
    expectCors(own, 'https://other-wedding.com');
  });

  it('answers a preflight from an origin some occasion allows', async () => {
    const response = await eventRequest(t.app, 'OPTIONS', '/rsvp', {
      origin: WIDGET_ORIGIN,
      headers: { 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(response.status).toBe(204);
    expectCors(response, WIDGET_ORIGIN);
    expect(response.headers.get('access-control-allow-methods')).toMatch(/PUT/);
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Content-Type/);
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
  });

  it("answers a preflight by the occasions' allowed origins as the host changes them", async () => {
    const preflight = (origin: string) =>
      eventRequest(t.app, 'OPTIONS', '/rsvp', { origin, headers: { 'access-control-request-method': 'PUT' } });
    const added = 'https://new-site.example';
    expectNoCors(await preflight(added));
    await expectJson(f.host, 'PUT', `/occasion/${f.occasionId}`, { allowedOrigins: [added, 'https://sam-and-alex.com'] }, 200);
    expectCors(await preflight(added), added);
    expectCors(await preflight(WIDGET_ORIGIN), WIDGET_ORIGIN);
    expectNoCors(await preflight('http://localhost:5174'));
    expect((await f.host.request('DELETE', `/occasion/${f.occasionId}`)).status).toBe(204);
    expectNoCors(await preflight(added));
  });

  it('remembers an unknown origin for a few seconds: an origin another instance added is allowed once they passed', async () => {
    const { clock, timers } = handMovedClock();
    keepUnknownOrigins(t.deps.db, new UnknownOrigins(UNKNOWN_ORIGIN_TTL_MS, 1000, clock.now));
    const preflight = (origin: string) =>
      eventRequest(t.app, 'OPTIONS', '/rsvp', { origin, headers: { 'access-control-request-method': 'PUT' } });
    const added = 'https://added-elsewhere.example';
    expectNoCors(await preflight(added));
    // Another instance saves the occasion: the row is there, this instance was not told.
    await t.deps.db.insertInto('occasionOrigin').values({ occasionId: f.occasionId, origin: added, position: 5 }).execute();
    await timers.tickAsync(UNKNOWN_ORIGIN_TTL_MS - 1);
    expectNoCors(await preflight(added));
    // Origins that occasions allow are looked up as ever meanwhile.
    expectCors(await preflight(WIDGET_ORIGIN), WIDGET_ORIGIN);
    await timers.tickAsync(1);
    expectCors(await preflight(added), added);
    // An allowed origin is never remembered: removed, it is refused at once.
    await t.deps.db.deleteFrom('occasionOrigin').where('origin', '=', added).execute();
    expectNoCors(await preflight(added));
  });

  it("finds a preflight's origin through the index among many occasions", async () => {
    const now = new Date().toISOString();
    const accountId = (await t.deps.db.selectFrom('occasion').select('accountId').executeTakeFirstOrThrow()).accountId;
    const ids = Array.from({ length: 2000 }, (_, i) => `many${i}`);
    const occasion = { accountId, title: 'T', description: '', startDate: '2027-01-01', endDate: '2027-01-01', timezone: 'UTC', venueName: '', venueAddress: '', rsvpDeadline: null, passcode: null, allowedOrigins: '[]', contactEmail: '', createdAt: now, updatedAt: now };
    for (let i = 0; i < ids.length; i += 500) {
      await t.deps.db.insertInto('occasion').values(ids.slice(i, i + 500).map((id) => ({ ...occasion, id }))).execute();
      await t.deps.db.insertInto('occasionOrigin').values(ids.slice(i, i + 500).map((id) => ({ occasionId: id, origin: `https://${id}.example`, position: 0 }))).execute();
    }
    const { sql, parameters } = originLookup(t.deps.db, 'https://many1234.example').compile();
    let plan: string;
    if (testDatabaseKind === 'postgres') {
      await t.deps.db.executeQuery(CompiledQuery.raw('ANALYZE "occasionOrigin"'));
      const rows = (await t.deps.db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${sql}`, [...parameters]))).rows;
      plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Index (Only )?Scan using "?occasionOrigin_origin"?/);
      expect(plan).not.toMatch(/Seq Scan/);
    } else {
      const rows = (await t.deps.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${sql}`, [...parameters]))).rows;
      plan = rows.map((row) => row.detail).join('\n');
      expect(plan).toMatch(/SEARCH occasionOrigin USING COVERING INDEX occasionOrigin_origin \(origin=\?\)/);
    }
    const response = await eventRequest(t.app, 'OPTIONS', '/rsvp', { origin: 'https://many1234.example', headers: { 'access-control-request-method': 'PUT' } });
    expectCors(response, 'https://many1234.example');
    expectNoCors(await eventRequest(t.app, 'OPTIONS', '/rsvp', { origin: 'https://many99999.example', headers: { 'access-control-request-method': 'PUT' } }));
  });

  it('puts CORS headers and Vary on errors before the occasion is known: 400, 401, 404', async () => {
    const malformed = await eventRequest(t.app, 'POST', '/auth/credentials', { body: '{', origin: WIDGET_ORIGIN });
    expect(malformed.status).toBe(400);
    expectCors(malformed, WIDGET_ORIGIN);
    const noSession = await eventRequest(t.app, 'GET', '/rsvp', { origin: WIDGET_ORIGIN });
    expect(noSession.status).toBe(401);
    expectCors(noSession, WIDGET_ORIGIN);
    const missing = await eventRequest(t.app, 'GET', '/nothing-here', { origin: WIDGET_ORIGIN });
    expect(missing.status).toBe(404);
    expectCors(missing, WIDGET_ORIGIN);
    const failed = await eventRequest(t.app, 'POST', '/auth/credentials', {
      body: { occasionId: f.occasionId, inviteCode: 'ZZZZ-ZZZZ-ZZZZ' },
      origin: WIDGET_ORIGIN,
    });
    expect(failed.status).toBe(401);
    expectCors(failed, WIDGET_ORIGIN);
    const unknownOccasion = await eventRequest(t.app, 'POST', '/auth/credentials', {
      body: { occasionId: 'AAAAAAAAAAAA', inviteCode: 'ZZZZ-ZZZZ-ZZZZ' },
      origin: WIDGET_ORIGIN,
    });
    expect(unknownOccasion.status).toBe(401);
    expect([...unknownOccasion.headers].filter(([k]) => k !== 'date')).toEqual([...failed.headers].filter(([k]) => k !== 'date'));
  });

  it('puts CORS headers and Retry-After on a 429', async () => {
    const address = randomAddress();
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await eventRequest(t.app, 'POST', '/auth/credentials', {
        body: { occasionId: f.occasionId, inviteCode: 'ZZZZ-ZZZZ-ZZZZ' },
        origin: WIDGET_ORIGIN,
        address,
      });
    }
    expect(last!.status).toBe(429);
    expectCors(last!, WIDGET_ORIGIN);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('needs JSON for writes carried by the cookie, and an allowed origin', async () => {
    const cookie = `kindly_guest=${session.token}`;
    const before = await snapshotDatabase(t.deps.db);
    const form = await eventRequest(t.app, 'PUT', '/household', {
      cookie,
      origin: WIDGET_ORIGIN,
      body: JSON.stringify({ city: 'Forged' }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(form.status).toBe(415);
    const foreign = await eventRequest(t.app, 'PUT', '/household', { cookie, origin: 'https://evil.example', body: { city: 'Forged' } });
    expect(foreign.status).toBe(403);
    const nullOrigin = await eventRequest(t.app, 'POST', '/auth/signout', { cookie, origin: 'null', body: {} });
    expect(nullOrigin.status).toBe(403);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    const allowed = await eventRequest(t.app, 'PUT', '/household', { cookie, origin: WIDGET_ORIGIN, body: { city: 'Lisbon' } });
    expect(allowed.status).toBe(200);
    expectCors(allowed, WIDGET_ORIGIN);
  });

  it('lets same-origin and server-to-server requests through without CORS headers', async () => {
    for (const origin of [undefined, BASE]) {
      const write = await eventRequest(t.app, 'PUT', '/household', { token: session.token, body: { city: 'Porto' }, ...(origin ? { origin } : {}) });
      expect(write.status).toBe(200);
      expect(write.headers.get('access-control-allow-origin')).toBeNull();
      expect(write.headers.get('vary')).toContain('Origin');
    }
  });

  it("tells its own origin by each request's host, and follows a changed allowed list at once", async () => {
    const read = (url: string, origin: string) =>
      t.app.request(url, { headers: { authorization: `Bearer ${session.token}`, origin } }, { incoming: { socket: { remoteAddress: '10.9.9.9' } } });
    // Same origin as the request: no CORS, whatever the public URL.
    const own = await read(`${BASE}/event/v1/info`, BASE);
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBeNull();
    // The same Origin sent to another host is cross-site, and not an allowed one.
    await expectRefusal(await read('http://kindly.example/event/v1/info', BASE));
    expect((await read(`${BASE}/event/v1/info`, BASE)).headers.get('access-control-allow-origin')).toBeNull();
    // An allowed origin, in any case, is let in; once the host takes it off the list, refused.
    expectCors(await read(`${BASE}/event/v1/info`, 'HTTPS://Sam-And-Alex.com'), WIDGET_ORIGIN);
    await t.deps.db.updateTable('occasion').set({ allowedOrigins: JSON.stringify(['https://other-wedding.com']) }).where('id', '=', f.occasionId).execute();
    await expectRefusal(await read(`${BASE}/event/v1/info`, WIDGET_ORIGIN));
    expectCors(await read(`${BASE}/event/v1/info`, 'https://other-wedding.com'), 'https://other-wedding.com');
  });

  it('never answers a widget origin with CORS headers in the host area', async () => {
    const host = f.host.jar.header();
    for (const [method, path] of [['GET', '/host/v1/occasions'], ['OPTIONS', '/host/v1/occasions'], ['GET', '/host/v1/auth/session'], ['POST', '/host/v1/account']]) {
      const response = await t.app.request(`${BASE}${path}`, {
        method,
        headers: { origin: WIDGET_ORIGIN, cookie: host, 'access-control-request-method': 'GET' },
      });
      expect(response.headers.get('access-control-allow-origin'), `${method} ${path}`).toBeNull();
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });
});
