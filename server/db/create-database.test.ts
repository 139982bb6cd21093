import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withAdminClient } from '../test-support/fault-app';
import { withSchemaLock } from '../test-support/schema-lock';
import { createTestApp, testDatabaseKind, type TestApp } from '../test-support/test-app';
import { createDatabase } from './create-database';
import { inviteLineId, newId, newInviteCode } from './ids';
import { migrations } from './migrations';

describe('database', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('runs the migrations and enforces the unique invite code per occasion', async () => {
    t = await createTestApp();
    expect(t.database.kind).toBe(testDatabaseKind);
    const now = new Date().toISOString();
    await t.deps.db.insertInto('account').values({ id: 'a1', email: 'a@b.co', emailKey: 'a@b.co', passwordHash: 'x', firstName: 'A', lastName: 'B', createdAt: now }).execute();
    await t.deps.db
      .insertInto('occasion')
      .values({ id: 'o1', accountId: 'a1', title: 'T', description: '', startDate: '2027-01-01', endDate: '2027-01-01', timezone: 'UTC', venueName: '', venueAddress: '', rsvpDeadline: null, passcode: null, allowedOrigins: '[]', contactEmail: '', createdAt: now, updatedAt: now })
      .execute();
    const household = { occasionId: 'o1', name: 'H', addressLine1: '', addressLine2: '', city: '', state: '', postalCode: '', country: '', phone: '', email: '', notes: '', inviteCode: 'AAAA-BBBB-CCCC', createdAt: now, updatedAt: now };
    await t.deps.db.insertInto('household').values({ ...household, id: 'h1', checkInCode: 'CHECKIN001' }).execute();
    await expect(t.deps.db.insertInto('household').values({ ...household, id: 'h2', checkInCode: 'CHECKIN002' }).execute()).rejects.toThrow();
    // Deleting the occasion cascades to its households.
    await t.deps.db.deleteFrom('occasion').where('id', '=', 'o1').execute();
    expect(await t.deps.db.selectFrom('household').selectAll().execute()).toEqual([]);
  });

  it.runIf(testDatabaseKind === 'postgres')('turns PostgreSQL\'s JIT and parallel plans off on every connection of the pool', async () => {
    t = await createTestApp();
    const server = await sql<{ name: string }>`
      SELECT name FROM pg_settings WHERE (name = 'jit' AND boot_val = 'on') OR (name = 'max_parallel_workers_per_gather' AND boot_val <> '0')`.execute(t.deps.db);
    // The premise: the server compiles queries and plans parallel workers unless told otherwise.
    expect(server.rows).toHaveLength(2);
    // Transactions open at once hold connections of their own.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        t!.deps.db.transaction().execute(async (trx) => {
          const shown = await sql<{ jit: string; workers: string }>`SELECT current_setting('jit') AS jit, current_setting('max_parallel_workers_per_gather') AS workers`.execute(trx);
          await sql`SELECT pg_sleep(0.05)`.execute(trx);
          return `${shown.rows[0]!.jit} ${shown.rows[0]!.workers}`;
        }),
      ),
    );
    expect(settings).toEqual(['off 0', 'off 0', 'off 0', 'off 0']);
  });

  it.runIf(testDatabaseKind === 'sqlite')('creates the SQLite file in WAL mode and migrates it only once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindly-db-'));
    try {
      const file = join(dir, 'nested', 'kindly.db');
      const first = await createDatabase({ sqliteFile: file });
      const mode = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(first.db);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
      await first.close();
      const second = await createDatabase({ sqliteFile: file });
      const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(second.db);
      expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations));
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(testDatabaseKind === 'postgres')('database on PostgreSQL without a test schema', () => {
  it('migrates the schema first on its search path, even when another schema holds Kysely tables', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const suffix = randomBytes(6).toString('hex');
    const [other, own] = [`other_${suffix}`, `own_${suffix}`];
    await withSchemaLock(url, 'shared', async () => {
      await (await createDatabase({ databaseUrl: url, pgSchema: other })).close();
      await withAdminClient(url, (admin) => admin.query(`CREATE SCHEMA "${own}"`));
      const onSearchPath = new URL(url);
      onSearchPath.searchParams.set('options', `-c search_path=${own}`);
      const database = await createDatabase({ databaseUrl: onSearchPath.toString() });
      const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(database.db);
      expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations));
      await database.close();
    });
    await withSchemaLock(url, 'exclusive', () =>
      withAdminClient(url, (admin) => admin.query(`DROP SCHEMA "${other}" CASCADE; DROP SCHEMA "${own}" CASCADE`)),
    );
  });
});

describe('ids', () => {
  it('makes unguessable URL-safe ids and Crockford invite codes', () => {
    const ids = new Set(Array.from({ length: 1000 }, newId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(inviteLineId('AAAAAAAAAAAA', 'BBBBBBBBBBBB')).toBe('AAAAAAAAAAAABBBBBBBBBBBB');
    const code = newInviteCode();
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  });
});
