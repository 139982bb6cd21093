import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type KindlyDatabase } from './create-database';
import { KeptWhileUnchanged } from './kept-while-unchanged';
import { committedDataMark, holdSqliteConnection } from './sqlite-connection';

describe('KeptWhileUnchanged', () => {
  let dir: string;
  let database: KindlyDatabase;
  let reads: number;
  let kept: KeptWhileUnchanged<number>;
  const count = () =>
    kept.get(database.db, 'children', async () => {
      reads++;
      const { rows } = await sql<{ n: number }>`select count(*) as n from child`.execute(database.db);
      return rows[0]!.n;
    });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kindly-kept-'));
    database = await createDatabase({ sqliteFile: join(dir, 'kept.db') });
    await sql`create table parent (id text primary key)`.execute(database.db);
    await sql`create table child (parentId text references parent (id) on delete cascade)`.execute(database.db);
    await sql`insert into parent values ('p')`.execute(database.db);
    await sql`insert into child values ('p'), ('p')`.execute(database.db);
    reads = 0;
    kept = new KeptWhileUnchanged(10);
  });
  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the kept value while nothing changes, and reads again after a change on its own connection', async () => {
    expect(await count()).toBe(2);
    expect(await count()).toBe(2);
    expect(reads).toBe(1);
    await sql`insert into child values ('p')`.execute(database.db);
    expect(await count()).toBe(3);
    expect(reads).toBe(2);
  });

  it('sees a delete that cascades as a change', async () => {
    expect(await count()).toBe(2);
    await sql`delete from parent`.execute(database.db);
    expect(await count()).toBe(0);
    expect(reads).toBe(2);
  });

  it('reads again after another connection to the file commits, as another process would', async () => {
    expect(await count()).toBe(2);
    const other = new SQLite(join(dir, 'kept.db'));
    try {
      other.prepare(`delete from child where rowid = (select min(rowid) from child)`).run();
    } finally {
      other.close();
    }
    expect(await count()).toBe(1);
    expect(reads).toBe(2);
  });

  it('reads every time while the connection is held, and keeps nothing read then', async () => {
    expect(await count()).toBe(2);
    const held = await holdSqliteConnection(database.db);
    expect(committedDataMark(database.db)).toBeUndefined();
    held.sqlite.prepare(`insert into child values ('p')`).run();
    const waiting = count();
    await held.release();
    expect(await waiting).toBe(3);
    expect(await count()).toBe(3);
    expect(reads).toBe(3);
  });

  it('keeps no undefined value', async () => {
    let loads = 0;
    const missing = () => kept.get(database.db, 'missing', async () => void loads++);
    await missing();
    await missing();
    expect(loads).toBe(2);
  });

  it('keeps at most its size of values', async () => {
    const small = new KeptWhileUnchanged<string>(2);
    let loads = 0;
    const get = (key: string) => small.get(database.db, key, async () => (loads++, key));
    for (const key of ['a', 'b', 'c', 'a']) await get(key);
    expect(loads).toBe(4);
  });
});
