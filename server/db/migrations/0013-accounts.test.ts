import { afterEach, describe, expect, it } from 'vitest';
import { changingSchema, createTestApp, testDatabaseKind, type TestApp } from '../../test-support/test-app';
import { accounts } from './0013-accounts';

describe(`migration 0013: accounts (${testDatabaseKind})`, () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('counts accounts made before it as verified from their creation, and goes down and up again', async () => {
    t = await createTestApp();
    const { db } = t.deps;
    await changingSchema(() => accounts.down(db));
    const createdAt = '2026-01-02T03:04:05.000Z';
    await db.insertInto('account').values({ id: 'a1', email: 'a@b.co', emailKey: 'a@b.co', passwordHash: 'x', firstName: 'A', lastName: 'B', createdAt }).execute();
    await db.insertInto('hostSession').values({ id: 's1', accountId: 'a1', createdAt, expiresAt: '2099-01-01T00:00:00.000Z' }).execute();
    await changingSchema(() => accounts.up(db));
    expect(await db.selectFrom('account').select(['emailVerifiedAt', 'totpSecret', 'totpEnabledAt', 'totpLastStep']).executeTakeFirstOrThrow()).toEqual({
      emailVerifiedAt: createdAt,
      totpSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
    });
    // Sessions begun before it: where from is unknown.
    expect(await db.selectFrom('hostSession').select(['userAgent', 'address', 'secondFactor']).executeTakeFirstOrThrow()).toMatchObject({ userAgent: '', address: '' });
    expect(Number((await db.selectFrom('hostSession').select('secondFactor').executeTakeFirstOrThrow()).secondFactor)).toBe(0);
    // Its tables take rows, and an account's delete takes its links and codes with it.
    await db.insertInto('accountToken').values({ id: 'sel', secretHash: 'h', accountId: 'a1', purpose: 'VERIFY_EMAIL', email: 'a@b.co', createdAt, expiresAt: createdAt, usedAt: null }).execute();
    await db.insertInto('recoveryCode').values({ accountId: 'a1', codeHash: 'c', usedAt: null }).execute();
    await db.insertInto('accountEmail').values({ id: 'm1', accountId: 'a1', kind: 'VERIFY_EMAIL', to: 'a@b.co', subject: 's', html: 'h', text: 't', status: 'QUEUED', attempts: 0, nextAttemptAt: createdAt, lastError: null, createdAt, sentAt: null, lease: null, leaseUntil: null }).execute();
    await db.deleteFrom('account').where('id', '=', 'a1').execute();
    expect(await db.selectFrom('accountToken').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('recoveryCode').selectAll().execute()).toEqual([]);
    // The account's last message still goes, without its account.
    expect(await db.selectFrom('accountEmail').select(['id', 'accountId']).execute()).toEqual([{ id: 'm1', accountId: null }]);
  });
});
