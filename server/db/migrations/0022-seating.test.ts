import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, changingSchema } from '../../test-support/test-app';
import { seating } from './0022-seating';

describe('migration 0022: seating', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('adds tables, seats and releases that go with what they belong to, and takes them away again', async () => {
    t = await createTestApp();
    const { db } = t.deps;
    await changingSchema(() => seating.down(db));
    await expect(db.selectFrom('seat').selectAll().execute()).rejects.toThrow();
    await expect(db.selectFrom('seatingTable').selectAll().execute()).rejects.toThrow();
    await expect(db.selectFrom('seatRelease').selectAll().execute()).rejects.toThrow();
    await changingSchema(() => seating.up(db));

    const at = new Date().toISOString();
    await db.insertInto('account').values({ id: 'a1', email: 'a1@b.co', emailKey: 'a1@b.co', passwordHash: 'x', firstName: 'A', lastName: 'B', createdAt: at }).execute();
    const occasion = { accountId: 'a1', title: 'T', description: '', startDate: '2027-01-01', endDate: '2027-01-01', timezone: 'UTC', venueName: '', venueAddress: '', rsvpDeadline: null, passcode: null, allowedOrigins: '[]', contactEmail: '', createdAt: at, updatedAt: at };
    await db.insertInto('occasion').values([{ ...occasion, id: 'o1' }, { ...occasion, id: 'o2' }]).execute();
    const activity = { name: 'Dinner', description: '', startsAt: at, endsAt: null, locationName: '', address: '', dressCode: '', mealOptions: '[]', sortOrder: 0 };
    await db.insertInto('activity').values([{ ...activity, id: 'd1', occasionId: 'o1' }, { ...activity, id: 'd2', occasionId: 'o1' }, { ...activity, id: 'd3', occasionId: 'o2' }]).execute();
    const guest = { householdId: null, lastName: 'G', nameKey: 'g', email: '', phone: '', ageGroup: 'ADULT', plusOneAllowed: 0, plusOneOf: null, dietaryNotes: '', attributes: '{}', notes: '', createdAt: at, updatedAt: at };
    await db.insertInto('guest').values([{ ...guest, id: 'g1', occasionId: 'o1', firstName: 'One' }, { ...guest, id: 'g2', occasionId: 'o1', firstName: 'Two' }, { ...guest, id: 'g3', occasionId: 'o2', firstName: 'Three' }]).execute();
    const line = (guestId: string, activityId: string, occasionId = 'o1') => ({ id: `${guestId}${activityId}`, occasionId, guestId, activityId, response: 'ATTENDING', mealChoice: null, respondedAt: null, respondedBy: null });
    await db.insertInto('inviteLine').values([line('g1', 'd1'), line('g2', 'd1'), line('g1', 'd2'), line('g2', 'd2'), line('g3', 'd3', 'o2')]).execute();
    const table = (id: string, activityId: string, number: number, occasionId = 'o1') => ({ id, occasionId, activityId, name: `Table ${id}`, number, shape: 'ROUND', capacity: 8, createdAt: at, updatedAt: at });
    await db.insertInto('seatingTable').values([table('t1', 'd1', 1), table('t2', 'd1', 2), table('t3', 'd2', 1), table('t4', 'd3', 1, 'o2')]).execute();
    // A number is unique within its activity only.
    await expect(db.insertInto('seatingTable').values(table('t5', 'd1', 2)).execute()).rejects.toThrow();

    const seat = (guestId: string, activityId: string, tableId: string, occasionId = 'o1') => ({ occasionId, activityId, guestId, tableId, seatedAt: at });
    await db.insertInto('seat').values([seat('g1', 'd1', 't1'), seat('g2', 'd1', 't2'), seat('g1', 'd2', 't3'), seat('g2', 'd2', 't3'), seat('g3', 'd3', 't4', 'o2')]).execute();
    // One seat per guest and activity; none without an invitation, nor at a table of another activity or none.
    await expect(db.insertInto('seat').values(seat('g1', 'd1', 't2')).execute()).rejects.toThrow();
    await expect(db.insertInto('seat').values(seat('g3', 'd1', 't1')).execute()).rejects.toThrow();
    await db.deleteFrom('seat').where('guestId', '=', 'g2').where('activityId', '=', 'd1').execute();
    await expect(db.insertInto('seat').values(seat('g2', 'd1', 't3')).execute()).rejects.toThrow();
    await expect(db.insertInto('seat').values(seat('g2', 'd1', 'nope')).execute()).rejects.toThrow();
    await db.insertInto('seat').values(seat('g2', 'd1', 't2')).execute();
    await db.insertInto('seatRelease').values([
      { id: 'r1', occasionId: 'o1', activityId: 'd1', guestId: 'gone', tableId: 'gone', tableName: 'Old', releasedAt: at },
      { id: 'r2', occasionId: 'o2', activityId: 'd3', guestId: 'g3', tableId: 't4', tableName: 'Table t4', releasedAt: at },
    ]).execute();

    const seats = async () => (await db.selectFrom('seat').select(['guestId', 'activityId']).orderBy('guestId').orderBy('activityId').execute()).map((row) => `${row.guestId}${row.activityId}`);
    await db.deleteFrom('inviteLine').where('id', '=', 'g2d2').execute();
    expect(await seats()).toEqual(['g1d1', 'g1d2', 'g2d1', 'g3d3']);
    await db.deleteFrom('seatingTable').where('id', '=', 't2').execute();
    expect(await seats()).toEqual(['g1d1', 'g1d2', 'g3d3']);
    await db.deleteFrom('guest').where('id', '=', 'g1').execute();
    expect(await seats()).toEqual(['g3d3']);
    await db.insertInto('seat').values(seat('g2', 'd1', 't1')).execute();
    await db.deleteFrom('activity').where('id', '=', 'd1').execute();
    expect(await seats()).toEqual(['g3d3']);
    expect(await db.selectFrom('seatingTable').select('id').orderBy('id').execute()).toEqual([{ id: 't3' }, { id: 't4' }]);
    expect(await db.selectFrom('seatRelease').select('id').execute()).toEqual([{ id: 'r2' }]);
    await db.deleteFrom('occasion').where('id', '=', 'o2').execute();
    expect(await seats()).toEqual([]);
    expect(await db.selectFrom('seatingTable').select('id').execute()).toEqual([{ id: 't3' }]);
    expect(await db.selectFrom('seatRelease').select('id').execute()).toEqual([]);

    await changingSchema(() => seating.down(db));
    await expect(db.selectFrom('seat').selectAll().execute()).rejects.toThrow();
    await changingSchema(() => seating.up(db));
  });
});
