import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './create-database';
import type { Database } from './schema';
import { embeddedTransaction, holdSqliteConnection, runNowIfFree } from './sqlite-connection';

describe('holdSqliteConnection', () => {
  it('hands over the connection, and Kysely’s queries wait until it is let go', async () => {
    const { db, close } = await createDatabase({ sqliteFile: ':memory:' });
    try {
      await sql`create table t (n integer)`.execute(db);
      await sql`insert into t values (1), (2), (3)`.execute(db);
      const held = await holdSqliteConnection(db);
      const rows = held.sqlite.prepare<unknown[], number>('select n from t order by n').pluck().iterate();
      expect(rows.next().value).toBe(1);
      const events: string[] = [];
      const waiting = sql<{ n: number }>`select count(*) as n from t`.execute(db).then((result) => events.push(`query ${result.rows[0]!.n}`));
      await new Promise((resolve) => setImmediate(resolve));
      events.push(`row ${rows.next().value}`);
      expect(events).toEqual(['row 2']);
      rows.return?.();
      await held.release();
      await waiting;
      expect(events).toEqual(['row 2', 'query 3']);
    } finally {
      await close();
    }
  });

  it('refuses a database that createDatabase did not open', async () => {
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    await expect(holdSqliteConnection(db)).rejects.toThrow(/not an embedded database/);
    await db.destroy();
  });

  it('runs a statement at once only while nothing holds the connection', async () => {
    const { db, close } = await createDatabase({ sqliteFile: ':memory:' });
    try {
      await sql`create table t (n integer)`.execute(db);
      await sql`insert into t values (1)`.execute(db);
      const count = () => runNowIfFree<{ n: number }>(db, 'select count(*) as n from t', []);
      expect(count()).toEqual([{ n: 1 }]);
      const held = await holdSqliteConnection(db);
      expect(count()).toBeUndefined();
      await held.release();
      let letGo!: () => void;
      const gate = new Promise<void>((resolve) => (letGo = resolve));
      const writer = db.transaction().execute(async (trx) => {
        await sql`insert into t values (2)`.execute(trx);
        await gate;
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(count()).toBeUndefined();
      letGo();
      await writer;
      expect(count()).toEqual([{ n: 2 }]);
      await db.transaction().execute(async (trx) => expect(runNowIfFree(trx, 'select 1', [])).toBeUndefined());
    } finally {
      await close();
    }
  });
});

describe('embeddedTransaction', () => {
  const withTable = async (test: (db: Kysely<Database>, names: () => Promise<string[]>) => Promise<void>) => {
    const { db, close } = await createDatabase({ sqliteFile: ':memory:' });
    try {
      await sql`create table parent (id text primary key)`.execute(db);
      await sql`create table child (name text not null, parentId text references parent (id))`.execute(db);
      const names = async () => (await sql<{ name: string }>`select name from child order by rowid`.execute(db)).rows.map((row) => row.name);
      await test(db, names);
    } finally {
      await close();
    }
  };
  const insertChild = (trx: Transaction<Database>, name: string, parentId: string | null = null) =>
    sql`insert into child (name, parentId) values (${name}, ${parentId})`.execute(trx);

  it('commits the writes asked for in one turn in one transaction, each seeing the ones before it', async () => {
    await withTable(async (db, names) => {
      const seen: Array<{ trx: Transaction<Database>; before: number }> = [];
      const write = (name: string) =>
        embeddedTransaction(db, async (trx) => {
          const before = (await sql<{ n: number }>`select count(*) as n from child`.execute(trx)).rows[0]!.n;
          seen.push({ trx, before });
          await insertChild(trx, name);
          return name.toUpperCase();
        });
      expect(await Promise.all([write('a'), write('b'), write('c')])).toEqual(['A', 'B', 'C']);
      expect(seen.map((s) => s.before)).toEqual([0, 1, 2]);
      expect(new Set(seen.map((s) => s.trx)).size).toBe(1);
      await write('d');
      expect(seen[3]!.trx).not.toBe(seen[0]!.trx);
      expect(await names()).toEqual(['a', 'b', 'c', 'd']);
    });
  });

  it('rolls back only the write that fails, which alone is refused', async () => {
    await withTable(async (db, names) => {
      const outcomes = await Promise.allSettled([
        embeddedTransaction(db, (trx) => insertChild(trx, 'a')),
        embeddedTransaction(db, async (trx) => {
          await insertChild(trx, 'b');
          throw new Error('refused half-way');
        }),
        embeddedTransaction(db, (trx) => insertChild(trx, 'c')),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('refused half-way'));
      expect(await names()).toEqual(['a', 'c']);
    });
  });

  it('refuses every write of the group and keeps none when the commit fails', async () => {
    await withTable(async (db, names) => {
      await embeddedTransaction(db, (trx) => insertChild(trx, 'before'));
      const outcomes = await Promise.allSettled([
        embeddedTransaction(db, (trx) => insertChild(trx, 'a')),
        // A foreign key checked only at the commit: the group's commit fails.
        embeddedTransaction(db, async (trx) => {
          await sql`pragma defer_foreign_keys = on`.execute(trx);
          await insertChild(trx, 'orphan', 'no such parent');
        }),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
      expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
      expect(await names()).toEqual(['before']);
      await embeddedTransaction(db, (trx) => insertChild(trx, 'after'));
      expect(await names()).toEqual(['before', 'after']);
    });
  });
});
