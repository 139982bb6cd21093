import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Guest, GuestBulkResult } from '../../../core/schemas/guest';
import type { Household } from '../../../core/schemas/household';
import type { Occasion } from '../../../core/schemas/occasion';
import type { GuestRow } from '../../data/guests';
import { byChangedColumns } from './guests-bulk';
import { signUpHost, type HostClient } from '../../in-process/host-session';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import {
  createActivity,
  createCategory,
  createGuest,
  createHousehold,
  createOccasion,
  expectError,
  expectHiddenFrom,
  expectHugeBulkRefused,
  expectJson,
  invite,
  issuePaths,
  read,
  sendText,
} from './host-fixtures';

const rowsNamed = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ firstName: `Guest${String(i).padStart(5, '0')}`, lastName: 'Bulk', email: `g${i}@example.com` }));

describe('byChangedColumns', () => {
  const stored: GuestRow = {
    id: 'g0', occasionId: 'o', householdId: null, firstName: 'Ada', lastName: 'Smith', nameKey: 'ada smith', email: '', phone: '',
    ageGroup: 'ADULT', plusOneAllowed: 0, plusOneOf: null, dietaryNotes: '', attributes: '{}', notes: '', createdAt: 't0', updatedAt: 't0',
  };
  const update = (id: string, change: Partial<GuestRow>) => ({ before: { ...stored, id }, row: { ...stored, id, ...change, updatedAt: 't1' } });

  it('groups rows by the columns they change, always with updatedAt', () => {
    const groups = byChangedColumns([update('a', { dietaryNotes: 'vegan' }), update('b', { lastName: 'Lee', nameKey: 'ada lee' }), update('c', { dietaryNotes: 'nuts' }), update('d', {})]);
    expect(groups.map(([columns, rows]) => [columns, rows.map((row) => row.id)])).toEqual([
      [['dietaryNotes', 'updatedAt'], ['a', 'c']],
      [['lastName', 'nameKey', 'updatedAt'], ['b']],
      [['updatedAt'], ['d']],
    ]);
  });

  it('writes every column of every row past eight sets of columns', () => {
    const fields = ['firstName', 'lastName', 'email', 'phone', 'notes', 'dietaryNotes', 'ageGroup', 'attributes', 'householdId'] as const;
    const groups = byChangedColumns(fields.map((field, i) => update(`r${i}`, { [field]: 'x' })));
    expect(groups).toHaveLength(1);
    expect(groups[0]![0]).toHaveLength(13);
    expect(groups[0]![1]).toHaveLength(9);
  });
});

