import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Activity } from '../../../core/schemas/activity';
import type { Guest } from '../../../core/schemas/guest';
import type { InviteLine } from '../../../core/schemas/invite-line';
import type { Occasion } from '../../../core/schemas/occasion';
import type { Seating, SeatingTable } from '../../../core/schemas/seating';
import { signUpHost, type HostClient } from '../../in-process/host-session';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test-support/test-app';
import { verifyAccount } from '../../test-support/verify-account';
import { create, createActivity, createGuest, createOccasion, expectError, expectJson, invite, read, remove, update } from './host-fixtures';
import { addPerson } from './people-fixtures';

describe(`seating on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let host: HostClient;
  let occasion: Occasion;
  let dinner: Activity;
  let guests: Guest[];
  let lines: InviteLine[];
  beforeEach(async () => {
    t = await createTestApp();
    host = await signUpHost(t.app);
    occasion = await createOccasion(host);
    dinner = await createActivity(host, occasion.id, { name: 'Dinner' });
    guests = [];
    lines = [];
    for (const name of ['Ada', 'Ben', 'Cy', 'Dee']) {
      const guest = await createGuest(host, occasion.id, { firstName: name });
      guests.push(guest);
      lines.push(await invite(host, occasion.id, guest.id, dinner.id, { response: 'ATTENDING' }));
    }
  });
  afterEach(() => t.close());

  const base = () => `/occasion/${occasion.id}`;
  const at = (activity: Activity = dinner) => `${base()}/activity/${activity.id}`;
  const addTable = (body: object, activity: Activity = dinner) => create<SeatingTable>(host, `${at(activity)}/tables`, body);
  const seat = (body: object, activity: Activity = dinner) => expectJson<Seating>(host, 'POST', `${at(activity)}/seats`, body, 200);
  const seating = (activity: Activity = dinner) => read<Seating>(host, `${at(activity)}/seating`);
  const seatsOf = async (activity: Activity = dinner) => (await seating(activity)).seats;

  it('adds tables numbered one above the highest, round unless told, and lists them by number', async () => {
    const first = await addTable({ name: 'Family', capacity: 8 });
    expect(first).toEqual({
      id: expect.any(String),
      activityId: dinner.id,
      name: 'Family',
      number: 1,
      shape: 'ROUND',
      capacity: 8,
      createdAt: expect.any(String),
      updatedAt: first.createdAt,
    });
    const tenth = await addTable({ name: 'Head', number: 10, shape: 'LONG', capacity: 12 });
    const next = await addTable({ name: 'Friends', capacity: 6 });
    expect(next.number).toBe(11);
    const second = await addTable({ name: 'Work', number: 2, capacity: 4 });
    expect(await seating()).toEqual({ activityId: dinner.id, tables: [first, second, tenth, next], seats: [], releases: [] });
    // Numbers are the activity's own: another activity starts at 1 again.
    const lunch = await createActivity(host, occasion.id, { name: 'Lunch' });
    expect((await addTable({ name: 'Lunch one', capacity: 4 }, lunch)).number).toBe(1);
  });

  it('refuses a number the activity already uses, on create and on change, changing nothing', async () => {
    await addTable({ name: 'Family', number: 3, capacity: 8 });
    const other = await addTable({ name: 'Friends', number: 4, capacity: 8 });
    const before = await snapshotDatabase(t.deps.db);
    expect((await expectError(host, 'POST', `${at()}/tables`, { name: 'Again', number: 3, capacity: 2 }, 409, 'CONFLICT')).message).toBe(
      'Table number 3 is already used in this activity.',
    );
    await expectError(host, 'PUT', `${base()}/table/${other.id}`, { number: 3 }, 409, 'CONFLICT');
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('changes any subset of a table, keeps the rest, and allows a capacity below the seated count', async () => {
    const table = await addTable({ name: 'Family', capacity: 4 });
    await seat({ guestIds: guests.map((guest) => guest.id), tableId: table.id });
    const changed = await update<SeatingTable>(host, `${base()}/table/${table.id}`, { capacity: 2, shape: 'LONG' });
    expect(changed).toMatchObject({ id: table.id, name: 'Family', number: 1, shape: 'LONG', capacity: 2 });
    expect(changed.updatedAt >= table.updatedAt).toBe(true);
    const renamed = await update<SeatingTable>(host, `${base()}/table/${table.id}`, { name: 'Kin', number: 7 });
    expect(renamed).toMatchObject({ name: 'Kin', number: 7, shape: 'LONG', capacity: 2 });
    const now = await seating();
    expect(now.tables).toEqual([renamed]);
    expect(now.seats).toHaveLength(4);
    // Keeping its own number is no conflict.
    await update(host, `${base()}/table/${table.id}`, { number: 7 });
  });

  it('seats guests, moves them between tables, unseats them, and answers the whole seating each time', async () => {
    const [ada, ben, cy] = guests as [Guest, Guest, Guest];
    const family = await addTable({ name: 'Family', capacity: 2 });
    const friends = await addTable({ name: 'Friends', capacity: 2 });
    const afterSeating = await seat({ guestIds: [ada.id, ben.id], tableId: family.id });
    expect(afterSeating).toEqual(await seating());
    expect(afterSeating.seats).toEqual(expect.arrayContaining([{ guestId: ada.id, tableId: family.id }, { guestId: ben.id, tableId: family.id }]));
    expect(afterSeating.seats).toHaveLength(2);
    // Ben moves; the family table has a free seat again.
    await seat({ guestIds: [ben.id], tableId: friends.id });
    await seat({ guestIds: [cy.id], tableId: family.id });
    // Seating someone where they already sit takes no second seat.
    await seat({ guestIds: [ada.id, cy.id], tableId: family.id });
    expect(await seatsOf()).toEqual(
      expect.arrayContaining([
        { guestId: ada.id, tableId: family.id },
        { guestId: ben.id, tableId: friends.id },
        { guestId: cy.id, tableId: family.id },
      ]),
    );
    const unseated = await seat({ guestIds: [ada.id, ben.id], tableId: null });
    expect(unseated.seats).toEqual([{ guestId: cy.id, tableId: family.id }]);
    // Deleting a table unseats its guests, with no release: they still attend.
    await remove(host, `${base()}/table/${family.id}`);
    expect(await seating()).toMatchObject({ tables: [friends], seats: [], releases: [] });
    await expectError(host, 'DELETE', `${base()}/table/${family.id}`, undefined, 404, 'NOT_FOUND');
  });

  it('refuses more guests than free seats with TABLE_FULL, unless overCapacity, changing nothing', async () => {
    const [ada, ben, cy, dee] = guests as [Guest, Guest, Guest, Guest];
    const family = await addTable({ name: 'Family', number: 5, capacity: 3 });
    await seat({ guestIds: [ada.id], tableId: family.id });
    const before = await snapshotDatabase(t.deps.db);
    const full = await expectError(host, 'POST', `${at()}/seats`, { guestIds: [ben.id, cy.id, dee.id], tableId: family.id }, 409, 'TABLE_FULL');
    expect(full.message).toBe('Table 5 (Family) has 2 free seats; 3 guests cannot be seated there.');
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    const crowded = await seat({ guestIds: [ben.id, cy.id, dee.id], tableId: family.id, overCapacity: true });
    expect(crowded.seats).toHaveLength(4);
    // Over-full: no seat is free, and a guest already there is no newcomer.
    await seat({ guestIds: [ada.id, ben.id], tableId: family.id });
    await update(host, `${base()}/table/${family.id}`, { capacity: 1 });
    const other = await addTable({ name: 'Other', capacity: 1 });
    await seat({ guestIds: [dee.id], tableId: other.id });
    const none = await expectError(host, 'POST', `${at()}/seats`, { guestIds: [dee.id], tableId: family.id }, 409, 'TABLE_FULL');
    expect(none.message).toBe('Table 5 (Family) has 0 free seats; 1 guest cannot be seated there.');
  });

  it('answers 404 for a table or guest of another occasion or activity, and 400 for a guest not attending, changing nothing', async () => {
    const [ada, ben] = guests as [Guest, Guest];
    const family = await addTable({ name: 'Family', capacity: 8 });
    const lunch = await createActivity(host, occasion.id, { name: 'Lunch' });
    const lunchTable = await addTable({ name: 'Lunch table', capacity: 8 }, lunch);
    const elsewhere = await createOccasion(host, { title: 'Other party' });
    const elsewhereDinner = await createActivity(host, elsewhere.id, { name: 'Dinner' });
    const stranger = await createGuest(host, elsewhere.id, { firstName: 'Zed' });
    await invite(host, elsewhere.id, stranger.id, elsewhereDinner.id, { response: 'ATTENDING' });
    const strangerTable = await create<SeatingTable>(host, `/occasion/${elsewhere.id}/activity/${elsewhereDinner.id}/tables`, { name: 'Theirs', capacity: 8 });
    const undecided = await createGuest(host, occasion.id, { firstName: 'Una' });
    await invite(host, occasion.id, undecided.id, dinner.id);
    const uninvited = await createGuest(host, occasion.id, { firstName: 'Vic' });
    await seat({ guestIds: [ada.id], tableId: family.id });
    const before = await snapshotDatabase(t.deps.db);

    const seats = `${at()}/seats`;
    await expectError(host, 'POST', seats, { guestIds: [ben.id], tableId: strangerTable.id }, 404, 'NOT_FOUND');
    await expectError(host, 'POST', seats, { guestIds: [ben.id], tableId: lunchTable.id }, 404, 'NOT_FOUND');
    await expectError(host, 'POST', seats, { guestIds: [ben.id], tableId: 'noSuchTable' }, 404, 'NOT_FOUND');
    await expectError(host, 'POST', seats, { guestIds: [ben.id, stranger.id], tableId: family.id }, 404, 'NOT_FOUND');
    await expectError(host, 'POST', seats, { guestIds: [stranger.id], tableId: null }, 404, 'NOT_FOUND');
    await expectError(host, 'POST', `/occasion/${occasion.id}/activity/${elsewhereDinner.id}/seats`, { guestIds: [ben.id], tableId: null }, 404, 'NOT_FOUND');
    await expectError(host, 'GET', `/occasion/${occasion.id}/activity/${elsewhereDinner.id}/seating`, undefined, 404, 'NOT_FOUND');
    await expectError(host, 'POST', `/occasion/${occasion.id}/activity/${elsewhereDinner.id}/tables`, { name: 'X', capacity: 2 }, 404, 'NOT_FOUND');
    await expectError(host, 'PUT', `${base()}/table/${strangerTable.id}`, { name: 'Mine now' }, 404, 'NOT_FOUND');
    await expectError(host, 'DELETE', `${base()}/table/${strangerTable.id}`, undefined, 404, 'NOT_FOUND');
    await expectError(host, 'DELETE', `/occasion/${occasion.id}/activity/${elsewhereDinner.id}/releases`, undefined, 404, 'NOT_FOUND');

    const notAttending = await expectError(host, 'POST', seats, { guestIds: [ben.id, undecided.id, uninvited.id], tableId: family.id }, 400, 'VALIDATION_FAILED');
    expect(notAttending.issues).toEqual([
      { path: 'guestIds.1', message: 'Una Smith is not attending this activity, so cannot be seated.' },
      { path: 'guestIds.2', message: 'Vic Smith is not attending this activity, so cannot be seated.' },
    ]);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('refuses malformed bodies with the contract error, changing nothing', async () => {
    const family = await addTable({ name: 'Family', capacity: 8 });
    const [ada] = guests as [Guest];
    const before = await snapshotDatabase(t.deps.db);
    const seats = `${at()}/seats`;
    const bad = async (method: string, path: string, body: unknown, paths: string[]) => {
      const error = await expectError(host, method, path, body, 400, 'VALIDATION_FAILED');
      expect(error.issues?.map((issue) => issue.path)).toEqual(paths);
    };
    await bad('POST', seats, { guestIds: [ada.id] }, ['tableId']);
    await bad('POST', seats, { guestIds: [], tableId: family.id }, ['guestIds']);
    await bad('POST', seats, { guestIds: [ada.id, ada.id], tableId: family.id }, ['guestIds.1']);
    await bad('POST', seats, { guestIds: [ada.id], tableId: family.id, overCapacity: 'yes' }, ['overCapacity']);
    await bad('POST', seats, { guestIds: [ada.id], tableId: family.id, seat: 3 }, ['seat']);
    await bad('POST', seats, [ada.id], ['']);
    await bad('POST', `${at()}/tables`, { name: '', capacity: 0, shape: 'OVAL' }, ['name', 'shape', 'capacity']);
    await bad('POST', `${at()}/tables`, { name: 'A', capacity: 2, number: 1000 }, ['number']);
    await bad('PUT', `${base()}/table/${family.id}`, { capacity: 201 }, ['capacity']);
    await bad('PUT', `${base()}/table/${family.id}`, { activityId: dinner.id }, ['activityId']);
    const raw = (body: string, type = 'application/json') =>
      t.app.request(`http://localhost/host/v1${seats}`, { method: 'POST', headers: { cookie: host.jar.header(), 'content-type': type }, body });
    const malformed = await raw('{"guestIds": [');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { code: string } }).error.code).toBe('MALFORMED_JSON');
    expect((await raw('guestIds=a', 'text/plain')).status).toBe(415);
    expect((await raw(JSON.stringify({ guestIds: [ada.id], tableId: family.id, pad: 'x'.repeat(70_000) }))).status).toBe(413);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('lets a viewer read the seating, and refuses a viewer or the door any change with 403, changing nothing', async () => {
    const family = await addTable({ name: 'Family', capacity: 8 });
    await seat({ guestIds: [guests[0]!.id], tableId: family.id });
    await verifyAccount(t.deps.db, host.credentials.email);
    const viewer = await addPerson(t, host, occasion.id, 'viewer');
    const door = await addPerson(t, host, occasion.id, 'door');
    const editor = await addPerson(t, host, occasion.id, 'editor');
    const before = await snapshotDatabase(t.deps.db);
    expect(await read<Seating>(viewer, `${at()}/seating`)).toEqual(await seating());
    await expectError(door, 'GET', `${at()}/seating`, undefined, 403, 'FORBIDDEN');
    for (const person of [viewer, door]) {
      await expectError(person, 'POST', `${at()}/tables`, { name: 'Mine', capacity: 2 }, 403, 'FORBIDDEN');
      await expectError(person, 'PUT', `${base()}/table/${family.id}`, { name: 'Mine' }, 403, 'FORBIDDEN');
      await expectError(person, 'DELETE', `${base()}/table/${family.id}`, undefined, 403, 'FORBIDDEN');
      await expectError(person, 'POST', `${at()}/seats`, { guestIds: [guests[1]!.id], tableId: family.id }, 403, 'FORBIDDEN');
      await expectError(person, 'DELETE', `${at()}/releases`, undefined, 403, 'FORBIDDEN');
    }
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    await expectJson(editor, 'POST', `${at()}/seats`, { guestIds: [guests[1]!.id], tableId: family.id }, 200);
  });

  describe('releases: a seated guest who stops attending frees the seat, with a notice', () => {
    let family: SeatingTable;
    beforeEach(async () => {
      family = await addTable({ name: 'Family', number: 4, capacity: 8 });
      await seat({ guestIds: guests.map((guest) => guest.id), tableId: family.id });
    });

    const releasedIds = async () => (await seating()).releases.map((release) => release.guestId).sort();
    const seatedIds = async () => (await seatsOf()).map((one) => one.guestId).sort();
    const ids = (...list: Guest[]) => list.map((guest) => guest.id).sort();

    it('when the host changes the answer, alone or in the bulk; an answer kept ATTENDING keeps the seat', async () => {
      const [ada, ben, cy, dee] = guests as [Guest, Guest, Guest, Guest];
      await update(host, `${base()}/invite-line/${lines[0]!.id}`, { mealChoice: null });
      await update(host, `${base()}/invite-line/${lines[0]!.id}`, { response: 'ATTENDING' });
      expect(await seatedIds()).toEqual(ids(ada, ben, cy, dee));
      await update(host, `${base()}/invite-line/${lines[0]!.id}`, { response: 'DECLINED' });
      const after = await seating();
      expect(after.releases).toEqual([{ guestId: ada.id, tableId: family.id, tableName: 'Family', releasedAt: expect.any(String) }]);
      expect(after.seats.map((one) => one.guestId).sort()).toEqual(ids(ben, cy, dee));
      await expectJson(host, 'PUT', `${base()}/invite-lines`, {
        lines: [
          { guestId: ben.id, activityId: dinner.id, invited: true, response: 'PENDING' },
          { guestId: cy.id, activityId: dinner.id, invited: false },
          { guestId: dee.id, activityId: dinner.id, invited: true, response: 'ATTENDING' },
        ],
      }, 200);
      expect(await seatedIds()).toEqual(ids(dee));
      expect(await releasedIds()).toEqual(ids(ada, ben, cy));
    });

    it('when the invite line or the guest is deleted, alone or in the bulk', async () => {
      const [ada, ben, cy, dee] = guests as [Guest, Guest, Guest, Guest];
      await remove(host, `${base()}/invite-line/${lines[0]!.id}`);
      await remove(host, `${base()}/guest/${ben.id}`);
      await expectJson(host, 'POST', `/occasions/${occasion.id}/guests/delete`, { ids: [cy.id] }, 200);
      expect(await seatedIds()).toEqual(ids(dee));
      const { releases } = await seating();
      expect(releases.map((release) => release.guestId).sort()).toEqual(ids(ada, ben, cy));
      expect(releases.every((release) => release.tableName === 'Family' && release.tableId === family.id)).toBe(true);
      // The notices go once dismissed; seats stay.
      await remove(host, `${at()}/releases`);
      expect(await seating()).toMatchObject({ seats: [{ guestId: dee.id, tableId: family.id }], releases: [] });
    });

    it('names the table as it was called when the seat was freed, after it is renamed or deleted', async () => {
      await update(host, `${base()}/invite-line/${lines[0]!.id}`, { response: 'PENDING' });
      await update(host, `${base()}/table/${family.id}`, { name: 'Kin' });
      await remove(host, `${base()}/table/${family.id}`);
      expect((await seating()).releases).toEqual([{ guestId: guests[0]!.id, tableId: family.id, tableName: 'Family', releasedAt: expect.any(String) }]);
    });

    it('when an undone import takes back the invitation it made', async () => {
      const imported = await expectJson<{ importId: string; guestIds: string[] }>(host, 'POST', `${base()}/import`, {
        key: 'seating-import-1',
        guests: [{ firstName: 'Imo', lastName: 'Ported' }],
        invitations: [{ guestRow: 0, activityId: dinner.id, invited: true, response: 'ATTENDING' }],
      }, 200);
      const [imo] = imported.guestIds as [string];
      await seat({ guestIds: [imo], tableId: family.id });
      await expectJson(host, 'POST', `${base()}/import/${imported.importId}/undo`, undefined, 200);
      expect(await seatedIds()).toEqual(ids(...guests));
      expect(await releasedIds()).toEqual([imo]);
    });

    it('leaves no seat and no notice of a guest who is erased', async () => {
      const [ada, ben] = guests as [Guest, Guest];
      await update(host, `${base()}/invite-line/${lines[0]!.id}`, { response: 'DECLINED' });
      expect(await releasedIds()).toEqual([ada.id]);
      await expectJson(host, 'POST', `${base()}/guest/${ada.id}/erase`, undefined, 200);
      await expectJson(host, 'POST', `${base()}/guest/${ben.id}/erase`, undefined, 200);
      const { db } = t.deps;
      expect(await db.selectFrom('seat').select('guestId').where('guestId', 'in', [ada.id, ben.id]).execute()).toEqual([]);
      expect(await db.selectFrom('seatRelease').select('guestId').where('guestId', 'in', [ada.id, ben.id]).execute()).toEqual([]);
      expect(await seatedIds()).toEqual(ids(...guests.slice(2)));
    });

    it('not for a change that a refused request would have made', async () => {
      const before = await snapshotDatabase(t.deps.db);
      await expectError(host, 'PUT', `${base()}/invite-lines`, {
        lines: [
          { guestId: guests[0]!.id, activityId: dinner.id, invited: false },
          { guestId: 'nobody', activityId: dinner.id, invited: true },
        ],
      }, 400, 'VALIDATION_FAILED');
      expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    });
  });
});
