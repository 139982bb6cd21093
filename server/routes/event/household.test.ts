import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventHousehold, EventInfo, GuestSignInResult } from '../../../core/schemas/event';
import {
  createEventFixture,
  errorCode,
  eventRequest,
  PASSCODE,
  signInGuest,
  type EventFixture,
} from '../../test-support/event-fixture';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createApp } from '../../app';

describe('event info and household', () => {
  let t: TestApp;
  let f: EventFixture;
  let smith: GuestSignInResult;
  beforeEach(async () => {
    t = await createTestApp();
    f = await createEventFixture(t);
    smith = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
  });
  afterEach(() => t.close());

  const get = async <T>(path: string, token = smith.token): Promise<T> => {
    const response = await eventRequest(t.app, 'GET', path, { token });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };

  it('shows the occasion without host data and only the household’s activities, in time order', async () => {
    const info = await get<EventInfo>('/info');
    expect(info.occasion).toEqual({
      id: f.occasionId,
      title: 'Sam & Alex',
      description: '',
      startDate: f.occasion.startDate,
      endDate: f.occasion.endDate,
      timezone: 'Europe/Lisbon',
      venueName: 'Quinta da Serra',
      venueAddress: '',
      rsvpDeadline: null,
      rsvpOpen: true,
      contactEmail: '',
    });
    expect(info.activities.map((a) => a.name)).toEqual(['Ceremony', 'Dinner']);
    expect(info.activities[1]).toEqual({
      id: f.activities.dinner,
      occasionId: f.occasionId,
      name: 'Dinner',
      description: '',
      startsAt: expect.any(String),
      endsAt: null,
      locationName: '',
      address: '',
      dressCode: '',
      mealOptions: [
        { value: 'fish', text: 'Sea bass' },
        { value: 'beef', text: 'Beef' },
        { value: 'veal', text: 'Veal', disabled: true },
      ],
    });
    expect(JSON.stringify(info)).not.toContain(PASSCODE);

    const jones = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.jones.inviteCode });
    expect((await get<EventInfo>('/info', jones.token)).activities.map((a) => a.name)).toEqual(['Brunch']);
  });

  it('shows every change the hosts make at once, also when read through another instance (the answer is cached by revision)', async () => {
    // A second app on the same database: another server instance, with a cache of its own.
    const other = createApp(t.deps);
    const read = async (app = t.app) => {
      const response = await eventRequest(app, 'GET', '/info', { token: smith.token });
      expect(response.status).toBe(200);
      return (await response.json()) as EventInfo;
    };
    const base = `/occasion/${f.occasionId}`;
    const seen = [await read(), await read(other)];
    expect(seen[1]).toEqual(seen[0]);
    const change = async (method: string, path: string, body: unknown) => {
      const response = await f.host.request(method, `${base}${path}`, body);
      expect(response.status).toBeLessThan(300);
      const [here, there] = [await read(), await read(other)];
      expect(there).toEqual(here);
      return here;
    };

    const renamed = await change('PUT', `/activity/${f.activities.ceremony}`, { name: 'Vows' });
    expect(renamed.activities.map((a) => a.name)).toContain('Vows');
    const asked = await change('POST', '/question', { kind: 'YES_NO', prompt: 'Need a lift?' });
    expect(asked.questions.map((q) => q.prompt)).toEqual(['Need a lift?']);
    const retitled = await change('PUT', '', { title: 'Sam & Alex, again' });
    expect(retitled.occasion.title).toBe('Sam & Alex, again');
    const before = renamed.activities.length;
    const uninvited = await change('PUT', '/invite-lines', {
      lines: [f.smith.jane, f.smith.jose, f.smith.timmy].map((guestId) => ({ guestId, activityId: f.activities.ceremony, invited: false })),
    });
    expect(uninvited.activities.map((a) => a.name)).not.toContain('Vows');
    expect(uninvited.activities).toHaveLength(before - 1);
    const closed = await change('PUT', '', { rsvpDeadline: '2020-01-01T00:00:00Z' });
    expect(closed.occasion.rsvpOpen).toBe(false);
  });

  it('never keeps an info older than the last write, with renames and reads sent at once to two instances', async () => {
    const other = createApp(t.deps);
    const read = async (app: typeof t.app) => {
      const response = await eventRequest(app, 'GET', '/info', { token: smith.token });
      expect(response.status).toBe(200);
      return ((await response.json()) as EventInfo).activities.map((a) => a.name);
    };
    const rename = (n: number) => f.host.request('PUT', `/occasion/${f.occasionId}/activity/${f.activities.ceremony}`, { name: `Vows ${n}` });
    const work: Array<Promise<unknown>> = [];
    for (let n = 1; n <= 6; n++) work.push(rename(n), read(t.app), read(other));
    await Promise.all(work);
    const [stored] = await t.deps.db.selectFrom('activity').select('name').where('id', '=', f.activities.ceremony).execute();
    expect(await read(t.app)).toContain(stored!.name);
    expect(await read(other)).toContain(stored!.name);
  });

  it('says when replies have closed', async () => {
    await f.host.request('PUT', `/occasion/${f.occasionId}`, { rsvpDeadline: '2020-01-01T00:00:00Z' });
    const info = await get<EventInfo>('/info');
    expect(info.occasion).toMatchObject({ rsvpDeadline: '2020-01-01T00:00:00.000Z', rsvpOpen: false });
  });

  it('shows the household’s address and members with their own invitations, never notes, attributes or invite codes', async () => {
    const pending = (activityId: string) => ({ activityId, response: 'PENDING', mealChoice: null });
    const household = await get<EventHousehold>('/household');
    expect(household).toEqual({
      name: 'The Smiths',
      addressLine1: '1 Main St',
      addressLine2: '',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      country: 'USA',
      phone: '',
      email: '',
      guests: [
        { id: f.smith.jane, firstName: 'Jane', lastName: 'Smith', ageGroup: 'ADULT', dietaryNotes: '', plusOneAllowed: true, plusOneOf: null, invitations: [pending(f.activities.ceremony), pending(f.activities.dinner)] },
        { id: f.smith.jose, firstName: 'José', lastName: 'Núñez-Smith', ageGroup: 'ADULT', dietaryNotes: '', plusOneAllowed: false, plusOneOf: null, invitations: [pending(f.activities.ceremony), pending(f.activities.dinner)] },
        { id: f.smith.timmy, firstName: 'Timmy', lastName: 'Smith', ageGroup: 'CHILD', dietaryNotes: '', plusOneAllowed: false, plusOneOf: null, invitations: [pending(f.activities.ceremony)] },
      ],
    });
    const text = JSON.stringify(household);
    for (const secret of ['allergic', 'aunt', 'bride', f.smith.inviteCode, f.jones.inviteCode, f.jones.ann]) expect(text).not.toContain(secret);
  });

  it("keeps both the guest's correction and the host's change made at the same moment", async () => {
    const guestPath = `/occasion/${f.occasionId}/guest/${f.smith.jose}`;
    const householdPath = `/occasion/${f.occasionId}/household/${f.smith.id}`;
    for (let round = 0; round < 20; round++) {
      const [guestFix, hostGuest, hostHousehold] = await Promise.all([
        eventRequest(t.app, 'PUT', '/household', { token: smith.token, body: { city: `City ${round}`, guests: [{ id: f.smith.jose, firstName: `José ${round}` }] } }),
        f.host.request('PUT', guestPath, { notes: `Host note ${round}` }),
        f.host.request('PUT', householdPath, { notes: `Household note ${round}` }),
      ]);
      expect([guestFix.status, hostGuest.status, hostHousehold.status]).toEqual([200, 200, 200]);
      const guest = (await (await f.host.request('GET', guestPath)).json()) as { firstName: string; notes: string };
      expect(guest, `round ${round}`).toMatchObject({ firstName: `José ${round}`, notes: `Host note ${round}` });
      const household = (await (await f.host.request('GET', householdPath)).json()) as { city: string; notes: string };
      expect(household, `round ${round}`).toMatchObject({ city: `City ${round}`, notes: `Household note ${round}` });
    }
  });

  it('lets a guest correct the address, names and dietary notes; the new name signs in', async () => {
    const response = await eventRequest(t.app, 'PUT', '/household', {
      token: smith.token,
      body: {
        city: 'Chicago',
        state: 'ny',
        guests: [
          { id: f.smith.timmy, firstName: 'Timothy', dietaryNotes: 'No nuts, please.' },
          { id: f.smith.jose, lastName: 'Nuñez Smith' },
        ],
      },
    });
    const household = (await response.json()) as EventHousehold;
    expect(response.status, JSON.stringify(household)).toBe(200);
    expect(household).toMatchObject({ city: 'Chicago', state: 'NY', addressLine1: '1 Main St' });
    expect(household.guests[2]).toMatchObject({ firstName: 'Timothy', lastName: 'Smith', dietaryNotes: 'No nuts, please.' });
    expect(household.guests[1]).toMatchObject({ firstName: 'José', lastName: 'Nuñez Smith' });
    expect(await get<EventHousehold>('/household')).toEqual(household);

    const renamed = await signInGuest(t.app, { occasionId: f.occasionId, firstName: 'timothy', lastName: 'smith', passcode: PASSCODE });
    expect(renamed.guest.id).toBe(f.smith.timmy);
    const old = await eventRequest(t.app, 'POST', '/auth/credentials', {
      body: { occasionId: f.occasionId, firstName: 'Timmy', lastName: 'Smith', passcode: PASSCODE },
    });
    expect(old.status).toBe(401);
    const notes = await t.deps.db.selectFrom('household').select('notes').where('id', '=', f.smith.id).executeTakeFirstOrThrow();
    expect(notes.notes).toContain('allergic');
  });

  it('refuses members of another household or occasion and changes nothing', async () => {
    const other = await createEventFixture(t);
    const before = await snapshotDatabase(t.deps.db);
    for (const id of [f.jones.ann, other.smith.jane, 'AAAAAAAAAAAA']) {
      const response = await eventRequest(t.app, 'PUT', '/household', {
        token: smith.token,
        body: { city: 'Elsewhere', guests: [{ id: f.smith.jane, firstName: 'Janet' }, { id, firstName: 'Mallory' }] },
      });
      expect(response.status).toBe(403);
      const { error } = (await response.json()) as { error: { code: string; issues: Array<{ path: string }> } };
      expect(error.code).toBe('FORBIDDEN');
      expect(error.issues.map((issue) => issue.path)).toEqual(['guests.1.id']);
    }
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('refuses bad bodies with the contract error and changes nothing', async () => {
    const before = await snapshotDatabase(t.deps.db);
    const cases: Array<[unknown, number, string]> = [
      ['{"city": ', 400, 'MALFORMED_JSON'],
      [{ notes: 'mine now' }, 400, 'VALIDATION_FAILED'],
      [{ inviteCode: 'AAAA-BBBB-CCCC' }, 400, 'VALIDATION_FAILED'],
      [{ name: 'The Greats' }, 400, 'VALIDATION_FAILED'],
      [{ guests: [{ firstName: 'New', lastName: 'Member' }] }, 400, 'VALIDATION_FAILED'],
      [{ guests: [{ id: f.smith.jane, notes: 'x' }] }, 400, 'VALIDATION_FAILED'],
      [{ guests: [{ id: f.smith.jane, attributes: {} }] }, 400, 'VALIDATION_FAILED'],
      [{ guests: [{ id: f.smith.jane, plusOneAllowed: true }] }, 400, 'VALIDATION_FAILED'],
      [{ guests: [{ id: f.smith.jane, firstName: 'Ja\u0000ne' }] }, 400, 'VALIDATION_FAILED'],
      [{ guests: [{ id: f.smith.jane, firstName: 'Jane\u202Eenaj' }] }, 400, 'VALIDATION_FAILED'],
      [{ guests: [{ id: f.smith.jane, firstName: '' }] }, 400, 'VALIDATION_FAILED'],
      [{ city: 'x'.repeat(10_240) }, 400, 'VALIDATION_FAILED'],
      [{ state: 'ZZ' }, 400, 'VALIDATION_FAILED'],
      [{ country: 'Canada' }, 400, 'VALIDATION_FAILED'],
      [{ email: 'not an email' }, 400, 'VALIDATION_FAILED'],
      [{ addressLine1: 'x'.repeat(70_000) }, 413, 'PAYLOAD_TOO_LARGE'],
      [[], 400, 'VALIDATION_FAILED'],
      [[{ city: 'Lisbon' }], 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of cases) {
      const response = await eventRequest(t.app, 'PUT', '/household', { token: smith.token, body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(await errorCode(response)).toBe(code);
    }
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });
});
