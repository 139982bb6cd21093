import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuestSessionInfo, GuestSignInResult } from '../../../core/schemas/event';
import { createApp } from '../../app';
import { CookieJar } from '../../in-process/cookie-jar';
import {
  createEventFixture,
  errorCode,
  eventRequest,
  PASSCODE,
  signInGuest,
  smithsWholeReply,
  WIDGET_ORIGIN,
  type EventFixture,
} from '../../test-support/event-fixture';
import { handMovedClock } from '../../test-support/hand-moved-clock';
import { SHED_WHEN_LATE_MS } from './guest-auth';
import { createQuestionFixture } from '../../test-support/question-fixture';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, type TestApp, changingSchema } from '../../test-support/test-app';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe('guest sign-in', () => {
  let t: TestApp;
  let f: EventFixture;
  beforeEach(async () => {
    t = await createTestApp();
    f = await createEventFixture(t);
  });
  afterEach(() => t.close());

  /** Name credentials; a null passcode is left out of the body. */
  const byName = (firstName: string, lastName: string, passcode: string | null = PASSCODE) => ({
    occasionId: f.occasionId,
    firstName,
    lastName,
    ...(passcode === null ? {} : { passcode }),
  });

  it('signs in by invite code in any case, with or without dashes, as the first adult', async () => {
    const plain = f.smith.inviteCode.replace(/-/g, '');
    for (const inviteCode of [f.smith.inviteCode, plain.toLowerCase(), ` ${plain.slice(0, 6)} ${plain.slice(6)} `]) {
      const result = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode });
      expect(result).toEqual({
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        expiresAt: expect.any(String),
        occasionId: f.occasionId,
        householdId: f.smith.id,
        guest: { id: f.smith.jane, firstName: 'Jane', lastName: 'Smith' },
        // Beyond the contract's five: the household's data (compared with the routes' below).
        info: expect.objectContaining({ occasion: expect.objectContaining({ id: f.occasionId }) }),
        household: expect.objectContaining({ name: 'The Smiths' }),
        rsvp: null,
      });
    }
  });

  it('signs in by name ignoring case, accents and spaces, with the passcode in any case', async () => {
    for (const [first, last] of [
      ['José', 'Núñez-Smith'],
      ['  jose ', 'NUNEZ-SMITH'],
      ['JOSÉ', '  núñez-smith  '],
    ] as const) {
      const result = await signInGuest(t.app, byName(first, last, PASSCODE.toLowerCase()));
      expect(result.guest).toEqual({ id: f.smith.jose, firstName: 'José', lastName: 'Núñez-Smith' });
      expect(result.householdId).toBe(f.smith.id);
    }
  });

  it('signs in the same guest with NFC and NFD spellings of a name', async () => {
    const nfc = await signInGuest(t.app, byName('José'.normalize('NFC'), 'Núñez-Smith'.normalize('NFC')));
    const nfd = await signInGuest(t.app, byName('José'.normalize('NFD'), 'Núñez-Smith'.normalize('NFD')));
    expect('José'.normalize('NFD')).not.toBe('José'.normalize('NFC'));
    expect(nfd.guest.id).toBe(nfc.guest.id);
  });

  it('needs no passcode when the occasion has none', async () => {
    await f.host.request('PUT', `/occasion/${f.occasionId}`, { passcode: null });
    const result = await signInGuest(t.app, byName('Ann', 'Jones', null));
    expect(result.guest.id).toBe(f.jones.ann);
  });

  it('stores only a hash of a fresh token at every sign-in, with the platform and the expiry', async () => {
    const first = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode, platform: 'IOS' });
    const second = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
    expect(second.token).not.toBe(first.token);
    const rows = await t.deps.db.selectFrom('guestSession').selectAll().orderBy('createdAt').execute();
    expect(rows).toHaveLength(2);
    const row = rows.find((r) => r.tokenHash === sha256(first.token))!;
    expect(row).toMatchObject({ occasionId: f.occasionId, householdId: f.smith.id, guestId: f.smith.jane, platform: 'IOS', expiresAt: first.expiresAt });
    expect(rows.find((r) => r.tokenHash === sha256(second.token))!.platform).toBeNull();
    expect(JSON.stringify(await snapshotDatabase(t.deps.db))).not.toContain(first.token);
  });

  it('lets a session last 30 days, but never past 14 days after the occasion ends', async () => {
    const soon = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
    const days = (Date.parse(soon.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const today = new Date().toISOString().slice(0, 10);
    await f.host.request('PUT', `/occasion/${f.occasionId}`, { startDate: today, endDate: today });
    const capped = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
    expect(capped.expiresAt).toBe(new Date(Date.parse(`${today}T00:00:00.000Z`) + 15 * 86_400_000).toISOString());
  });

  it('sets the session cookie for cross-site use, partitioned, on /event/v1 only', async () => {
    const response = await eventRequest(t.app, 'POST', '/auth/credentials', {
      body: { occasionId: f.occasionId, inviteCode: f.smith.inviteCode },
    });
    const { token } = (await response.json()) as GuestSignInResult;
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('kindly_guest='))!;
    expect(cookie).toContain(`kindly_guest=${token}`);
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=None', 'Partitioned', 'Path=/event/v1', 'Max-Age=']) {
      expect(cookie).toContain(attribute);
    }
  });

  describe('the answer’s household data', () => {
    /**
     * Each of `info`, `household` and `rsvp` in a sign-in's answer against what its own route
     * answers to the new token: field by field (a difference names its field), then as text,
     * byte for byte as the route writes it (same fields in the same order).
     */
    async function expectSameAsTheRoutes(answer: GuestSignInResult): Promise<void> {
      for (const key of ['info', 'household', 'rsvp'] as const) {
        const response = await eventRequest(t.app, 'GET', `/${key}`, { token: answer.token });
        expect(response.status, key).toBe(200);
        const text = await response.text();
        expect(answer[key], key).toStrictEqual(JSON.parse(text));
        expect(JSON.stringify(answer[key]), key).toBe(text);
      }
    }

    it('is what GET /info, /household and /rsvp answer, before any reply (rsvp null)', async () => {
      const byCode = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
      expect(byCode.rsvp).toBeNull();
      expect(byCode.info.activities.map((activity) => activity.name)).toEqual(['Ceremony', 'Dinner']);
      expect(byCode.household.guests.map((guest) => guest.firstName)).toEqual(['Jane', 'José', 'Timmy']);
      await expectSameAsTheRoutes(byCode);
      // By name, another household: its own data, none of the Smiths'.
      const ann = await signInGuest(t.app, byName('Ann', 'Jones'));
      expect(ann.info.activities.map((activity) => activity.name)).toEqual(['Brunch']);
      expect(ann.household.name).toBe('The Joneses');
      await expectSameAsTheRoutes(ann);
    });

    it('is what the routes answer after a reply, a correction, with questions and past the deadline', async () => {
      const q = await createQuestionFixture(f.host, f.occasionId, f.activities);
      const first = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
      const reply = {
        ...smithsWholeReply(f, { message: 'See you there!', plusOnes: [{ forGuestId: f.smith.jane, firstName: 'Pat', lastName: 'Doe' }] }),
        answers: [
          { questionId: q.seat.id, guestId: f.smith.jane, value: 'a' },
          { questionId: q.shuttle.id, guestId: null, value: true },
        ],
      };
      const created = await eventRequest(t.app, 'POST', '/rsvp', { token: first.token, body: reply });
      expect(created.status, await created.clone().text()).toBe(201);
      const fixed = await eventRequest(t.app, 'PUT', '/household', {
        token: first.token,
        body: { city: 'Boston', phone: '5551234567', guests: [{ id: f.smith.jose, dietaryNotes: 'No nuts' }] },
      });
      expect(fixed.status, await fixed.clone().text()).toBe(200);
      await f.host.request('PUT', `/occasion/${f.occasionId}`, { rsvpDeadline: new Date(Date.now() - 1000).toISOString() });

      const again = await signInGuest(t.app, byName('José', 'Núñez-Smith'));
      expect(again.guest.id).toBe(f.smith.jose);
      expect(again.info.occasion.rsvpOpen).toBe(false);
      expect(again.info.questions.length).toBeGreaterThan(0);
      expect(again.household.city).toBe('Boston');
      expect(again.household.guests.map((guest) => guest.firstName)).toEqual(['Jane', 'José', 'Timmy', 'Pat']);
      expect(again.rsvp).toMatchObject({ message: 'See you there!', plusOnes: [{ forGuestId: f.smith.jane, firstName: 'Pat', lastName: 'Doe' }] });
      expect(again.rsvp!.answers).toHaveLength(2);
      await expectSameAsTheRoutes(again);
    });
  });

  describe('failures', () => {
    const failures = () => ({
      'unknown name': byName('Nobody', 'Here'),
      'wrong passcode': byName('Jane', 'Smith', 'not-the-passcode'),
      'missing passcode': byName('Jane', 'Smith', null),
      'wrong code': { occasionId: f.occasionId, inviteCode: 'ZZZZ-ZZZZ-ZZZZ' },
      'two guests of one name': byName('Sam', 'Lee'),
      'unknown occasion': { ...byName('Jane', 'Smith'), occasionId: 'AAAAAAAAAAAA' },
      'code of the occasion given to another': { occasionId: 'AAAAAAAAAAAA', inviteCode: f.smith.inviteCode },
    });

    it('answer the same 401 with the same body and headers (but Date), and change nothing', async () => {
      const before = await snapshotDatabase(t.deps.db);
      const answers: Array<{ status: number; body: string; headers: string }> = [];
      for (const [name, body] of Object.entries(failures())) {
        const response = await eventRequest(t.app, 'POST', '/auth/credentials', { body });
        const headers = [...response.headers].filter(([key]) => key !== 'date');
        answers.push({ status: response.status, body: await response.text(), headers: JSON.stringify(headers) });
        expect(response.status, name).toBe(401);
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      // Byte for byte the body failures have always had: none carries any of a success's data.
      expect(answers[0]!.body).toBe(
        '{"error":{"code":"INVALID_CREDENTIALS","message":"We could not find your invitation. Check the code, or the spelling of your name and the passcode."}}',
      );
      expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    });

    const FLOOR_MS = 150;

    /**
     * Sends a sign-in to the app on a clock that stands still until moved: every sleep then
     * lasts exactly as long as it was asked to, so this finds when the answer comes in the
     * clock's milliseconds. It must not come a millisecond before the floor, nor wait past it.
     */
    async function answerOnHandMovedClock(body: unknown): Promise<Response> {
      const { clock, timers } = handMovedClock();
      const app = createApp({ ...t.deps, clock, guestSignInFloorMs: FLOOR_MS });
      let answered = false;
      const answer = eventRequest(app, 'POST', '/auth/credentials', { body }).finally(() => (answered = true));
      await vi.waitFor(() => expect(timers.countTimers()).toBe(1), { interval: 1 });
      await timers.tickAsync(FLOOR_MS - 1);
      expect(answered).toBe(false);
      await timers.tickAsync(1);
      expect(timers.countTimers()).toBe(0);
      return answer;
    }

    it("answers 503 with Retry-After at once to a sign-in past the instance's limit in flight, changing nothing, and takes the next once one is answered", async () => {
      const { clock, timers } = handMovedClock();
      const app = createApp({ ...t.deps, clock, guestSignInFloorMs: FLOOR_MS, guestSignInsInFlight: 2 });
      const body = { occasionId: f.occasionId, inviteCode: f.smith.inviteCode };
      const signIn = () => eventRequest(app, 'POST', '/auth/credentials', { body, origin: WIDGET_ORIGIN });
      const held = [signIn(), signIn()];
      await vi.waitFor(() => expect(timers.countTimers()).toBe(2), { interval: 1 });
      const before = await snapshotDatabase(t.deps.db);
      const refused = await signIn();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('2');
      // Readable by the widget, which can say so.
      expect(refused.headers.get('access-control-allow-origin')).toBe(WIDGET_ORIGIN);
      expect(await errorCode(refused)).toBe('UNAVAILABLE');
      expect(await snapshotDatabase(t.deps.db)).toEqual(before);
      await timers.tickAsync(FLOOR_MS);
      expect((await Promise.all(held)).map((answer) => answer.status)).toEqual([200, 200]);
      const next = signIn();
      await vi.waitFor(() => expect(timers.countTimers()).toBe(1), { interval: 1 });
      await timers.tickAsync(FLOOR_MS);
      expect((await next).status).toBe(200);
    });

    it('answers 503 with Retry-After at once to a sign-in while the event loop runs late, changing nothing, and signs in again once it catches up', async () => {
      const loopLag = { lateMs: SHED_WHEN_LATE_MS + 1 };
      const app = createApp({ ...t.deps, loopLag });
      const body = { occasionId: f.occasionId, inviteCode: f.smith.inviteCode };
      const before = await snapshotDatabase(t.deps.db);
      const refused = await eventRequest(app, 'POST', '/auth/credentials', { body });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('2');
      expect(await errorCode(refused)).toBe('UNAVAILABLE');
      expect(await snapshotDatabase(t.deps.db)).toEqual(before);
      loopLag.lateMs = SHED_WHEN_LATE_MS;
      expect((await eventRequest(app, 'POST', '/auth/credentials', { body })).status).toBe(200);
    });

    it('are each held for exactly the floor, as are a success and a fault after the credentials matched', async () => {
      for (const [name, body] of Object.entries(failures())) {
        expect((await answerOnHandMovedClock(body)).status, name).toBe(401);
      }
      const success = await answerOnHandMovedClock({ occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
      expect(success.status).toBe(200);
      expect(((await success.json()) as GuestSignInResult).household.name).toBe('The Smiths');
      // A quick 500 would say "these credentials are right".
      await changingSchema(() => sql`DROP TABLE "guestSession"`.execute(t.deps.db));
      const fault = await answerOnHandMovedClock({ occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
      expect(fault.status).toBeGreaterThanOrEqual(500);
    });
  });

  it('refuses bad bodies with the contract error and changes nothing', async () => {
    const before = await snapshotDatabase(t.deps.db);
    const long = 'x'.repeat(10_240);
    const cases: Array<[unknown, number, string]> = [
      ['{"occasionId": ', 400, 'MALFORMED_JSON'],
      [{ ...byName('Jane', 'Smith'), admin: true }, 400, 'VALIDATION_FAILED'],
      [{ occasionId: f.occasionId, inviteCode: f.smith.inviteCode, firstName: 'Jane' }, 400, 'VALIDATION_FAILED'],
      [byName('Ja\u0000ne', 'Smith'), 400, 'VALIDATION_FAILED'],
      [byName('Jane\u202E', 'Smith'), 400, 'VALIDATION_FAILED'],
      [byName(long, 'Smith'), 400, 'VALIDATION_FAILED'],
      [{ occasionId: f.occasionId, inviteCode: long }, 400, 'VALIDATION_FAILED'],
      [{ ...byName('Jane', 'Smith'), platform: 'WINDOWS' }, 400, 'VALIDATION_FAILED'],
      [{ ...byName('Jane', 'Smith'), occasionId: '../../etc' }, 400, 'VALIDATION_FAILED'],
      [[], 400, 'VALIDATION_FAILED'],
      [{ occasionId: f.occasionId, inviteCode: 'x'.repeat(70_000) }, 413, 'PAYLOAD_TOO_LARGE'],
    ];
    for (const [body, status, code] of cases) {
      const response = await eventRequest(t.app, 'POST', '/auth/credentials', { body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(await errorCode(response)).toBe(code);
    }
    const text = await eventRequest(t.app, 'POST', '/auth/credentials', {
      body: JSON.stringify(byName('Jane', 'Smith')),
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });
});

describe('guest sessions', () => {
  let t: TestApp;
  let f: EventFixture;
  let session: GuestSignInResult;
  beforeEach(async () => {
    t = await createTestApp();
    f = await createEventFixture(t);
    session = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
  });
  afterEach(() => t.close());

  const expected = () => ({
    occasionId: f.occasionId,
    householdId: f.smith.id,
    guest: { id: f.smith.jane, firstName: 'Jane', lastName: 'Smith' },
    expiresAt: session.expiresAt,
  });

  it('answers the session for its occasion, by bearer token or by cookie', async () => {
    const byBearer = await eventRequest(t.app, 'GET', `/auth/session/${f.occasionId}`, { token: session.token });
    expect(byBearer.status).toBe(200);
    expect((await byBearer.json()) as GuestSessionInfo).toEqual(expected());
    const byCookie = await eventRequest(t.app, 'GET', `/auth/session/${f.occasionId}`, { cookie: `kindly_guest=${session.token}` });
    expect(await byCookie.json()).toEqual(expected());
  });

  it('answers null without a session, with a bad token, or for another occasion', async () => {
    const other = await createEventFixture(t);
    for (const options of [{}, { token: 'nope' }, { cookie: 'kindly_guest=nope' }]) {
      const response = await eventRequest(t.app, 'GET', `/auth/session/${f.occasionId}`, options);
      expect(response.status).toBe(200);
      expect(await response.json()).toBeNull();
    }
    const elsewhere = await eventRequest(t.app, 'GET', `/auth/session/${other.occasionId}`, { token: session.token });
    expect(await elsewhere.json()).toBeNull();
  });

  it('lets the bearer token win over the cookie', async () => {
    const ann = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.jones.inviteCode });
    const response = await eventRequest(t.app, 'GET', `/auth/session/${f.occasionId}`, {
      token: ann.token,
      cookie: `kindly_guest=${session.token}`,
    });
    expect(((await response.json()) as GuestSessionInfo).guest.id).toBe(f.jones.ann);
    const badBearer = await eventRequest(t.app, 'GET', '/info', { token: 'revoked', cookie: `kindly_guest=${session.token}` });
    expect(badBearer.status).toBe(401);
  });

  it('signs out on the server: the token stops working and the cookie is cleared', async () => {
    const response = await eventRequest(t.app, 'POST', '/auth/signout', { token: session.token });
    expect(response.status).toBe(204);
    const jar = new CookieJar();
    jar.store(new Response(null, { headers: { 'set-cookie': `kindly_guest=${session.token}; Path=/event/v1` } }));
    jar.store(response);
    expect(jar.get('kindly_guest')).toBeUndefined();
    expect(await t.deps.db.selectFrom('guestSession').selectAll().execute()).toEqual([]);

    const revoked = await eventRequest(t.app, 'GET', '/info', { token: session.token });
    expect(revoked.status).toBe(401);
    expect(await errorCode(revoked)).toBe('UNAUTHENTICATED');
    const lookup = await eventRequest(t.app, 'GET', `/auth/session/${f.occasionId}`, { token: session.token });
    expect(await lookup.json()).toBeNull();
  });

  it('signs out by cookie only with a JSON request; a second sign-out is still 204', async () => {
    const cookie = `kindly_guest=${session.token}`;
    const form = await eventRequest(t.app, 'POST', '/auth/signout', { cookie, headers: { 'content-type': 'text/plain' } });
    expect(form.status).toBe(415);
    expect(await t.deps.db.selectFrom('guestSession').selectAll().execute()).toHaveLength(1);
    const json = await eventRequest(t.app, 'POST', '/auth/signout', { cookie, headers: { 'content-type': 'application/json' } });
    expect(json.status).toBe(204);
    expect((await eventRequest(t.app, 'POST', '/auth/signout', { cookie })).status).toBe(204);
  });

  it('refuses an expired token', async () => {
    await t.deps.db
      .updateTable('guestSession')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('tokenHash', '=', sha256(session.token))
      .execute();
    const response = await eventRequest(t.app, 'GET', '/household', { token: session.token });
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe('UNAUTHENTICATED');
    const lookup = await eventRequest(t.app, 'GET', `/auth/session/${f.occasionId}`, { token: session.token });
    expect(await lookup.json()).toBeNull();
  });

  it('refuses every signed-in route without a session', async () => {
    for (const [method, path] of [['GET', '/info'], ['GET', '/household'], ['PUT', '/household'], ['GET', '/rsvp'], ['POST', '/rsvp'], ['PUT', '/rsvp']]) {
      const response = await eventRequest(t.app, method!, path!, method === 'GET' ? {} : { body: {} });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await errorCode(response)).toBe('UNAUTHENTICATED');
    }
  });

  it('ends the session when the host moves the guest to another household', async () => {
    expect((await eventRequest(t.app, 'GET', '/household', { token: session.token })).status).toBe(200);
    const moved = await f.host.request('PUT', `/occasion/${f.occasionId}/guest/${f.smith.jane}`, { householdId: f.jones.id });
    expect(moved.status).toBe(200);
    expect((await eventRequest(t.app, 'GET', '/household', { token: session.token })).status).toBe(401);
    const lookup = await eventRequest(t.app, 'GET', `/auth/session/${f.occasionId}`, { token: session.token });
    expect(await lookup.json()).toBeNull();
  });

  it('ends the session when the guest is deleted', async () => {
    expect((await eventRequest(t.app, 'GET', '/info', { token: session.token })).status).toBe(200);
    await t.deps.db.deleteFrom('guest').where('id', '=', f.smith.jane).execute();
    expect((await eventRequest(t.app, 'GET', '/info', { token: session.token })).status).toBe(401);
  });
});
