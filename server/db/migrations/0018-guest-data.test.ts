import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, changingSchema } from '../../test-support/test-app';
import { guestData } from './0018-guest-data';

describe('migration 0018: privacy notes and erasure requests', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('gives existing occasions the default note, keeps one open request per household, and takes both away again', async () => {
    t = await createTestApp();
    const { db } = t.deps;
    await changingSchema(() => guestData.down(db));
    const at = new Date().toISOString();
    await db.insertInto('account').values({ id: 'a1', email: 'a@b.co', emailKey: 'a@b.co', passwordHash: 'x', firstName: 'A', lastName: 'B', createdAt: at }).execute();
    const occasion = { accountId: 'a1', title: 'T', description: '', startDate: '2027-01-01', endDate: '2027-01-01', timezone: 'UTC', venueName: '', venueAddress: '', rsvpDeadline: null, passcode: null, allowedOrigins: '[]', contactEmail: '', createdAt: at, updatedAt: at };
    await db.insertInto('occasion').values({ ...occasion, id: 'o1' }).execute();
    await changingSchema(() => guestData.up(db));
    expect(await db.selectFrom('occasion').select(['id', 'privacyNote']).execute()).toEqual([{ id: 'o1', privacyNote: null }]);

    const request = { occasionId: 'o1', householdId: 'h1', createdAt: at, message: '', decidedBy: null, decidedAt: null };
    await db.insertInto('erasureRequest').values({ ...request, id: 'r1', status: 'open' }).execute();
    await expect(db.insertInto('erasureRequest').values({ ...request, id: 'r2', status: 'open' }).execute()).rejects.toThrow();
    // Decided requests do not count: the household may ask again.
    await db.insertInto('erasureRequest').values({ ...request, id: 'r3', status: 'declined' }).execute();
    await db.insertInto('erasureRequest').values({ ...request, id: 'r4', status: 'declined' }).execute();
    await db.deleteFrom('occasion').execute();
    expect(await db.selectFrom('erasureRequest').select('id').execute()).toEqual([]);

    await changingSchema(() => guestData.down(db));
    await expect(db.selectFrom('occasion').select('privacyNote').execute()).rejects.toThrow();
    await changingSchema(() => guestData.up(db));
  });
});
