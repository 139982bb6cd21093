import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { compiledByShape, compiledOnce, runCompiled } from './compiled-query';
import { embeddedTransaction } from './sqlite-connection';

describe('compiledOnce', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('runs the query compiled on the first call with each call’s values', async () => {
    const now = new Date().toISOString();
    await t.deps.db
      .insertInto('account')
      .values(['a', 'b'].map((id) => ({ id, email: `${id}@x.org`, emailKey: `${id}@x.org`, passwordHash: '-', firstName: id, lastName: id, createdAt: now })))
      .execute();
    const byId = compiledOnce((db, id: string, email: string) => db.selectFrom('account').select('firstName').where('id', '=', id).where('email', '=', email));
    expect(await byId(t.deps.db, 'a', 'a@x.org')).toEqual([{ firstName: 'a' }]);
    expect(await byId(t.deps.db, 'b', 'b@x.org')).toEqual([{ firstName: 'b' }]);
    expect(await byId(t.deps.db, 'b', 'a@x.org')).toEqual([]);
  });

  it('refuses a query whose parameters are not its arguments in order', async () => {
    const swapped = compiledOnce((db, id: string, email: string) => db.selectFrom('account').select('id').where('email', '=', email).where('id', '=', id));
    await expect(swapped(t.deps.db, 'a', 'a@x.org')).rejects.toThrow(/not the arguments in order/);
  });

  it('serves inside transactions too, which see their own uncommitted rows', async () => {
    let builds = 0;
    const named = compiledOnce((db, id: string) => {
      builds++;
      return db.selectFrom('account').select('firstName').where('id', '=', id);
    });
    const now = new Date().toISOString();
    expect(await named(t.deps.db, 'c')).toEqual([]);
    await t.deps.db.transaction().execute(async (trx) => {
      await trx.insertInto('account').values({ id: 'c', email: 'c@x.org', emailKey: 'c@x.org', passwordHash: '-', firstName: 'Cy', lastName: 'c', createdAt: now }).execute();
      expect(await named(trx, 'c')).toEqual([{ firstName: 'Cy' }]);
    });
    await t.deps.db.transaction().execute(async (trx) => expect(await named(trx, 'c')).toEqual([{ firstName: 'Cy' }]));
    expect(builds).toBe(1);
  });

  it('never reads into another flow’s open transaction: its rows show only once committed, never after a rollback', async () => {
    const named = compiledOnce((db, id: string) => db.selectFrom('account').select('firstName').where('id', '=', id));
    const now = new Date().toISOString();
    for (const outcome of ['commit', 'rollback'] as const) {
      const id = `${outcome}-1`;
      let ended = false;
      let letGo!: () => void;
      const gate = new Promise<void>((resolve) => (letGo = resolve));
      let inserted!: () => void;
      const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
      const writer = t.deps.db
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('account').values({ id, email: `${id}@x.org`, emailKey: `${id}@x.org`, passwordHash: '-', firstName: 'Dee', lastName: 'd', createdAt: now }).execute();
          inserted();
          await gate;
          if (outcome === 'rollback') throw new Error('rolled back');
        })
        .catch(() => {})
        .finally(() => (ended = true));
      await insertedYet;
      // Read from the root while the transaction is open: on SQLite it waits for the connection,
      // on PostgreSQL it reads the committed state on another connection.
      const read = named(t.deps.db, id).then((rows) => ({ rows, whileOpen: !ended }));
      await new Promise((resolve) => setTimeout(resolve, 20));
      letGo();
      await writer;
      const { rows, whileOpen } = await read;
      if (outcome === 'rollback' || whileOpen) expect(rows).toEqual([]);
      else expect(rows).toEqual([{ firstName: 'Dee' }]);
    }
  });

  it('runs in a transaction of embeddedTransaction, which sees its own rows, rolls them back on a throw, and hides them from others until it commits', async () => {
    const named = compiledOnce((db, id: string) => db.selectFrom('account').select('firstName').where('id', '=', id));
    const rename = compiledOnce((db, firstName: string, id: string) => db.updateTable('account').set({ firstName }).where('id', '=', id));
    const now = new Date().toISOString();
    await t.deps.db.insertInto('account').values({ id: 'e', email: 'e@x.org', emailKey: 'e@x.org', passwordHash: '-', firstName: 'Eve', lastName: 'e', createdAt: now }).execute();
    await expect(
      embeddedTransaction(t.deps.db, async (trx) => {
        await rename(trx, 'Evelyn', 'e');
        expect(await named(trx, 'e')).toEqual([{ firstName: 'Evelyn' }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await named(t.deps.db, 'e')).toEqual([{ firstName: 'Eve' }]);

    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    let renamed!: () => void;
    const renamedYet = new Promise<void>((resolve) => (renamed = resolve));
    let ended = false;
    const writer = embeddedTransaction(t.deps.db, async (trx) => {
      await rename(trx, 'Eva', 'e');
      renamed();
      await gate;
      return (await named(trx, 'e'))[0]?.firstName;
    }).finally(() => (ended = true));
    await renamedYet;
    const read = named(t.deps.db, 'e').then((rows) => ({ name: rows[0]!.firstName, whileOpen: !ended }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    letGo();
    expect(await writer).toBe('Eva');
    // On SQLite the read waits for the transaction; on PostgreSQL a read done while it is open
    // sees the committed state.
    const { name, whileOpen } = await read;
    if (t.deps.dbKind === 'sqlite') expect(whileOpen).toBe(false);
    expect(name).toBe(whileOpen ? 'Eve' : 'Eva');
    expect(await named(t.deps.db, 'e')).toEqual([{ firstName: 'Eva' }]);
  });
});

describe('compiledByShape', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('compiles once per shape, binds every value, and refuses values not bound in the order given', async () => {
    const cache = new WeakMap<object, Map<string, string>>();
    const now = new Date().toISOString();
    const accounts = (ids: string[]) => ids.map((id) => ({ id, email: `${id}@x.org`, emailKey: `${id}@x.org`, passwordHash: '-', firstName: id, lastName: id, createdAt: now }));
    const insert = (ids: string[]) => {
      const rows = accounts(ids);
      const values = rows.flatMap((row) => Object.values(row));
      return compiledByShape(t.deps.db, cache, String(rows.length), values, () => t.deps.db.insertInto('account').values(rows));
    };
    const first = insert(['f1', 'f2']);
    await runCompiled(t.deps.db, first);
    const second = insert(['g1', 'g2']);
    expect(second.sql).toBe(first.sql);
    await runCompiled(t.deps.db, second);
    await runCompiled(t.deps.db, insert(['h1']));
    const names = await t.deps.db.selectFrom('account').select('firstName').orderBy('firstName').execute();
    expect(names.map((row) => row.firstName)).toEqual(['f1', 'f2', 'g1', 'g2', 'h1']);
    expect(() =>
      compiledByShape(t.deps.db, cache, 'swapped', ['x', 'y'], () => t.deps.db.selectFrom('account').select('id').where('email', '=', 'y').where('id', '=', 'x')),
    ).toThrow(/not the values given/);
  });
});
