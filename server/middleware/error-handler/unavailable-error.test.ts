import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectUnavailable } from '../../test-support/fault-app';
import { BASE } from '../../in-process/host-session';
import { createTestApp, testDatabaseKind } from '../../test-support/test-app';
import { classifyUnavailable } from './unavailable-error';

/** The error `work` throws, as the driver made it. */
function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('classifyUnavailable, on the errors better-sqlite3 really throws', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kindly-unavailable-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes SQLITE_BUSY, SQLITE_FULL and SQLITE_READONLY for unavailable, and a constraint for a bug', () => {
    const file = join(dir, 'a.db');
    const first = new SQLite(file);
    first.pragma('journal_mode = WAL');
    first.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT)');
    const second = new SQLite(file, { timeout: 0 });
    const readOnly = new SQLite(file, { readonly: true });
    try {
      first.exec('BEGIN IMMEDIATE');
      expect(classifyUnavailable(thrownBy(() => second.exec('BEGIN IMMEDIATE')))).toEqual({ reason: 'database busy', retryAfterSeconds: 1 });
      first.exec('ROLLBACK');

      first.pragma(`max_page_count = ${Number(first.pragma('page_count', { simple: true }))}`);
      const insert = first.prepare('INSERT INTO t (text) VALUES (?)');
      const full = thrownBy(() => {
        for (;;) insert.run('x'.repeat(3000));
      });
      expect((full as { code: string }).code).toBe('SQLITE_FULL');
      expect(classifyUnavailable(full)?.reason).toBe('storage full');

      expect(classifyUnavailable(thrownBy(() => readOnly.exec("INSERT INTO t (text) VALUES ('x')")))?.reason).toBe('storage failed');
      expect(classifyUnavailable(thrownBy(() => first.exec('INSERT INTO t (id) VALUES (1), (1)')))).toBeUndefined();
      expect(classifyUnavailable(thrownBy(() => first.exec('SELECT * FROM nowhere')))).toBeUndefined();
    } finally {
      for (const db of [readOnly, second, first]) db.close();
    }
  });
});

describe('classifyUnavailable, on the errors pg really throws', () => {
  const url = process.env.TEST_DATABASE_URL;

  it('takes a refused connection for unavailable', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 1000 });
    const refused = await client.connect().catch((error: unknown) => error);
    expect(classifyUnavailable(refused)).toEqual({ reason: 'database unreachable', retryAfterSeconds: 5 });
  });

  it.runIf(url)('takes SQLSTATE classes 08, 53 and 57 for unavailable, and a unique violation for a bug', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const raise = (code: string) =>
      client.query(`DO $$ BEGIN RAISE EXCEPTION 'simulated' USING ERRCODE = '${code}'; END $$`).catch((error: unknown) => error);
    try {
      expect(classifyUnavailable(await raise('53100'))).toEqual({ reason: 'storage full', retryAfterSeconds: 60 });
      expect(classifyUnavailable(await raise('53300'))?.reason).toBe('database busy');
      expect(classifyUnavailable(await raise('57014'))?.reason).toBe('database busy');
      expect(classifyUnavailable(await raise('57P03'))?.reason).toBe('database unreachable');
      expect(classifyUnavailable(await raise('08006'))?.reason).toBe('database unreachable');
      expect(classifyUnavailable(await raise('23505'))).toBeUndefined();
      expect(classifyUnavailable(await raise('42P01'))).toBeUndefined();
    } finally {
      await client.end();
    }
  });
});

describe('the error handler, on a database error the driver really raised', () => {
  it(`answers 503 UNAVAILABLE with Retry-After for a full disk on ${testDatabaseKind}`, async () => {
    const t = await createTestApp();
    try {
      // A full disk, as each driver reports it: SQLite through its page limit, PostgreSQL by SQLSTATE.
      const fill =
        testDatabaseKind === 'sqlite'
          ? ['PRAGMA max_page_count = 1', 'CREATE TABLE filler (text TEXT)', 'INSERT INTO filler VALUES (hex(randomblob(100000)))']
          : ["DO $$ BEGIN RAISE EXCEPTION 'could not extend file' USING ERRCODE = 'disk_full'; END $$"];
      t.app.get('/fill', async () => {
        for (const statement of fill) await sql.raw(statement).execute(t.database.db);
        throw new Error('the disk never filled');
      });
      const response = await t.app.request(`${BASE}/fill`);
      await expectUnavailable(response);
      const logged = t.logs.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } });
      // A passing fault: a warning with the driver's error, not an error.
      expect(logged).toContainEqual(expect.objectContaining({ level: 40, msg: 'unavailable GET /fill: storage full', err: expect.objectContaining({ message: expect.any(String) }) }));
    } finally {
      await t.close();
    }
  });
});
