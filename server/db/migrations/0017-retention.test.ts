import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, changingSchema } from '../../test-support/test-app';
import { retention } from './0017-retention';

describe('migration 0017: an occasion keeps its guests for a number of days', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('gives existing occasions 365 days, nothing reminded or erased, and takes the columns away again', async () => {
    t = await createTestApp();
    const { db } = t.deps;
    await changingSchema(() => retention.down(db));
    const at = new Date().toISOString();
    await db.insertInto('account').values({ id: 'a1', email: 'a@b.co', emailKey: 'a@b.co', passwordHash: 'x', firstName: 'A', lastName: 'B', createdAt: at }).execute();
    const occasion = { accountId: 'a1', title: 'T', description: '', startDate: '2027-01-01', endDate: '2027-01-01', timezone: 'UTC', venueName: '', venueAddress: '', rsvpDeadline: null, passcode: null, allowedOrigins: '[]', contactEmail: '', createdAt: at, updatedAt: at };
    await db.insertInto('occasion').values({ ...occasion, id: 'o1' }).execute();
    await changingSchema(() => retention.up(db));
    const row = await db.selectFrom('occasion').select(['id', 'retentionDays', 'retentionRemindedFor', 'retentionErasedAt']).executeTakeFirstOrThrow();
    expect({ ...row, retentionDays: Number(row.retentionDays) }).toEqual({ id: 'o1', retentionDays: 365, retentionRemindedFor: null, retentionErasedAt: null });
    await changingSchema(() => retention.down(db));
    await expect(db.selectFrom('occasion').select('retentionDays').execute()).rejects.toThrow();
    await changingSchema(() => retention.up(db));
  });
});
