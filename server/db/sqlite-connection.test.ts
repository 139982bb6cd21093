import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './create-database';
import type { Database } from './schema';
import { holdSqliteConnection } from './sqlite-connection';

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
