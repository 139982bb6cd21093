import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createDatabase } from '../create-database';
import { prepareQueries, queries } from '.';
import { prepared } from './prepared';

const now = new Date().toISOString();
const account = (id: string, email: string, firstName: string) => ({ id, email, emailKey: email, passwordHash: 'x', firstName, lastName: 'B', createdAt: now });

describe('prepared queries', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('binds each value to its parameter by name, whatever order the SQL takes them in', async () => {
    t = await createTestApp();
    await t.deps.db.insertInto('account').values([account('a1', 'a1@b.co', 'Ann'), account('a2', 'a2@b.co', 'Bo')]).execute();
    const byIdAndEmail = prepared((db, p: { id: string; email: string }) =>
      db.selectFrom('account').select('firstName').where('email', '=', p.email).where('id', '=', p.id),
    );
    expect(await byIdAndEmail(t.deps.db, { id: 'a1', email: 'a1@b.co' })).toEqual([{ firstName: 'Ann' }]);
    expect(await byIdAndEmail(t.deps.db, { email: 'a2@b.co', id: 'a2' })).toEqual([{ firstName: 'Bo' }]);
    expect(await byIdAndEmail(t.deps.db, { id: 'a1', email: 'a2@b.co' })).toEqual([]);
    // The same parameter used twice is bound twice.
    const either = prepared((db, p: { id: string }) => db.selectFrom('account').select('id').where((eb) => eb.or([eb('id', '=', p.id), eb('email', '=', p.id)])));
    expect(await either(t.deps.db, { id: 'a2' })).toEqual([{ id: 'a2' }]);
  });

  it('compiles a statement over lists once per length, binding each item by its path', async () => {
    t = await createTestApp();
    await t.deps.db.insertInto('account').values([account('a1', 'a1@b.co', 'Ann'), account('a2', 'a2@b.co', 'Bo'), account('a3', 'a3@b.co', 'Cy')]).execute();
    const named = prepared(
      (db, p: { ids: string[]; renames: Array<{ id: string; firstName: string }>; lastName: string }) =>
        db
          .updateTable('account')
          .set((eb) => {
            const [head, ...rest] = p.renames;
            let name = eb.case(eb.ref('id')).when(eb.val(head!.id)).then(eb.val(head!.firstName));
            for (const rename of rest) name = name.when(eb.val(rename.id)).then(eb.val(rename.firstName));
            return { firstName: name.else(eb.ref('firstName')).end(), lastName: eb.val(p.lastName) };
          })
          .where('id', 'in', p.ids),
      { lists: true },
    );
    expect(() => named.prepare(t!.deps.db)).not.toThrow();
    const names = async () => (await t!.deps.db.selectFrom('account').select(['id', 'firstName', 'lastName']).orderBy('id').execute()).map((row) => `${row.id} ${row.firstName} ${row.lastName}`);
    await named(t.deps.db, { ids: ['a1', 'a3'], renames: [{ id: 'a3', firstName: 'Cyd' }, { id: 'a1', firstName: 'Anna' }], lastName: 'C' });
    expect(await names()).toEqual(['a1 Anna C', 'a2 Bo B', 'a3 Cyd C']);
    // Another length compiles its own SQL; the same length again reuses the first, with new values.
    await named(t.deps.db, { ids: ['a2'], renames: [{ id: 'a2', firstName: 'Bob' }], lastName: 'D' });
    await named(t.deps.db, { lastName: 'E', renames: [{ firstName: 'Al', id: 'a1' }, { firstName: 'Cee', id: 'a2' }], ids: ['a2', 'a3'] });
    expect(await names()).toEqual(['a1 Anna C', 'a2 Cee E', 'a3 Cyd E']);
  });

  it('refuses, when preparing, a statement with a value that is not a named parameter', async () => {
    t = await createTestApp();
    const fixed = prepared((db, p: { id: string }) => db.selectFrom('account').select('id').where('id', '=', p.id).where('email', '=', 'someone@b.co'));
    expect(() => fixed.prepare(t!.deps.db)).toThrow(/not a named parameter \(someone@b\.co\)/);
  });

  it('prepares every statement of the module on the test database, and runs them inside a transaction too', async () => {
    t = await createTestApp();
    expect(() => prepareQueries(t!.deps.db)).not.toThrow();
    await t.deps.db.insertInto('account').values(account('a1', 'a1@b.co', 'Ann')).execute();
    const names = await t.deps.db.transaction().execute((trx) => queries.accountName(trx, { accountId: 'a1' }));
    expect(names).toEqual([{ firstName: 'Ann', lastName: 'B' }]);
  });

  it('keeps the SQL per database kind: on PostgreSQL, the one compiled for SQLite is never run', async () => {
    t = await createTestApp();
    const sqlite = await createDatabase({ sqliteFile: ':memory:' });
    try {
      for (const db of [sqlite.db, t.deps.db]) {
        await db.insertInto('account').values(account('a1', 'a1@b.co', 'Ann')).execute();
        expect(await queries.accountName(db, { accountId: 'a1' })).toEqual([{ firstName: 'Ann', lastName: 'B' }]);
      }
    } finally {
      await sqlite.close();
    }
  });
});
