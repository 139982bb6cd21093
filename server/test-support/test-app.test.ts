import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations';
import { createTestApp, testDatabaseKind, type TestApp } from './test-app';

/** The rows of the tables a test writes here (the rate-limit table and history, whose `seq` is an identity). */
async function rowsOf(t: TestApp) {
  const limits = await t.deps.db.selectFrom('rateLimit').selectAll().execute();
  const history = await t.deps.db.selectFrom('historyEntry').select(['id', 'seq']).execute();
  return { limits, history };
}

/** The tables of the app's database (but the migrator's) that hold any row. */
async function nonEmptyTables(t: TestApp): Promise<string[]> {
  // This schema's tables only: other files' schemas come and go while this test runs.
  const { rows } =
    testDatabaseKind === 'postgres'
      ? await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`.execute(t.deps.db)
      : await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(t.deps.db);
  const tables = rows.map((row) => row.name).filter((name) => !name.startsWith('kysely_') && !name.startsWith('sqlite_'));
  const held: string[] = [];
  for (const name of tables) {
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(name)}`.execute(t.deps.db);
    if (Number(rows[0]!.n) > 0) held.push(name);
  }
  return held;
}

async function write(t: TestApp, key: string) {
  await t.deps.db.insertInto('rateLimit').values({ key, count: 1, resetAt: 0 }).execute();
  const now = '2027-01-01T00:00:00.000Z';
  await t.deps.db.insertInto('account').values({ id: key, email: `${key}@example.com`, emailKey: `${key}@example.com`, passwordHash: 'x', firstName: 'A', lastName: 'B', createdAt: now }).execute();
  await t.deps.db
    .insertInto('occasion')
    .values({ id: key, accountId: key, title: 'T', description: '', startDate: '2027-01-01', endDate: '2027-01-01', timezone: 'UTC', venueName: '', venueAddress: '', rsvpDeadline: null, passcode: null, allowedOrigins: '[]', contactEmail: '', createdAt: now, updatedAt: now, reminderDaysBeforeDeadline: null, reminderSentFor: null, digestSentAt: null })
    .execute();
  const entry = { occasionId: key, at: '2027-01-01T00:00:00.000Z', actorKind: 'HOST', actorId: 'a', actorName: 'A', entity: 'GUEST', entityId: 'g', action: 'CREATE' };
  await t.deps.db
    .insertInto('historyEntry')
    .values({ ...entry, id: key, householdId: null, guestId: null, activityId: null, subjectName: '', changes: '{}' })
    .execute();
}

describe('test apps', () => {
  const open: TestApp[] = [];
  afterEach(async () => {
    for (const t of open.splice(0)) await t.close();
  });

  it('gives every app a database of its own, migrated and empty, also after others of the file wrote and closed', async () => {
    // The first app of a file makes the migrated database the later ones copy (SQLite) or reuse emptied (PostgreSQL).
    const first = await createTestApp();
    await write(first, 'first');
    expect(await nonEmptyTables(first)).toEqual(expect.arrayContaining(['account', 'occasion', 'rateLimit', 'historyEntry']));
    await first.close();

    const second = await createTestApp();
    const third = await createTestApp();
    open.push(second, third);
    expect(second.database.kind).toBe(testDatabaseKind);
    expect(await rowsOf(second)).toEqual({ limits: [], history: [] });
    expect(await rowsOf(third)).toEqual({ limits: [], history: [] });
    expect(await nonEmptyTables(second)).toEqual([]);

    await write(second, 'second');
    expect(await rowsOf(third)).toEqual({ limits: [], history: [] });
    // Identities start again: the first entry of an emptied schema is `seq` 1, as in a new one.
    expect((await rowsOf(second)).history.map((entry) => Number(entry.seq))).toEqual([1]);
    expect((await rowsOf(second)).limits.map((row) => row.key)).toEqual(['second']);
  });

  it('keeps the migrations of a reused database on record, so a migrator finds nothing to run', async () => {
    const first = await createTestApp();
    await first.close();
    const t = await createTestApp();
    open.push(t);
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(t.deps.db);
    expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
  });
});
