import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, changingSchema } from '../../test-support/test-app';
import { apiTokens } from './0020-api-tokens';

describe('migration 0020: API tokens', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('adds apiToken, whose rows end with their occasion and their creator, and takes it away again', async () => {
    t = await createTestApp();
    const { db } = t.deps;
    await changingSchema(() => apiTokens.down(db));
    await expect(db.selectFrom('apiToken').selectAll().execute()).rejects.toThrow();
    await changingSchema(() => apiTokens.up(db));
    const at = new Date().toISOString();
    for (const id of ['a1', 'a2']) {
      await db.insertInto('account').values({ id, email: `${id}@b.co`, emailKey: `${id}@b.co`, passwordHash: 'x', firstName: 'A', lastName: 'B', createdAt: at }).execute();
    }
    const occasion = { accountId: 'a1', title: 'T', description: '', startDate: '2027-01-01', endDate: '2027-01-01', timezone: 'UTC', venueName: '', venueAddress: '', rsvpDeadline: null, passcode: null, allowedOrigins: '[]', contactEmail: '', createdAt: at, updatedAt: at };
    await db.insertInto('occasion').values([{ ...occasion, id: 'o1' }, { ...occasion, id: 'o2' }]).execute();
    const token = { secretHash: 'f'.repeat(64), name: 'Sync', role: 'viewer', createdAt: at, lastUsedAt: null };
    await db
      .insertInto('apiToken')
      .values([
        { ...token, id: 't1', occasionId: 'o1', createdByAccountId: 'a1' },
        { ...token, id: 't2', occasionId: 'o2', createdByAccountId: 'a1' },
        { ...token, id: 't3', occasionId: 'o2', createdByAccountId: 'a2' },
      ])
      .execute();
    await expect(db.insertInto('apiToken').values({ ...token, id: 't1', occasionId: 'o2', createdByAccountId: 'a2' }).execute()).rejects.toThrow();
    await db.deleteFrom('occasion').where('id', '=', 'o1').execute();
    await db.deleteFrom('account').where('id', '=', 'a2').execute();
    expect((await db.selectFrom('apiToken').select('id').execute()).map((row) => row.id)).toEqual(['t2']);
    await changingSchema(() => apiTokens.down(db));
    await expect(db.selectFrom('apiToken').selectAll().execute()).rejects.toThrow();
    await changingSchema(() => apiTokens.up(db));
  });
});
