import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, changingSchema } from '../../test-support/test-app';
import { guestImports } from './0016-guest-imports';

describe('migration 0016: imports written by the server', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('adds guestImport, one key per occasion, gone with its occasion, and takes it away again', async () => {
    t = await createTestApp();
    const { db } = t.deps;
    await changingSchema(() => guestImports.down(db));
    await expect(db.selectFrom('guestImport').select('id').execute()).rejects.toThrow();
    await changingSchema(() => guestImports.up(db));
    const at = new Date().toISOString();
    await db.insertInto('account').values({ id: 'a1', email: 'a@b.co', emailKey: 'a@b.co', passwordHash: 'x', firstName: 'A', lastName: 'B', createdAt: at }).execute();
    const occasion = { accountId: 'a1', title: 'T', description: '', startDate: '2027-01-01', endDate: '2027-01-01', timezone: 'UTC', venueName: '', venueAddress: '', rsvpDeadline: null, passcode: null, allowedOrigins: '[]', contactEmail: '', createdAt: at, updatedAt: at };
    await db.insertInto('occasion').values([{ ...occasion, id: 'o1' }, { ...occasion, id: 'o2' }]).execute();
    const row = { occasionId: 'o1', importKey: 'key-00001', bodyHash: 'h', accountId: 'a1', createdAt: at, result: '{}', written: '{}', undoneAt: null };
    await db.insertInto('guestImport').values({ ...row, id: 'i1' }).execute();
    await db.insertInto('guestImport').values({ ...row, id: 'i2', occasionId: 'o2' }).execute();
    await expect(db.insertInto('guestImport').values({ ...row, id: 'i3' }).execute()).rejects.toThrow();
    await db.deleteFrom('occasion').where('id', '=', 'o1').execute();
    expect(await db.selectFrom('guestImport').select('id').execute()).toEqual([{ id: 'i2' }]);
    await changingSchema(() => guestImports.down(db));
    await expect(db.selectFrom('guestImport').select('id').execute()).rejects.toThrow();
    await changingSchema(() => guestImports.up(db));
  });
});
