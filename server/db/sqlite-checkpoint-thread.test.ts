import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testDatabaseKind } from '../test-support/test-app';
import { createDatabase, type KindlyDatabase } from './create-database';
import type { Database } from './schema';
import { BACKSTOP_AUTOCHECKPOINT_PAGES, SQLITE_AUTOCHECKPOINT_PAGES } from './sqlite-checkpoint-thread';

/** The thread's script as the server runs it: built by `npm run build` (which `npm test` runs first). */
const SCRIPT = new URL('../../dist/server/sqlite-checkpoint-thread.js', import.meta.url);
/** A script that fails at once, as a thread that cannot open the file would. */
const FAILING = new URL(`data:text/javascript,${encodeURIComponent('throw new Error("no checkpoints here")')}`);

const autocheckpoint = async (db: Kysely<Database>) =>
  (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)).rows[0]!.wal_autocheckpoint;

/**
 * Rows of a page each, committed 100 at a time: by default some 2,500 pages, more than SQLite's
 * threshold and less than the backstop.
 */
async function writePages(db: Kysely<Database>, commits = 25): Promise<void> {
  await sql`create table if not exists t (n integer, filler blob)`.execute(db);
  for (let commit = 0; commit < commits; commit++) {
    await sql`with recursive s(n) as (select 1 union all select n + 1 from s where n < 100) insert into t select n, randomblob(4000) from s`.execute(db);
  }
}

describe.runIf(testDatabaseKind === 'sqlite')('the embedded database’s checkpoint thread', () => {
  let dir: string;
  let database: KindlyDatabase | undefined;
  beforeEach(() => {
    expect(existsSync(SCRIPT), 'run `npm run build` first').toBe(true);
    dir = mkdtempSync(join(tmpdir(), 'kindly-checkpoint-thread-'));
  });
  afterEach(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies the log into the database file while the writing connection leaves it to the thread', async () => {
    const file = join(dir, 'kindly.db');
    database = await createDatabase({ sqliteFile: file, sqliteThreads: { checkpoint: SCRIPT } });
    const { db } = database;
    expect(await autocheckpoint(db)).toBe(BACKSTOP_AUTOCHECKPOINT_PAGES);
    const before = statSync(file).size;
    await writePages(db);
    // Below the backstop the writer never checkpoints: the file grows only by the thread's work.
    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(before + 2000 * 4096), { timeout: 5000, interval: 50 });
    expect((await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows[0]!.n).toBe(2500);
  });

  it('without the thread, the log stays in the log until SQLite’s own threshold', async () => {
    const file = join(dir, 'kindly.db');
    database = await createDatabase({ sqliteFile: file });
    const { db } = database;
    expect(await autocheckpoint(db)).toBe(SQLITE_AUTOCHECKPOINT_PAGES);
    await sql`pragma wal_autocheckpoint = ${sql.raw(String(BACKSTOP_AUTOCHECKPOINT_PAGES))}`.execute(db);
    const before = statSync(file).size;
    await writePages(db);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(statSync(file).size).toBe(before);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(2000 * 4096);
  });

  it('past the backstop, the writing connection checkpoints on its own should the thread fall behind', async () => {
    const file = join(dir, 'kindly.db');
    database = await createDatabase({ sqliteFile: file });
    const { db } = database;
    // The writer's setting while the thread runs, with no thread copying the log meanwhile.
    await sql`pragma wal_autocheckpoint = ${sql.raw(String(BACKSTOP_AUTOCHECKPOINT_PAGES))}`.execute(db);
    const before = statSync(file).size;
    await writePages(db, 90);
    expect(statSync(file).size, 'under the backstop, nothing is copied yet').toBe(before);
    await writePages(db, 20);
    // The log's pages copied into the file: some thousands (a page written twice is copied once).
    expect(statSync(file).size).toBeGreaterThan(before + (BACKSTOP_AUTOCHECKPOINT_PAGES / 2) * 4096);
    expect((await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows[0]!.n).toBe(11_000);
  });

  it('hands checkpoints back to SQLite when the thread is lost', async () => {
    const log = vi.fn();
    database = await createDatabase({ sqliteFile: join(dir, 'kindly.db'), sqliteThreads: { checkpoint: FAILING }, log });
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith(expect.stringContaining('the database checkpoints on its own again')));
    expect(await autocheckpoint(database.db)).toBe(SQLITE_AUTOCHECKPOINT_PAGES);
  });
});
