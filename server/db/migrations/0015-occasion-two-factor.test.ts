import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, changingSchema } from '../../test-support/test-app';
import { occasionTwoFactor } from './0015-occasion-two-factor';

describe('migration 0015: an occasion may require two-factor sign-in', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('adds requireTwoFactor, off for existing occasions, and takes it away again', async () => {
    t = await createTestApp();
    const { db } = t.deps;
    await changingSchema(() => occasionTwoFactor.down(db));
    const at = new Date().toISOString();
    await db.insertInto('account').values({ id: 'a1', email: 'a@b.co', emailKey: 'a@b.co', passwordHash: 'x', firstName: 'A', lastName: 'B', createdAt: at }).execute();
    const occasion = { accountId: 'a1', title: 'T', description: '', startDate: '2027-01-01', endDate: '2027-01-01', timezone: 'UTC', venueName: '', venueAddress: '', rsvpDeadline: null, passcode: null, allowedOrigins: '[]', contactEmail: '', createdAt: at, updatedAt: at };
    await db.insertInto('occasion').values({ ...occasion, id: 'o1' }).execute();
    await changingSchema(() => occasionTwoFactor.up(db));
    const row = await db.selectFrom('occasion').select(['id', 'requireTwoFactor']).executeTakeFirstOrThrow();
    expect({ ...row, requireTwoFactor: Number(row.requireTwoFactor) }).toEqual({ id: 'o1', requireTwoFactor: 0 });
    await db.updateTable('occasion').set({ requireTwoFactor: 1 }).execute();
    expect(Number((await db.selectFrom('occasion').select('requireTwoFactor').executeTakeFirstOrThrow()).requireTwoFactor)).toBe(1);
    await changingSchema(() => occasionTwoFactor.down(db));
    await expect(db.selectFrom('occasion').select('requireTwoFactor').execute()).rejects.toThrow();
    await changingSchema(() => occasionTwoFactor.up(db));
  });
});
