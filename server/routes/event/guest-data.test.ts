import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GuestErasureRequest, HouseholdData, PrivacyNote } from '../../../core/schemas/guest-data';
import { latestAccountEmail } from '../../test-support/account-mail';
import { createEventFixture, errorCode, eventRequest, signInGuest, smithsWholeReply, WIDGET_ORIGIN, type EventFixture } from '../../test-support/event-fixture';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, type TestApp } from '../../test-support/test-app';

describe("a guest's own data", () => {
  let t: TestApp;
  let f: EventFixture;
  let smithToken: string;
  beforeEach(async () => {
    t = await createTestApp();
    f = await createEventFixture(t);
    smithToken = (await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode })).token;
  });
  afterEach(() => t.close());

  const readNote = (occasionId = f.occasionId, origin = WIDGET_ORIGIN) => eventRequest(t.app, 'GET', `/privacy?occasionId=${encodeURIComponent(occasionId)}`, { origin });
  const ask = (body: unknown, token = smithToken) => eventRequest(t.app, 'POST', '/erasure-request', { token, body, origin: WIDGET_ORIGIN });

  describe('the privacy note', () => {
    it('is the default without a session, naming the occasion and nothing of its guests, until the hosts write their own', async () => {
      const first = await readNote();
      expect(first.status).toBe(200);
      const note = (await first.json()) as PrivacyNote;
      expect(Object.keys(note).sort()).toEqual(['isDefault', 'note', 'occasionTitle']);
      expect(note).toMatchObject({ occasionTitle: 'Sam & Alex', isDefault: true });
      expect(note.note).toContain('The hosts of Sam & Alex keep this guest list');
      expect(note.note).not.toMatch(/Smith|Jones|Lee/);

      const own = 'We keep your replies until a month after the wedding.\n\nWrite to us to have them erased.';
      expect((await f.host.request('PUT', `/occasion/${f.occasionId}/privacy-note`, { privacyNote: own })).status).toBe(200);
      expect(await (await readNote()).json()).toEqual({ occasionTitle: 'Sam & Alex', note: own, isDefault: false });

      expect((await f.host.request('PUT', `/occasion/${f.occasionId}/privacy-note`, { privacyNote: '  ' })).status).toBe(200);
      expect(await (await readNote()).json()).toEqual(note);
    });

    it('is 404 for an occasion that does not exist, 400 for a bad query, 403 from a site the occasion does not allow', async () => {
      expect(await errorCode(await readNote('no-such-occasion-id'))).toBe('NOT_FOUND');
      const missing = await eventRequest(t.app, 'GET', '/privacy', { origin: WIDGET_ORIGIN });
      expect([missing.status, await errorCode(missing)]).toEqual([400, 'VALIDATION_FAILED']);
      const extra = await eventRequest(t.app, 'GET', `/privacy?occasionId=${f.occasionId}&guest=Jane`, { origin: WIDGET_ORIGIN });
      expect([extra.status, await errorCode(extra)]).toEqual([400, 'VALIDATION_FAILED']);
      const elsewhere = await readNote(f.occasionId, 'https://elsewhere.example');
      expect([elsewhere.status, await errorCode(elsewhere)]).toEqual([403, 'ORIGIN_NOT_ALLOWED']);
    });
  });

  describe('the download', () => {
    it('holds the household, its guests, invitations, reply and message, and nothing of another household or the hosts’ notes', async () => {
      const reply = await eventRequest(t.app, 'POST', '/rsvp', { token: smithToken, body: smithsWholeReply(f, { message: 'See you there!' }) });
      expect(reply.status).toBe(201);
      const response = await eventRequest(t.app, 'GET', '/household/data', { token: smithToken, origin: WIDGET_ORIGIN });
      expect(response.status).toBe(200);
      const data = (await response.json()) as HouseholdData;
      expect(data.occasion).toEqual({ id: f.occasionId, title: 'Sam & Alex' });
      expect(data.household).toMatchObject({ id: f.smith.id, name: 'The Smiths', city: 'Springfield' });
      expect(data.guests.map((g) => g.firstName)).toEqual(['Jane', 'José', 'Timmy']);
      const jane = data.guests[0]!;
      expect(jane.invitations.map((i) => [i.activityName, i.response])).toEqual([
        ['Ceremony', 'ATTENDING'],
        ['Dinner', 'ATTENDING'],
      ]);
      expect(data.reply?.message).toBe('See you there!');
      expect(data.erasureRequests).toEqual([]);
      const text = JSON.stringify(data);
      for (const other of ['The Joneses', 'Ann', 'The Lees', f.jones.id, f.lee.id, 'allergic to cats', 'Bride’s aunt', f.smith.inviteCode]) {
        expect(text).not.toContain(other);
      }

      const jones = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.jones.inviteCode });
      const theirs = (await (await eventRequest(t.app, 'GET', '/household/data', { token: jones.token })).json()) as HouseholdData;
      expect(theirs.guests.map((g) => g.firstName)).toEqual(['Ann', 'Sam']);
      expect(theirs.reply).toBeNull();
    });

    it('needs a session', async () => {
      const response = await eventRequest(t.app, 'GET', '/household/data', { origin: WIDGET_ORIGIN });
      expect([response.status, await errorCode(response)]).toEqual([401, 'UNAUTHENTICATED']);
    });
  });

  describe('the erasure request', () => {
    it('is recorded once when sent twice at once, tells each owner by email, and shows in the download', async () => {
      const answers = await Promise.all([ask({ message: 'Please erase us.' }), ask({})]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
      const [a, b] = (await Promise.all(answers.map((r) => r.json()))) as GuestErasureRequest[];
      expect(a!.id).toBe(b!.id);
      expect(a!.status).toBe('open');
      const rows = await t.deps.db.selectFrom('erasureRequest').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ occasionId: f.occasionId, householdId: f.smith.id, status: 'open', decidedBy: null });

      const mail = await latestAccountEmail(t.deps.db, f.host.credentials.email, 'ERASURE_REQUEST');
      expect(mail?.subject).toBe('The Smiths asked to have their data erased from Sam & Alex');
      expect(mail?.text).toContain(`/occasion/${f.occasionId}`);
      expect(await t.deps.db.selectFrom('accountEmail').where('kind', '=', 'ERASURE_REQUEST').select('id').execute()).toHaveLength(1);

      // Asked again later: the same open request, no second email.
      const again = await ask({ message: 'Again' });
      expect(again.status).toBe(200);
      expect(((await again.json()) as GuestErasureRequest).id).toBe(a!.id);
      expect(await t.deps.db.selectFrom('accountEmail').where('kind', '=', 'ERASURE_REQUEST').select('id').execute()).toHaveLength(1);

      const data = (await (await eventRequest(t.app, 'GET', '/household/data', { token: smithToken })).json()) as HouseholdData;
      expect(data.erasureRequests.map((r) => r.id)).toEqual([a!.id]);
    });

    it('is one per household: another household asks for itself alone', async () => {
      const jones = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.jones.inviteCode });
      expect((await ask({})).status).toBe(201);
      expect((await ask({}, jones.token)).status).toBe(201);
      const rows = await t.deps.db.selectFrom('erasureRequest').select('householdId').orderBy('householdId').execute();
      expect(rows.map((r) => r.householdId).sort()).toEqual([f.smith.id, f.jones.id].sort());
    });

    it('refuses bad bodies and a missing session with the contract’s errors, and changes nothing', async () => {
      const before = await snapshotDatabase(t.deps.db);
      const bad = [
        await ask({ message: 'x'.repeat(1001) }),
        await ask({ message: 'Erase\u202Eus' }),
        await ask({ reason: 'Unknown field' }),
        await ask({ message: 42 }),
        await ask([]),
      ];
      for (const response of bad) expect([response.status, await errorCode(response)]).toEqual([400, 'VALIDATION_FAILED']);
      const malformed = await ask('{"message": ');
      expect([malformed.status, await errorCode(malformed)]).toEqual([400, 'MALFORMED_JSON']);
      const anonymous = await eventRequest(t.app, 'POST', '/erasure-request', { body: {}, origin: WIDGET_ORIGIN });
      expect([anonymous.status, await errorCode(anonymous)]).toEqual([401, 'UNAUTHENTICATED']);
      expect(await snapshotDatabase(t.deps.db)).toEqual(before);
      expect(await t.deps.db.selectFrom('accountEmail').where('kind', '=', 'ERASURE_REQUEST').select('id').execute()).toEqual([]);
    });
  });
});
