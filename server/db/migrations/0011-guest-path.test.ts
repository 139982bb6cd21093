import { afterEach, describe, expect, it } from 'vitest';
import { queries } from '../queries';
import { createTestApp, type TestApp, changingSchema, testDatabaseKind } from '../../test-support/test-app';
import { guestPath, POSTGRES_REVISION_SLOTS } from './0011-guest-path';

describe('migration 0011: revision counters instead of one hot column', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it("carries every occasion's revision over, then counts each write once, from any table or the occasion itself", async () => {
    t = await createTestApp();
    const { db } = t.deps;
    await changingSchema(() => guestPath.down!(db));
    const now = new Date().toISOString();
    await db.insertInto('account').values({ id: 'a1', email: 'a@b.co', emailKey: 'a@b.co', passwordHash: 'x', firstName: 'A', lastName: 'B', createdAt: now }).execute();
    const occasion = { accountId: 'a1', title: 'T', description: '', startDate: '2027-01-01', endDate: '2027-01-01', timezone: 'UTC', venueName: '', venueAddress: '', rsvpDeadline: null, passcode: null, allowedOrigins: '[]', contactEmail: '', createdAt: now, updatedAt: now };
    // Written as the column stood before: `revision` is not in the schema's types any more.
    await db.insertInto('occasion').values([{ ...occasion, id: 'o1', revision: 7 } as never, { ...occasion, id: 'o2', revision: 0 } as never]).execute();
    await changingSchema(() => guestPath.up(db));
    const owner = (occasionId: string) => ({ occasionId, accountId: 'a1', role: 'owner' as const, createdAt: now });
    await db.insertInto('occasionRole').values([owner('o1'), owner('o2')]).execute();

    const revision = async (occasionId: string) => Number((await queries.ownedOccasionRevision(db, { occasionId, accountId: 'a1' }))[0]!.revision);
    expect([await revision('o1'), await revision('o2')]).toEqual([7, 0]);

    const household = { occasionId: 'o1', name: 'H', addressLine1: '', addressLine2: '', city: '', state: '', postalCode: '', country: '', phone: '', email: '', notes: '', inviteCode: 'C1', checkInCode: 'CHECKIN001', createdAt: now, updatedAt: now };
    // One transaction writing two rows: one bump.
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('household').values({ ...household, id: 'h1' }).execute();
      await trx.updateTable('household').set({ notes: 'n' }).where('id', '=', 'h1').execute();
    });
    const afterHousehold = await revision('o1');
    expect(afterHousehold).toBe(testDatabaseKind === 'postgres' ? 8 : 9);
    await db.updateTable('occasion').set({ title: 'New title' }).where('id', '=', 'o1').execute();
    expect(await revision('o1')).toBe(afterHousehold + 1);
    expect(await revision('o2')).toBe(0);

    // Counters are made by the writes that pick them: an occasion without any (a new one, or one
    // imported with triggers off) reads 0, then counts; deleting it takes them along.
    await db.insertInto('occasion').values({ ...occasion, id: 'o3' }).execute();
    await db.insertInto('occasionRole').values(owner('o3')).execute();
    expect(await revision('o3')).toBe(0);
    await db.insertInto('household').values({ ...household, occasionId: 'o3', id: 'h3', inviteCode: 'C3', checkInCode: 'CHECKIN003' }).execute();
    expect(await revision('o3')).toBe(1);
    await db.updateTable('household').set({ notes: 'again' }).where('id', '=', 'h3').execute();
    expect(await revision('o3')).toBe(2);
    const slots = await db.selectFrom('occasionRevision').select('slot').where('occasionId', '=', 'o3').execute();
    expect(slots.every(({ slot }) => slot >= 0 && slot < (testDatabaseKind === 'postgres' ? POSTGRES_REVISION_SLOTS : 1))).toBe(true);
    await db.deleteFrom('household').where('occasionId', '=', 'o3').execute();
    await db.deleteFrom('occasion').where('id', '=', 'o3').execute();
    expect(await db.selectFrom('occasionRevision').select('slot').where('occasionId', '=', 'o3').execute()).toEqual([]);
  });
});
