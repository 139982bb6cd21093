import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GuestSignInResult } from '../../../core/schemas/event';
import type { Guest, GuestBulkResult } from '../../../core/schemas/guest';
import type { HistoryEntry, HistoryPage, RepliesDay } from '../../../core/schemas/history';
import type { InviteLine } from '../../../core/schemas/invite-line';
import { historyGuestHouseholds } from '../../db/migrations/0009-history-guest-households';
import { createEventFixture, eventRequest, signInGuest, smithsWholeReply, type EventFixture } from '../../test-support/event-fixture';
import { snapshotDatabase } from '../../test-support/snapshot';
import { signUpHost } from '../../in-process/host-session';
import { createTestApp, type TestApp, changingSchema } from '../../test-support/test-app';
import { expectError, read, update } from './host-fixtures';

describe('history', () => {
  let t: TestApp;
  let f: EventFixture;
  beforeEach(async () => {
    t = await createTestApp();
    f = await createEventFixture(t, { rsvpDeadline: new Date(Date.now() + 30 * 86_400_000).toISOString() });
  });
  afterEach(() => t.close());

  const historyPath = (query = '') => `/occasion/${f.occasionId}/history${query}`;
  const page = (query = '') => read<HistoryPage>(f.host, historyPath(query));
  /** Every entry, newest first, read one page of 200. */
  const all = async (query = '') => (await page(`?limit=200${query ? `&${query}` : ''}`)).entries;
  const count = async () => Number((await t.deps.db.selectFrom('historyEntry').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  const smithReply = () => smithsWholeReply(f, { joseAtCeremony: 'ATTENDING', plusOnes: [{ forGuestId: f.smith.jane, firstName: 'Amara', lastName: 'Kim' }], message: 'See you there!' });
  const signInSmith = (): Promise<GuestSignInResult> => signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
  const rsvp = (guest: GuestSignInResult, method: string, body: unknown) => eventRequest(t.app, method, '/rsvp', { token: guest.token, body });

  it('records the fixture: households, guests and invite lines created by the host, with the host named', async () => {
    const entries = await all();
    const created = (entity: string) => entries.filter((entry) => entry.entity === entity && entry.action === 'CREATE').length;
    expect(created('HOUSEHOLD')).toBe(3);
    expect(created('GUEST')).toBe(6);
    expect(created('INVITE_LINE')).toBe(8);
    for (const entry of entries) expect(entry).toMatchObject({ actorKind: 'HOST', actorId: f.host.accountId, actorName: 'Ada Lovelace', occasionId: f.occasionId });
    const household = entries.find((entry) => entry.entity === 'HOUSEHOLD' && entry.entityId === f.smith.id)!;
    expect(household.changes).toMatchObject({ name: [null, 'The Smiths'], city: [null, 'Springfield'] });
    expect(household.changes).not.toHaveProperty('inviteCode');
    const line = entries.find((entry) => entry.entity === 'INVITE_LINE' && entry.guestId === f.smith.jane && entry.activityId === f.activities.dinner)!;
    expect(line).toMatchObject({ householdId: f.smith.id, subjectName: 'Jane Smith', changes: { response: [null, 'PENDING'] } });
  });

  it('records a guest reply (lines, plus-one, rsvp) as the guest, with before and after', async () => {
    const before = await count();
    const smith = await signInSmith();
    expect((await rsvp(smith, 'POST', smithReply())).status).toBe(201);
    const entries = (await all()).filter((entry) => entry.actorKind === 'GUEST');
    // Five answered lines, the plus-one and their two lines, and the reply itself.
    expect(entries).toHaveLength(9);
    expect(await count()).toBe(Number(before) + 9);
    for (const entry of entries) expect(entry).toMatchObject({ actorId: smith.guest.id, actorName: 'Jane Smith', householdId: f.smith.id });
    const timmy = entries.find((entry) => entry.guestId === f.smith.timmy)!;
    expect(timmy).toMatchObject({ entity: 'INVITE_LINE', action: 'UPDATE', subjectName: 'Timmy Smith', changes: { response: ['PENDING', 'DECLINED'] } });
    const janeDinner = entries.find((entry) => entry.guestId === f.smith.jane && entry.activityId === f.activities.dinner)!;
    expect(janeDinner.changes).toEqual({ response: ['PENDING', 'ATTENDING'], mealChoice: [null, 'fish'] });
    const plusOne = entries.find((entry) => entry.entity === 'GUEST')!;
    expect(plusOne).toMatchObject({ action: 'CREATE', subjectName: 'Amara Kim', changes: { firstName: [null, 'Amara'], plusOneOf: [null, f.smith.jane] } });
    expect(entries.find((entry) => entry.entity === 'RSVP')).toMatchObject({ action: 'CREATE', changes: { message: [null, 'See you there!'] }, subjectName: 'The Smiths' });

    // A change of one answer records that line alone (and the reply's message, unchanged, nothing).
    const changed = { ...smithReply(), responses: smithReply().responses.map((r) => (r.guestId === f.smith.timmy ? { ...r, response: 'ATTENDING' } : r)) };
    const count1 = await count();
    expect((await rsvp(smith, 'PUT', changed)).status).toBe(200);
    const latest = (await all()).slice(0, Number(await count()) - Number(count1));
    expect(latest.map((entry) => [entry.entity, entry.guestId, entry.changes])).toEqual([
      ['INVITE_LINE', f.smith.timmy, { response: ['DECLINED', 'ATTENDING'] }],
    ]);
    // The same reply again changes nothing and records nothing.
    const count2 = await count();
    expect((await rsvp(smith, 'PUT', changed)).status).toBe(200);
    expect(await count()).toBe(count2);
  });

  it('records nothing for a refused reply: bad body, RSVP_EXISTS, after the deadline, a rollback', async () => {
    const smith = await signInSmith();
    const snapshot = await snapshotDatabase(t.deps.db);
    expect((await rsvp(smith, 'POST', { ...smithReply(), responses: [] })).status).toBe(400);
    expect((await rsvp(smith, 'POST', { ...smithReply(), colour: 'blue' })).status).toBe(400);
    t.deps.duringRsvpWrite = async () => {
      throw new Error('disk on fire');
    };
    try {
      expect((await rsvp(smith, 'POST', smithReply())).status).toBe(500);
    } finally {
      t.deps.duringRsvpWrite = undefined;
    }
    expect(await snapshotDatabase(t.deps.db)).toEqual(snapshot);

    expect((await rsvp(smith, 'POST', smithReply())).status).toBe(201);
    const afterReply = await snapshotDatabase(t.deps.db);
    expect((await rsvp(smith, 'POST', smithReply())).status).toBe(409);
    await update(f.host, `/occasion/${f.occasionId}`, { rsvpDeadline: new Date(Date.now() - 60_000).toISOString() });
    const closed = await snapshotDatabase(t.deps.db);
    expect((await rsvp(smith, 'PUT', { ...smithReply(), message: 'late' })).status).toBe(403);
    expect(await snapshotDatabase(t.deps.db)).toEqual(closed);
    expect(closed.historyEntry).toEqual(afterReply.historyEntry);
  });

  it('records host changes to guests, households and lines with only the fields that changed; none when nothing changed', async () => {
    const guestPath = `/occasion/${f.occasionId}/guest/${f.smith.jose}`;
    await update<Guest>(f.host, guestPath, { lastName: 'Nunez', dietaryNotes: 'vegan', plusOneAllowed: true });
    const [edited] = await all(`guestId=${f.smith.jose}`);
    expect(edited).toMatchObject({ entity: 'GUEST', action: 'UPDATE', subjectName: 'José Nunez' });
    expect(edited!.changes).toEqual({ lastName: ['Núñez-Smith', 'Nunez'], dietaryNotes: ['', 'vegan'], plusOneAllowed: [false, true] });

    const n = await count();
    await update<Guest>(f.host, guestPath, { lastName: 'Nunez' });
    await update(f.host, `/occasion/${f.occasionId}/household/${f.smith.id}`, { city: 'Springfield' });
    await update<InviteLine>(f.host, `/occasion/${f.occasionId}/invite-line/${f.smith.jose}${f.activities.dinner}`, { response: 'PENDING' });
    expect(await count()).toBe(n);

    await update(f.host, `/occasion/${f.occasionId}/household/${f.smith.id}`, { city: 'Lisbon', state: '', country: 'Portugal' });
    await update<InviteLine>(f.host, `/occasion/${f.occasionId}/invite-line/${f.smith.jose}${f.activities.dinner}`, { response: 'DECLINED' });
    expect((await f.host.request('DELETE', `/occasion/${f.occasionId}/invite-line/${f.smith.timmy}${f.activities.ceremony}`)).status).toBe(204);
    expect((await f.host.request('DELETE', guestPath)).status).toBe(204);
    expect((await f.host.request('DELETE', `/occasion/${f.occasionId}/household/${f.lee.id}`)).status).toBe(204);
    const [household, guest, line, answer, address] = await all();
    expect(address).toMatchObject({ entity: 'HOUSEHOLD', action: 'UPDATE', changes: { city: ['Springfield', 'Lisbon'], state: ['IL', ''], country: ['USA', 'Portugal'] } });
    expect(answer).toMatchObject({ entity: 'INVITE_LINE', action: 'UPDATE', changes: { response: ['PENDING', 'DECLINED'] }, subjectName: 'José Nunez' });
    expect(line).toMatchObject({ entity: 'INVITE_LINE', action: 'DELETE', changes: { response: ['PENDING', null] }, subjectName: 'Timmy Smith' });
    expect(guest).toMatchObject({ entity: 'GUEST', action: 'DELETE', entityId: f.smith.jose, changes: { firstName: ['José', null] } });
    expect(household).toMatchObject({ entity: 'HOUSEHOLD', action: 'DELETE', entityId: f.lee.id, changes: { name: ['The Lees', null] } });
    // History outlives the deleted guest.
    expect((await all(`guestId=${f.smith.jose}`)).length).toBeGreaterThan(3);
  });

  it('records nothing for refused host writes (bad body, 409, unknown references)', async () => {
    const snapshot = await snapshotDatabase(t.deps.db);
    await expectError(f.host, 'POST', `/occasion/${f.occasionId}/invite-line`, { guestId: f.smith.jane, activityId: f.activities.dinner }, 409, 'CONFLICT');
    await expectError(f.host, 'PUT', `/occasion/${f.occasionId}/guest/${f.smith.jane}`, { email: 'nope' }, 400, 'VALIDATION_FAILED');
    await expectError(f.host, 'PUT', `/occasion/${f.occasionId}/household/${f.smith.id}`, { state: 'XX' }, 400, 'VALIDATION_FAILED');
    await expectError(f.host, 'PUT', `/occasion/${f.occasionId}/invite-lines`, { lines: [{ guestId: f.smith.jane, activityId: 'nope', invited: true }] }, 400, 'VALIDATION_FAILED');
    await expectError(f.host, 'POST', `/occasions/${f.occasionId}/guests`, { guests: [{ firstName: 'A' }, { firstName: '' }] }, 400, 'VALIDATION_FAILED');
    await expectError(f.host, 'POST', `/occasions/${f.occasionId}/guests/delete`, { ids: [f.smith.jane, 'nope'] }, 400, 'VALIDATION_FAILED');
    expect(await snapshotDatabase(t.deps.db)).toEqual(snapshot);
  });

  it('names the import as IMPORT, the other bulks as HOST, and refuses an unknown source', async () => {
    const bulk = (query: string, body: unknown) => f.host.request('POST', `/occasions/${f.occasionId}/guests${query}`, body);
    const imported = (await (await bulk('?source=import', { guests: [{ firstName: 'Amara', lastName: 'Kim', householdName: 'The Kims' }, { id: f.lee.sam, email: 'sam@lee.example' }] })).json()) as GuestBulkResult;
    expect(imported.created).toBe(1);
    const entries = (await all()).filter((entry) => entry.actorKind === 'IMPORT');
    expect(entries.map((entry) => [entry.entity, entry.action]).sort()).toEqual([
      ['GUEST', 'CREATE'],
      ['GUEST', 'UPDATE'],
      ['HOUSEHOLD', 'CREATE'],
    ]);
    expect(entries.find((entry) => entry.action === 'UPDATE')!.changes).toEqual({ email: ['', 'sam@lee.example'] });
    expect(entries.every((entry) => entry.actorId === f.host.accountId && entry.actorName === 'Ada Lovelace')).toBe(true);

    const snapshot = await snapshotDatabase(t.deps.db);
    expect((await bulk('?source=robot', { guests: [{ firstName: 'X' }] })).status).toBe(400);
    expect(await snapshotDatabase(t.deps.db)).toEqual(snapshot);

    expect((await bulk('', { guests: [{ firstName: 'Bo' }] })).status).toBe(200);
    expect((await all())[0]).toMatchObject({ actorKind: 'HOST', entity: 'GUEST', subjectName: 'Bo' });
    const lines = await f.host.request('PUT', `/occasion/${f.occasionId}/invite-lines`, {
      lines: [
        { guestId: f.lee.sam, activityId: f.activities.brunch, invited: true, response: 'ATTENDING' },
        { guestId: f.lee.sam, activityId: f.activities.ceremony, invited: false },
      ],
    });
    expect(lines.status).toBe(200);
    const [added, removed] = await all();
    expect(added).toMatchObject({ actorKind: 'HOST', entity: 'INVITE_LINE', action: 'CREATE', householdId: f.lee.id, changes: { response: [null, 'ATTENDING'] } });
    expect(removed).toMatchObject({ entity: 'INVITE_LINE', action: 'DELETE', activityId: f.activities.ceremony, subjectName: 'Sam Lee' });

    const deleted = await f.host.request('POST', `/occasions/${f.occasionId}/guests/delete`, { ids: [f.lee.sam] });
    expect(deleted.status).toBe(200);
    expect((await all())[0]).toMatchObject({ actorKind: 'HOST', entity: 'GUEST', action: 'DELETE', entityId: f.lee.sam });
  });

  it("records the guest's household fix as the guest", async () => {
    const smith = await signInSmith();
    const fixed = await eventRequest(t.app, 'PUT', '/household', {
      token: smith.token,
      body: { city: 'Chicago', guests: [{ id: f.smith.timmy, firstName: 'Timothy' }, { id: f.smith.jose }] },
    });
    expect(fixed.status).toBe(200);
    const entries = (await all(`householdId=${f.smith.id}`)).filter((entry) => entry.actorKind === 'GUEST');
    // Newest first; José, sent unchanged, has no entry.
    expect(entries.map((entry) => [entry.entity, entry.entityId, entry.changes])).toEqual([
      ['GUEST', f.smith.timmy, { firstName: ['Timmy', 'Timothy'] }],
      ['HOUSEHOLD', f.smith.id, { city: ['Springfield', 'Chicago'] }],
    ]);
  });

  it('pages newest first by cursor, filters by household and guest, and refuses bad queries', async () => {
    const everything = await all();
    const first = await page('?limit=5');
    expect(first.entries).toEqual(everything.slice(0, 5));
    const second = await page(`?limit=5&cursor=${first.nextCursor}`);
    expect(second.entries).toEqual(everything.slice(5, 10));
    let cursor: string | null = first.nextCursor;
    const seen: HistoryEntry[] = [...first.entries];
    while (cursor) {
      const next: HistoryPage = await page(`?limit=7&cursor=${cursor}`);
      seen.push(...next.entries);
      cursor = next.nextCursor;
    }
    expect(seen).toEqual(everything);

    const household = await all(`householdId=${f.jones.id}`);
    expect(household.length).toBe(1 + 2 + 2);
    expect(household.every((entry) => entry.householdId === f.jones.id)).toBe(true);
    const guest = await all(`guestId=${f.jones.ann}`);
    expect(guest.map((entry) => entry.entity).sort()).toEqual(['GUEST', 'INVITE_LINE']);

    for (const query of ['?limit=0', '?limit=201', '?limit=x', '?cursor=abc', '?cursor=0', '?cursor=1234567890123456', '?colour=blue', '?guestId=a%20b']) {
      await expectError(f.host, 'GET', historyPath(query), undefined, 400, 'VALIDATION_FAILED');
    }
    expect((await page('?limit=200')).entries.length).toBe(everything.length);
    expect((await page('?limit=1&cursor=123456789012345')).entries).toEqual([everything[0]]);
    const other = await signUpHost(t.app);
    await expectError(other, 'GET', historyPath(), undefined, 404, 'NOT_FOUND');
    await expectError(other, 'GET', `/occasion/${f.occasionId}/replies-over-time`, undefined, 404, 'NOT_FOUND');
  });

  it("finds all of a guest's entries: moved between households, left without one, and after the household's deletion, paged too", async () => {
    const jane = `/occasion/${f.occasionId}/guest/${f.smith.jane}`;
    const janeAtDinner = `/occasion/${f.occasionId}/invite-line/${f.smith.jane}${f.activities.dinner}`;
    await update(f.host, jane, { householdId: f.jones.id });
    await update<InviteLine>(f.host, janeAtDinner, { response: 'DECLINED' });
    await update(f.host, jane, { householdId: null });
    await update<InviteLine>(f.host, janeAtDinner, { response: 'ATTENDING' });
    await update(f.host, jane, { householdId: f.lee.id });
    await update<InviteLine>(f.host, janeAtDinner, { response: 'PENDING' });
    // The household's deletion leaves her without one and records no entry of hers.
    expect((await f.host.request('DELETE', `/occasion/${f.occasionId}/household/${f.lee.id}`)).status).toBe(204);
    await update(f.host, jane, { notes: 'after the Lees' });

    const hers = (await all()).filter((entry) => entry.guestId === f.smith.jane);
    expect(new Set(hers.map((entry) => entry.householdId))).toEqual(new Set([f.smith.id, f.jones.id, f.lee.id, null]));
    expect(await all(`guestId=${f.smith.jane}`)).toEqual(hers);
    const paged: HistoryEntry[] = [];
    let cursor: string | null = null;
    do {
      const next: HistoryPage = await page(`?limit=2&guestId=${f.smith.jane}${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...next.entries);
      cursor = next.nextCursor;
    } while (cursor);
    expect(paged).toEqual(hers);
    expect((await all(`guestId=${f.smith.jane}&householdId=${f.jones.id}`)).map((entry) => entry.id)).toEqual(
      hers.filter((entry) => entry.householdId === f.jones.id).map((entry) => entry.id),
    );

    // Made again over this history (as on a database that had it before migration 0009), the
    // guests' households are filled in from the entries, and nothing else changes.
    const before = await snapshotDatabase(t.deps.db);
    await changingSchema(async () => {
      await historyGuestHouseholds.down(t.deps.db);
      await historyGuestHouseholds.up(t.deps.db);
    });
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    expect(await all(`guestId=${f.smith.jane}`)).toEqual(hers);
  });

  it('keeps paging stable while writes happen between pages: no entry twice, none of the first ones skipped', async () => {
    const existing = (await all()).map((entry) => entry.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let round = 0;
    do {
      const next: HistoryPage = await page(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...next.entries.map((entry) => entry.id));
      cursor = next.nextCursor;
      round += 1;
      // Several writes at once between page requests.
      await Promise.all(
        [f.smith.jane, f.smith.jose, f.jones.ann, f.jones.sam].map((guestId) =>
          f.host.request('PUT', `/occasion/${f.occasionId}/guest/${guestId}`, { notes: `round ${round}` }),
        ),
      );
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => existing.includes(id))).toEqual(existing);
    expect((await all()).length).toBe(existing.length + 4 * round);
  });

  it('records every one of many concurrent replies and host writes, in one entry per change', async () => {
    const guests = [await signInSmith(), await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.jones.inviteCode })];
    const jonesReply = {
      responses: [
        { guestId: f.jones.ann, activityId: f.activities.brunch, response: 'DECLINED' },
        { guestId: f.jones.sam, activityId: f.activities.brunch, response: 'ATTENDING' },
      ],
    };
    const n = Number(await count());
    const answers = await Promise.all([
      rsvp(guests[0]!, 'POST', smithReply()),
      rsvp(guests[0]!, 'POST', smithReply()),
      rsvp(guests[1]!, 'POST', jonesReply),
      f.host.request('PUT', `/occasion/${f.occasionId}/invite-line/${f.lee.sam}${f.activities.ceremony}`, { response: 'ATTENDING' }),
      f.host.request('PUT', `/occasion/${f.occasionId}/household/${f.lee.id}`, { notes: 'called' }),
    ]);
    expect(answers.map((response) => response.status).sort()).toEqual([200, 200, 201, 201, 409]);
    // Smiths 9, Joneses 2 lines + reply, one line, one household.
    expect(Number(await count())).toBe(n + 9 + 3 + 1 + 1);
  });

  it("finds each guest's entries after many writes at once move guests into a new household and change their lines", async () => {
    const created = await f.host.request('POST', `/occasion/${f.occasionId}/household`, { name: 'The Newcomers' });
    expect(created.status).toBe(201);
    const newcomers = ((await created.json()) as { id: string }).id;
    const moved = [f.smith.jane, f.smith.jose, f.jones.ann];
    const guestPath = (guestId: string) => `/occasion/${f.occasionId}/guest/${guestId}`;
    const answers = await Promise.all([
      ...moved.map((guestId) => f.host.request('PUT', guestPath(guestId), { householdId: newcomers })),
      // The same guests' first entries in that household, from a bulk naming them in another order.
      f.host.request('POST', `/occasions/${f.occasionId}/guests`, { guests: [...moved].reverse().map((id) => ({ id, householdId: newcomers, notes: 'moved' })) }),
      f.host.request('PUT', `/occasion/${f.occasionId}/invite-line/${f.smith.jane}${f.activities.dinner}`, { response: 'DECLINED' }),
      f.host.request('PUT', `/occasion/${f.occasionId}/invite-line/${f.smith.jose}${f.activities.dinner}`, { response: 'ATTENDING' }),
    ]);
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const everything = await all();
    for (const guestId of moved) {
      const theirs = everything.filter((entry) => entry.guestId === guestId);
      expect(theirs.some((entry) => entry.householdId === newcomers)).toBe(true);
      expect(await all(`guestId=${guestId}`)).toEqual(theirs);
    }
  });

  it("records a reply's new message, and nothing for the same message again", async () => {
    const smith = await signInSmith();
    expect((await rsvp(smith, 'POST', smithReply())).status).toBe(201);
    expect((await rsvp(smith, 'PUT', { responses: [], message: 'Running late' })).status).toBe(200);
    const [latest] = await all();
    expect(latest).toMatchObject({ entity: 'RSVP', action: 'UPDATE', changes: { message: ['See you there!', 'Running late'] } });
    const n = await count();
    expect((await rsvp(smith, 'PUT', { responses: [], message: 'Running late' })).status).toBe(200);
    expect(await count()).toBe(n);
  });

  it('records identical invite-line bulks sent at once only once', async () => {
    const body = {
      lines: [
        { guestId: f.lee.sam, activityId: f.activities.brunch, invited: true, response: 'ATTENDING' },
        { guestId: f.jones.ann, activityId: f.activities.ceremony, invited: true },
      ],
    };
    const n = await count();
    const answers = await Promise.all(Array.from({ length: 4 }, () => f.host.request('PUT', `/occasion/${f.occasionId}/invite-lines`, body)));
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(await count()).toBe(n + 2);
  });

  it('shows at most the last 366 days', async () => {
    await t.deps.db.updateTable('historyEntry').set({ at: new Date(Date.now() - 400 * 86_400_000).toISOString() }).execute();
    const days = await read<RepliesDay[]>(f.host, `/occasion/${f.occasionId}/replies-over-time`);
    expect(days).toHaveLength(366);
    expect(days.at(-1)).toEqual({ date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(new Date()), attending: 0, declined: 0, pending: 8 });
  });

  it("counts lines older than history from the occasion's first day, and drops deleted lines and guests", async () => {
    const leeLine = `${f.lee.sam}${f.activities.ceremony}`;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const dateOf = (instant: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(new Date(instant));
    // Lee's line was made before history existed; the others three days ago; the occasion five.
    await t.deps.db.deleteFrom('historyEntry').where('entityId', '=', leeLine).execute();
    await t.deps.db.updateTable('historyEntry').set({ at: daysAgo(3) }).where('entity', '=', 'INVITE_LINE').execute();
    await t.deps.db.updateTable('occasion').set({ createdAt: daysAgo(5) }).where('id', '=', f.occasionId).execute();
    await update(f.host, `/occasion/${f.occasionId}/invite-line/${leeLine}`, { response: 'ATTENDING' });
    expect((await f.host.request('DELETE', `/occasion/${f.occasionId}/guest/${f.jones.ann}`)).status).toBe(204);
    expect((await f.host.request('DELETE', `/occasion/${f.occasionId}/invite-line/${f.smith.timmy}${f.activities.ceremony}`)).status).toBe(204);
    const days = await read<RepliesDay[]>(f.host, `/occasion/${f.occasionId}/replies-over-time`);
    expect(days).toEqual([
      { date: dateOf(daysAgo(5)), attending: 0, declined: 0, pending: 1 },
      { date: dateOf(daysAgo(4)), attending: 0, declined: 0, pending: 1 },
      { date: dateOf(daysAgo(3)), attending: 0, declined: 0, pending: 8 },
      { date: dateOf(daysAgo(2)), attending: 0, declined: 0, pending: 8 },
      { date: dateOf(daysAgo(1)), attending: 0, declined: 0, pending: 8 },
      { date: dateOf(daysAgo(0)), attending: 1, declined: 0, pending: 5 },
    ]);
  });

  it('counts replies per day from history', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(new Date());
    const empty = await read<RepliesDay[]>(f.host, `/occasion/${f.occasionId}/replies-over-time`);
    expect(empty).toEqual([{ date: today, attending: 0, declined: 0, pending: 8 }]);
    expect((await rsvp(await signInSmith(), 'POST', smithReply())).status).toBe(201);
    await update(f.host, `/occasion/${f.occasionId}/invite-line/${f.lee.sam}${f.activities.ceremony}`, { response: 'DECLINED' });
    // Days back in time: yesterday the first invitations went out, and Ann declined the brunch.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await t.deps.db.updateTable('historyEntry').set({ at: yesterday }).where('entity', '=', 'INVITE_LINE').where('action', '=', 'CREATE').where('actorKind', '=', 'HOST').execute();
    expect((await rsvp(await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.jones.inviteCode }), 'POST', {
      responses: [
        { guestId: f.jones.ann, activityId: f.activities.brunch, response: 'DECLINED' },
        { guestId: f.jones.sam, activityId: f.activities.brunch, response: 'DECLINED' },
      ],
    })).status).toBe(201);
    await t.deps.db.updateTable('historyEntry').set({ at: yesterday }).where('guestId', '=', f.jones.ann).execute();
    const days = await read<RepliesDay[]>(f.host, `/occasion/${f.occasionId}/replies-over-time`);
    const yesterdayDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(new Date(yesterday));
    // Smiths: 3 attending (Jane 2, José 1) + plus-one 2 attending; declined José dinner, Timmy; Lee declined; Joneses declined 2.
    expect(days).toEqual([
      { date: yesterdayDate, attending: 0, declined: 1, pending: 7 },
      { date: today, attending: 5, declined: 5, pending: 0 },
    ]);
  });
});
