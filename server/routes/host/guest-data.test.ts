import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ErasureRequest, GuestErasureRequest, HostPrivacyNote } from '../../../core/schemas/guest-data';
import { signUpHost, type HostClient } from '../../in-process/host-session';
import { createEventFixture, errorCode, eventRequest, signInGuest, WIDGET_ORIGIN, type EventFixture } from '../../test-support/event-fixture';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, type TestApp } from '../../test-support/test-app';

describe('guests’ data, for hosts', () => {
  let t: TestApp;
  let f: EventFixture;
  beforeEach(async () => {
    t = await createTestApp();
    f = await createEventFixture(t);
  });
  afterEach(() => t.close());

  const base = () => `/occasion/${f.occasionId}`;
  const giveRole = async (host: HostClient, role: string) => {
    await t.deps.db.insertInto('occasionRole').values({ occasionId: f.occasionId, accountId: host.accountId, role, createdAt: new Date().toISOString() }).execute();
  };
  /** The household signs in and asks to be erased; answers the request. */
  const requestErasure = async (inviteCode: string, message = '') => {
    const { token } = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode });
    const response = await eventRequest(t.app, 'POST', '/erasure-request', { token, body: { message }, origin: WIDGET_ORIGIN });
    expect(response.status).toBe(201);
    return { token, request: (await response.json()) as GuestErasureRequest };
  };
  const decide = (id: string, decision: 'confirm' | 'decline', host = f.host) => host.request('POST', `${base()}/erasure-request/${id}/${decision}`);

  describe('the privacy note', () => {
    it('starts as the default, takes the hosts’ text, and goes back to the default with null', async () => {
      const start = (await (await f.host.request('GET', `${base()}/privacy-note`)).json()) as HostPrivacyNote;
      expect(start.privacyNote).toBeNull();
      expect(start.defaultNote).toContain('Sam & Alex');
      const saved = await f.host.request('PUT', `${base()}/privacy-note`, { privacyNote: ' Our own words. ' });
      expect(await saved.json()).toEqual({ privacyNote: 'Our own words.', defaultNote: start.defaultNote });
      expect(await (await f.host.request('PUT', `${base()}/privacy-note`, { privacyNote: null })).json()).toEqual(start);
    });

    it('refuses bad bodies with the contract’s errors and changes nothing', async () => {
      await f.host.request('PUT', `${base()}/privacy-note`, { privacyNote: 'Kept.' });
      const before = await snapshotDatabase(t.deps.db);
      for (const body of [{ privacyNote: 'x'.repeat(5001) }, { privacyNote: 7 }, { privacyNote: 'ok', title: 'New' }, {}, []]) {
        const response = await f.host.request('PUT', `${base()}/privacy-note`, body);
        expect([response.status, await errorCode(response)]).toEqual([400, 'VALIDATION_FAILED']);
      }
      expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    });
  });

  describe('erasure requests', () => {
    it('are listed for hosts with the household’s names, and every owner gets an email, an editor none', async () => {
      const coOwner = await signUpHost(t.app);
      const editor = await signUpHost(t.app);
      await giveRole(coOwner, 'owner');
      await giveRole(editor, 'editor');
      const { request } = await requestErasure(f.smith.inviteCode, 'Please erase us.');
      const list = (await (await f.host.request('GET', `${base()}/erasure-requests`)).json()) as ErasureRequest[];
      expect(list).toEqual([
        {
          ...request,
          occasionId: f.occasionId,
          householdId: f.smith.id,
          householdName: 'The Smiths',
          message: 'Please erase us.',
          guests: [
            { id: f.smith.jane, firstName: 'Jane', lastName: 'Smith' },
            { id: f.smith.jose, firstName: 'José', lastName: 'Núñez-Smith' },
            { id: f.smith.timmy, firstName: 'Timmy', lastName: 'Smith' },
          ],
          decidedBy: null,
          decidedAt: null,
        },
      ]);
      const mailed = await t.deps.db.selectFrom('accountEmail').select('to').where('kind', '=', 'ERASURE_REQUEST').execute();
      expect(mailed.map((m) => m.to).sort()).toEqual([f.host.credentials.email, coOwner.credentials.email].sort());
      // An editor sees the list but may not decide.
      expect((await editor.request('GET', `${base()}/erasure-requests`)).status).toBe(200);
      expect((await decide(request.id, 'confirm', editor)).status).toBe(403);
    });

    it('confirmed: the household is erased with its reply and sessions, once', async () => {
      const { token, request } = await requestErasure(f.smith.inviteCode);
      const confirmed = await decide(request.id, 'confirm');
      expect(confirmed.status).toBe(200);
      expect(await confirmed.json()).toMatchObject({ id: request.id, status: 'confirmed', decidedBy: f.host.accountId, householdName: null, guests: null });
      expect((await f.host.request('GET', `${base()}/household/${f.smith.id}`)).status).toBe(404);
      expect((await eventRequest(t.app, 'GET', '/household', { token })).status).toBe(401);
      const again = await decide(request.id, 'decline');
      expect([again.status, await errorCode(again)]).toEqual([409, 'CONFLICT']);
      expect((await f.host.request('GET', `${base()}/household/${f.jones.id}`)).status).toBe(200);
    });

    it('declined: the household stays, and it may ask again', async () => {
      const { token, request } = await requestErasure(f.smith.inviteCode);
      const declined = await decide(request.id, 'decline');
      expect(await declined.json()).toMatchObject({ status: 'declined', householdName: 'The Smiths', decidedBy: f.host.accountId });
      expect((await f.host.request('GET', `${base()}/household/${f.smith.id}`)).status).toBe(200);
      const asked = await eventRequest(t.app, 'POST', '/erasure-request', { token, body: {}, origin: WIDGET_ORIGIN });
      expect(asked.status).toBe(201);
      expect(((await asked.json()) as GuestErasureRequest).id).not.toBe(request.id);
    });

    it('decided twice at once: one decision applies, the other is 409', async () => {
      const { request } = await requestErasure(f.smith.inviteCode);
      const answers = await Promise.all([decide(request.id, 'confirm'), decide(request.id, 'decline'), decide(request.id, 'confirm')]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      const row = await t.deps.db.selectFrom('erasureRequest').select('status').where('id', '=', request.id).executeTakeFirstOrThrow();
      const householdLeft = await t.deps.db.selectFrom('household').select('id').where('id', '=', f.smith.id).execute();
      expect(householdLeft).toHaveLength(row.status === 'confirmed' ? 0 : 1);
    });

    it('is seen and decided only through its own occasion, not by a host without a role there; an unknown id is 404', async () => {
      const { request } = await requestErasure(f.smith.inviteCode);
      const other = await createEventFixture(t);
      // A guest of the other occasion asks there: this occasion's hosts do not see it.
      const { token } = await signInGuest(t.app, { occasionId: other.occasionId, inviteCode: other.smith.inviteCode });
      expect((await eventRequest(t.app, 'POST', '/erasure-request', { token, body: {}, origin: WIDGET_ORIGIN })).status).toBe(201);
      const ours = (await (await f.host.request('GET', `${base()}/erasure-requests`)).json()) as ErasureRequest[];
      expect(ours.map((r) => r.id)).toEqual([request.id]);
      const before = await snapshotDatabase(t.deps.db);
      const across = await other.host.request('POST', `/occasion/${other.occasionId}/erasure-request/${request.id}/confirm`);
      expect([across.status, await errorCode(across)]).toEqual([404, 'NOT_FOUND']);
      expect((await decide(request.id, 'confirm', other.host)).status).toBe(404);
      expect((await other.host.request('GET', `${base()}/erasure-requests`)).status).toBe(404);
      expect((await decide('no-such-request', 'confirm')).status).toBe(404);
      expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    });
  });
});
