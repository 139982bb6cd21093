import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, changingSchema } from '../../test-support/test-app';
import { checkIn } from './0023-check-in';

describe('migration 0023: check-in', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('gives every existing household its own check-in code, adds arrivals and applied marks, and takes them away again', async () => {
    t = await createTestApp();
    const { db } = t.deps;
    await changingSchema(() => checkIn.down(db));
    await expect(db.selectFrom('arrival').selectAll().execute()).rejects.toThrow();
    await expect(db.selectFrom('household').select('checkInCode').execute()).rejects.toThrow();

    // Households made before the migration: more than one statement's worth.
    const untyped = db as unknown as Kysely<any>;
    const at = new Date().toISOString();
    await db.insertInto('account').values({ id: 'a1', email: 'a1@b.co', emailKey: 'a1@b.co', passwordHash: 'x', firstName: 'A', lastName: 'B', createdAt: at }).execute();
    const occasion = { accountId: 'a1', title: 'T', description: '', startDate: '2027-01-01', endDate: '2027-01-01', timezone: 'UTC', venueName: '', venueAddress: '', rsvpDeadline: null, passcode: null, allowedOrigins: '[]', contactEmail: '', createdAt: at, updatedAt: at };
    await db.insertInto('occasion').values([{ ...occasion, id: 'o1' }, { ...occasion, id: 'o2' }]).execute();
    const household = { name: 'H', addressLine1: '', addressLine2: '', city: '', state: '', postalCode: '', country: '', phone: '', email: '', notes: '', createdAt: at, updatedAt: at };
    const rows = Array.from({ length: 1203 }, (_, index) => ({ ...household, id: `h${index}`, occasionId: index % 2 ? 'o1' : 'o2', inviteCode: `C${index}` }));
    for (let start = 0; start < rows.length; start += 200) await untyped.insertInto('household').values(rows.slice(start, start + 200)).execute();

    await changingSchema(() => checkIn.up(db));
    const codes = await db.selectFrom('household').select(['id', 'checkInCode']).execute();
    expect(codes).toHaveLength(1203);
    for (const { checkInCode } of codes) expect(checkInCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(new Set(codes.map((row) => row.checkInCode)).size).toBe(1203);
    await expect(db.updateTable('household').set({ checkInCode: codes[0]!.checkInCode }).where('id', '=', codes[1]!.id).execute()).rejects.toThrow();

    // An arrival per guest and activity; marks per occasion; all go with what they belong to.
    await db.insertInto('activity').values({ id: 'act1', occasionId: 'o1', name: 'Party', description: '', startsAt: at, endsAt: null, locationName: '', address: '', dressCode: '', mealOptions: '[]', sortOrder: 0 }).execute();
    const guest = { occasionId: 'o1', householdId: 'h1', lastName: 'L', email: '', phone: '', ageGroup: 'ADULT', plusOneAllowed: 0, plusOneOf: null, dietaryNotes: '', attributes: '{}', notes: '', createdAt: at, updatedAt: at };
    await db.insertInto('guest').values([{ ...guest, id: 'g1', firstName: 'A', nameKey: 'a l' }, { ...guest, id: 'g2', firstName: 'B', nameKey: 'b l' }]).execute();
    const arrival = { activityId: 'act1', occasionId: 'o1', arrivedAt: at, markedByAccountId: 'a1' };
    await db.insertInto('arrival').values([{ ...arrival, id: 'g1act1', guestId: 'g1' }, { ...arrival, id: 'g2act1', guestId: 'g2' }]).execute();
    await expect(db.insertInto('arrival').values({ ...arrival, id: 'other', guestId: 'g1' }).execute()).rejects.toThrow();
    await expect(db.insertInto('arrival').values({ ...arrival, id: 'g1act1', guestId: 'g2', activityId: 'act1' }).execute()).rejects.toThrow();
    await db.insertInto('checkInMark').values([{ occasionId: 'o1', id: 'mark-0001', appliedAt: at }, { occasionId: 'o2', id: 'mark-0001', appliedAt: at }]).execute();
    await expect(db.insertInto('checkInMark').values({ occasionId: 'o1', id: 'mark-0001', appliedAt: at }).execute()).rejects.toThrow();
    await db.insertInto('checkInRevision').values({ occasionId: 'o1', revision: 1 }).execute();
    await db.deleteFrom('guest').where('id', '=', 'g2').execute();
    expect((await db.selectFrom('arrival').select('guestId').execute()).map((row) => row.guestId)).toEqual(['g1']);
    await db.deleteFrom('occasion').where('id', '=', 'o1').execute();
    expect(await db.selectFrom('arrival').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('checkInRevision').selectAll().execute()).toEqual([]);
    expect((await db.selectFrom('checkInMark').select('occasionId').execute()).map((row) => row.occasionId)).toEqual(['o2']);

    await changingSchema(() => checkIn.down(db));
    await expect(db.selectFrom('checkInMark').selectAll().execute()).rejects.toThrow();
    await changingSchema(() => checkIn.up(db));
  });
});
