import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { withSchemaLock } from '../test-support/schema-lock';
import { createTestApp, testDatabaseKind, type TestApp } from '../test-support/test-app';
import { createDatabase, type KindlyDatabase } from './create-database';

const url = process.env.TEST_DATABASE_URL ?? '';

describe.runIf(testDatabaseKind === 'postgres' && url)('the PostgreSQL pool of one instance', () => {
  let t: TestApp;
  let database: KindlyDatabase | undefined;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await database?.close();
    await t.close();
  });

  it('opens at most PG_POOL_SIZE connections: a request past them waits for one to come back', async () => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.deps.db);
    const { pgPoolSize } = loadConfig({ KINDLY_DATA_DIR: '/srv/kindly/data', AUTH_SECRET: 's'.repeat(40), PG_POOL_SIZE: '2' });
    database = await withSchemaLock(url, 'shared', () => createDatabase({ databaseUrl: url, pgSchema: rows[0]!.schema, poolSize: pgPoolSize, alreadyMigrated: true }));
    const { db } = database;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const backends: number[] = [];
    // Three transactions at once, each holding its connection until the gate opens.
    const held = [0, 1, 2].map(() =>
      db.transaction().execute(async (trx) => {
        backends.push((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid);
        await gate;
      }),
    );
    await vi.waitFor(() => expect(backends).toHaveLength(2));
    // Long enough for a third connection to have answered, had the pool opened one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(backends).toHaveLength(2);
    release();
    await Promise.all(held);
    expect(backends).toHaveLength(3);
    expect(new Set(backends).size).toBe(2);
  });
});