describe('guest bulk route', () => {
  let t: TestApp;
  let host: HostClient;
  let occasion: Occasion;
  let bulkPath: string;
  beforeEach(async () => {
    t = await createTestApp();
    host = await signUpHost(t.app);
    occasion = await createOccasion(host);
    bulkPath = `/occasions/${occasion.id}/guests`;
  });
  afterEach(() => t.close());

  const bulk = (guests: object[]) => expectJson<GuestBulkResult>(host, 'POST', bulkPath, { guests }, 200);

  it('links plus-ones by row (plusOneOfRow), across statements, and refuses a row that names itself or no row', async () => {
    const ada = await createGuest(host, occasion.id);
    const rows: object[] = rowsNamed(300);
    rows.push({ firstName: 'Plus', lastName: 'One', plusOneOfRow: 0 }, { id: ada.id, plusOneOfRow: 299 });
    rows[0] = { ...(rows[0] as object), plusOneOfRow: 300 };
    const result = await bulk(rows);
    const [first] = result.guests as [Guest];
    const plus = result.guests[300]!;
    expect(first.plusOneOf).toBe(plus.id);
    expect(plus.plusOneOf).toBe(first.id);
    expect(result.guests[301]).toMatchObject({ id: ada.id, plusOneOf: result.guests[299]!.id });
    const listed = await read<Guest[]>(host, `/occasion/${occasion.id}/guests`);
    expect(listed.find((guest) => guest.id === plus.id)!.plusOneOf).toBe(first.id);
    expect(listed.find((guest) => guest.id === ada.id)!.plusOneOf).toBe(result.guests[299]!.id);

    // Left out: kept; null: cleared.
    const kept = await bulk([{ id: ada.id, notes: 'kept' }]);
    expect(kept.guests[0]!.plusOneOf).toBe(result.guests[299]!.id);
    const cleared = await bulk([{ id: ada.id, plusOneOfRow: null }]);
    expect(cleared.guests[0]!.plusOneOf).toBeNull();

    const before = await snapshotDatabase(t.deps.db);
    expect(await issuePaths(host, 'POST', bulkPath, { guests: [{ firstName: 'A', plusOneOfRow: 0 }] })).toEqual(['guests.0.plusOneOfRow']);
    expect(await issuePaths(host, 'POST', bulkPath, { guests: [{ firstName: 'A' }, { firstName: 'B', plusOneOfRow: 2 }] })).toEqual(['guests.1.plusOneOfRow']);
    expect(await issuePaths(host, 'POST', bulkPath, { guests: [{ firstName: 'A', plusOneOfRow: -1 }] })).toEqual(['guests.0.plusOneOfRow']);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('creates and updates in one request, answering the rows in request order', async () => {
    const ceremony = await createActivity(host, occasion.id);
    const side = await createCategory(host, occasion.id);
    const ada = await createGuest(host, occasion.id, { notes: 'Vegetarian aunt', phone: '555' });
    const line = await invite(host, occasion.id, ada.id, ceremony.id);
    const result = await bulk([
      { firstName: 'Bo', lastName: 'Jones', ageGroup: 'CHILD', attributes: { [side.id]: ['groom'] } },
      { id: ada.id, lastName: 'Brennan' },
      { firstName: 'Cy' },
    ]);
    expect(result.created).toBe(2);
    expect(result.updated).toBe(1);
    expect(result.guests.map((guest) => guest.firstName)).toEqual(['Bo', 'Ada', 'Cy']);
    const [bo, updatedAda, cy] = result.guests as [Guest, Guest, Guest];
    expect(bo).toMatchObject({ occasionId: occasion.id, lastName: 'Jones', ageGroup: 'CHILD', attributes: { [side.id]: ['groom'] }, invitations: [] });
    expect(updatedAda).toEqual({
      ...ada,
      lastName: 'Brennan',
      invitations: [{ inviteLineId: line.id, activityId: ceremony.id, response: 'PENDING', mealChoice: null }],
      updatedAt: updatedAda.updatedAt,
    });
    expect(cy).toMatchObject({ lastName: '', householdId: null, plusOneAllowed: false, email: '' });
    for (const guest of result.guests) expect(await read(host, `/occasion/${occasion.id}/guest/${guest.id}`)).toEqual(guest);
    const nameKey = await t.deps.db.selectFrom('guest').select('nameKey').where('id', '=', ada.id).executeTakeFirstOrThrow();
    expect(nameKey.nameKey).toBe('ada brennan');
  });

  it('stores every field as sent when rows change different columns, or none, or more kinds than it groups', async () => {
    const side = await createCategory(host, occasion.id);
    const smiths = await createHousehold(host, occasion.id, { name: 'The Smiths' });
    const guests = await Promise.all(Array.from({ length: 12 }, (_, i) => createGuest(host, occasion.id, { firstName: `G${i}`, notes: `n${i}` })));
    const changes: object[] = [
      { dietaryNotes: 'vegan' },
      { lastName: 'Renamed' },
      { householdId: smiths.id, attributes: { [side.id]: ['groom'] } },
      {},
      { plusOneAllowed: true },
      { email: 'x@example.com', phone: '555' },
      { ageGroup: 'CHILD' },
      { notes: '' },
      { firstName: 'New', lastName: 'Name' },
      { attributes: { [side.id]: ['bride'] } },
      { plusOneOfRow: 0, dietaryNotes: 'nuts' },
      { householdId: null, notes: 'moved out' },
    ];
    const sent = guests.map((guest, i) => ({ id: guest.id, ...changes[i] }));
    for (const rows of [sent.slice(0, 4), sent]) {
      const result = await bulk(rows);
      result.guests.forEach((guest, i) => {
        const { id: _id, plusOneOfRow, ...fields } = rows[i] as { id: string; plusOneOfRow?: number };
        const plusOneOf = plusOneOfRow === undefined ? {} : { plusOneOf: guests[plusOneOfRow]!.id };
        expect(guest).toEqual({ ...guests[i], ...fields, ...plusOneOf, updatedAt: guest.updatedAt });
      });
      for (const guest of result.guests) expect(await read(host, `/occasion/${occasion.id}/guest/${guest.id}`)).toEqual(guest);
    }
    const renamed = await t.deps.db.selectFrom('guest').select('id').where('occasionId', '=', occasion.id).where('nameKey', '=', 'new name').execute();
    expect(renamed.map((row) => row.id)).toEqual([guests[8]!.id]);
  });

  it('keeps both bulks when two at once change different columns of the same guests', async () => {
    const guests = await Promise.all(Array.from({ length: 3 }, (_, i) => createGuest(host, occasion.id, { firstName: `G${i}` })));
    const results = await Promise.all([
      bulk(guests.map((guest) => ({ id: guest.id, dietaryNotes: 'vegan' }))),
      bulk(guests.map((guest) => ({ id: guest.id, lastName: 'Moved' }))),
      bulk(guests.map((guest) => ({ id: guest.id, notes: 'both' }))),
    ]);
    expect(results.map((result) => result.updated)).toEqual([3, 3, 3]);
    for (const guest of guests) {
      expect(await read(host, `/occasion/${occasion.id}/guest/${guest.id}`)).toMatchObject({ dietaryNotes: 'vegan', lastName: 'Moved', notes: 'both' });
    }
  });

  it('finds households by name, or creates each missing one once', async () => {
    const smiths = await createHousehold(host, occasion.id, { name: 'The Smiths' });
    const result = await bulk([
      { firstName: 'Al', lastName: 'Smith', householdName: 'The Smiths' },
      { firstName: 'Bo', lastName: 'Jones', householdName: 'The Joneses' },
      { firstName: 'Cy', lastName: 'Jones', householdName: 'The Joneses' },
      { firstName: 'Di', householdId: smiths.id },
    ]);
    const [al, bo, cy, di] = result.guests as [Guest, Guest, Guest, Guest];
    expect(al.householdId).toBe(smiths.id);
    expect(di.householdId).toBe(smiths.id);
    expect(cy.householdId).toBe(bo.householdId);
    const households = await read<Household[]>(host, `/occasion/${occasion.id}/households`);
    expect(households.map((household) => [household.name, household.guestIds])).toEqual([
      ['The Joneses', [bo.id, cy.id]],
      ['The Smiths', [di.id, al.id]],
    ]);
    expect(households[0]!.inviteCode).not.toBe(households[1]!.inviteCode);
    expect(households[0]!.id).toBe(bo.householdId);
  });

  it('makes one household of a name when imports naming it run at once', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({ firstName: `G${i}`, lastName: 'Race', householdName: `Household ${i}` }));
    const responses = await Promise.all(Array.from({ length: 4 }, () => host.request('POST', bulkPath, { guests: rows })));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    const households = await read<Household[]>(host, `/occasion/${occasion.id}/households`);
    expect(households).toHaveLength(300);
    expect(households.every((household) => household.guestIds.length === 4)).toBe(true);
  });

  it('writes nothing when one row is bad, and names the row', async () => {
    const ada = await createGuest(host, occasion.id);
    const rows: object[] = rowsNamed(50);
    rows[10] = { id: ada.id, lastName: 'Renamed' };
    rows[20] = { firstName: 'New', householdName: 'Would be created' };
    rows[41] = { firstName: 'Bad', email: 'not-an-email' };
    const before = await snapshotDatabase(t.deps.db);
    expect(await issuePaths(host, 'POST', bulkPath, { guests: rows })).toEqual(['guests.41.email']);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it("answers every row's reference problems together and writes nothing", async () => {
    const side = await createCategory(host, occasion.id);
    const reunion = await createOccasion(host, { title: 'Reunion' });
    const stranger = await createGuest(host, reunion.id);
    const elsewhere = await createHousehold(host, reunion.id);
    const before = await snapshotDatabase(t.deps.db);
    const paths = await issuePaths(host, 'POST', bulkPath, {
      guests: [
        { firstName: 'Fine', householdName: 'New house' },
        { id: stranger.id, firstName: 'Stolen' },
        { firstName: 'Al', householdId: elsewhere.id },
        { firstName: 'Bo', attributes: { [side.id]: ['bride', 'groom'] } },
        { id: 'nosuchguest1' },
      ],
    });
    expect(paths).toEqual(['guests.1.id', 'guests.2.householdId', `guests.3.attributes.${side.id}`, 'guests.4.id']);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('refuses rows the schema refuses', async () => {
    const ada = await createGuest(host, occasion.id);
    const smiths = await createHousehold(host, occasion.id);
    const before = await snapshotDatabase(t.deps.db);
    const paths = (guests: unknown) => issuePaths(host, 'POST', bulkPath, { guests });
    expect(await paths([{ lastName: 'Nameless' }])).toEqual(['guests.0.firstName']);
    expect(await paths([{ id: ada.id }, { id: ada.id, firstName: 'Twice' }])).toEqual(['guests.1.id']);
    expect(await paths([{ firstName: 'Al', householdId: smiths.id, householdName: 'The Smiths' }])).toEqual(['guests.0.householdName']);
    expect(await paths([{ firstName: 'Al', colour: 'blue' }])).toEqual(['guests.0.colour']);
    expect(await paths([{ firstName: 'Al', plusOneOf: ada.id }])).toEqual(['guests.0.plusOneOf']);
    expect(await paths([])).toEqual(['guests']);
    expect(await paths(rowsNamed(10_001))).toEqual(['guests']);
    expect(await issuePaths(host, 'POST', bulkPath, { guests: [{ firstName: 'Al' }], extra: 1 })).toEqual(['extra']);
    await expectError(host, 'POST', bulkPath, '{"guests": [', 400, 'MALFORMED_JSON');
    const huge = [{ firstName: 'Al', notes: 'x'.repeat(5000) }];
    await expectError(host, 'POST', bulkPath, { guests: Array(1700).fill(huge[0]) }, 413, 'PAYLOAD_TOO_LARGE');
    expect((await sendText(t, host, 'POST', bulkPath)).status).toBe(415);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('takes 10,000 rows in one request', async () => {
    const result = await bulk(rowsNamed(10_000));
    expect(result.created).toBe(10_000);
    const list = await read<Guest[]>(host, `/occasion/${occasion.id}/guests`);
    expect(list).toHaveLength(10_000);
    expect(list[9_999]!.firstName).toBe('Guest09999');
    const again = await bulk(list.slice(0, 1_000).map((guest) => ({ id: guest.id, phone: '555 0100' })));
    expect(again).toMatchObject({ created: 0, updated: 1_000 });
    expect(again.guests.every((guest) => guest.phone === '555 0100' && guest.email !== '')).toBe(true);
  });

  it('refuses millions of empty rows by their number, quickly and with few issues, and changes nothing', async () => {
    const elapsed = await expectHugeBulkRefused(t, host, 'POST', bulkPath, { key: 'guests', label: 'Guests', max: 10_000 });
    expect(elapsed).toBeLessThan(20_000);
  }, 60_000);

  it("answers 404 for another account's occasion", async () => {
    await expectHiddenFrom(t, await signUpHost(t.app), [['POST', bulkPath, { guests: [{ firstName: 'Mine' }] }]]);
  });
});
