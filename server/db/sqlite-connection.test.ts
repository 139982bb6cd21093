import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './create-database';
import type { Database } from './schema';
import { holdSqliteConnection, holdSqliteSnapshot } from './sqlite-connection';

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
});

describe('holdSqliteSnapshot', () => {
  it('reads a file in a snapshot of its own while Kysely’s writes go on, and sees them in the next one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindly-snapshot-'));
    const { db, close } = await createDatabase({ sqliteFile: join(dir, 'kindly.db') });
    try {
      await sql`create table t (n integer)`.execute(db);
      await sql`insert into t values (1), (2), (3)`.execute(db);
      const held = await holdSqliteSnapshot(db);
      const rows = held.sqlite.prepare<unknown[], number>('select n from t order by n').pluck().iterate();
      expect(rows.next().value).toBe(1);
      // Neither waits for the read: a write and a read on the main connection.
      await sql`insert into t values (4)`.execute(db);
      expect((await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows[0]!.n).toBe(4);
      expect([...rows]).toEqual([2, 3]);
      expect(held.sqlite.prepare<unknown[], number>('select count(*) from t').pluck().get()).toBe(3);
      // A second long read waits for the first.
      let secondStarted = false;
      const second = holdSqliteSnapshot(db).then((next) => ((secondStarted = true), next));
      await new Promise((resolve) => setImmediate(resolve));
      expect(secondStarted).toBe(false);
      await held.release();
      const next = await second;
      expect(next.sqlite.prepare<unknown[], number>('select count(*) from t').pluck().get()).toBe(4);
      await next.release();
    } finally {
      await close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('holds the main connection of a database in memory', async () => {
    const { db, close } = await createDatabase({ sqliteFile: ':memory:' });
    try {
      await sql`create table t (n integer)`.execute(db);
      const held = await holdSqliteSnapshot(db);
      let inserted = false;
      const write = sql`insert into t values (1)`.execute(db).then(() => (inserted = true));
      await new Promise((resolve) => setImmediate(resolve));
      expect(inserted).toBe(false);
      await held.release();
      await write;
      expect(inserted).toBe(true);
    } finally {
      await close();
    }
  });
});
