import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import pg from 'pg';
import type { AppDeps, AppEnv } from '../app-env';
import { createApp } from '../app';
import { createPasswords, type Argon2Cost } from '../auth/passwords';
import { DEFAULT_TIMEOUTS, type ServerConfig } from '../config';
import { systemClock } from '../create-deps';
import { createDatabase, currentSchema, type KindlyDatabase } from '../db/create-database';
import { renderEmailHere } from '../email/render-email';
import { MemoryRateLimitStore, RateLimiter } from '../middleware/rate-limit/rate-limiter';
import { memoryLogger } from './memory-log';
import { withSchemaLock } from './schema-lock';

export interface TestApp {
  app: Hono<AppEnv>;
  deps: AppDeps;
  database: KindlyDatabase;
  /** The JSON lines the app logged. */
  logs: string[];
  close(): Promise<void>;
}

/** Which database this run of the suite uses: `KINDLY_TEST_DB=postgres` is set by the PostgreSQL project. */
export const testDatabaseKind = process.env.KINDLY_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export const testConfig: ServerConfig = {
  port: 0,
  examplesPort: 0,
  dataDir: '/nonexistent',
  databaseUrl: undefined,
  authSecret: 'test-secret-test-secret-test-secret-123',
  authUrl: undefined,
  production: false,
  trustProxy: false,
  redisUrl: undefined,
  distDir: undefined,
  timeouts: DEFAULT_TIMEOUTS,
};

/** Argon2id's smallest cost (a hash in well under a millisecond); create-deps.test.ts proves the production one. */
export const TEST_ARGON2_COST: Argon2Cost = { memoryCost: 8, timeCost: 1, parallelism: 1 };

/** The guest sign-in floor in tests: still waited for on every attempt, too short to add up. */
export const TEST_GUEST_SIGN_IN_FLOOR_MS = 1;

/** Cheap sign-in costs on the system clock, for every app a test builds. */
export function testCosts(): Pick<AppDeps, 'passwords' | 'guestSignInFloorMs' | 'clock'> {
  return { passwords: createPasswords(TEST_ARGON2_COST), guestSignInFloorMs: TEST_GUEST_SIGN_IN_FLOOR_MS, clock: systemClock };
}

/**
 * A real app on a real, fresh database: SQLite in memory, or a schema of its own in the
 * PostgreSQL at `TEST_DATABASE_URL`, dropped again by `close()`.
 */
export async function createTestApp(overrides: Partial<AppDeps> = {}): Promise<TestApp> {
  return appOn(await openTestDatabase(), overrides);
}

/**
 * Two apps on one database, as two server instances would be: on SQLite two connections to one
 * file (in a directory of its own, removed by `close()`), on PostgreSQL two pools on one schema.
 * `overrides` is asked once for each instance (a rate limiter of its own, say).
 */
export async function createTwoInstances(
  overrides: () => Partial<AppDeps> = () => ({}),
): Promise<{ first: TestApp; second: TestApp; close(): Promise<void> }> {
  if (testDatabaseKind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'kindly-two-instances-'));
    const file = join(dir, 'kindly.db');
    const first = appOn(await createDatabase({ sqliteFile: file }), overrides());
    const second = appOn(await createDatabase({ sqliteFile: file }), overrides());
    const close = async () => {
      await second.close();
      await first.close();
      rmSync(dir, { recursive: true, force: true });
    };
    return { first, second, close };
  }
  const firstDatabase = await openTestDatabase();
  const second = appOn(await openSchema(testPostgresUrl(), (await currentSchema(firstDatabase.db))!), overrides());
  const first = appOn(firstDatabase, overrides());
  return { first, second, close: async () => (await second.close(), await first.close()) };
}

function appOn(database: KindlyDatabase, overrides: Partial<AppDeps> = {}): TestApp {
  const logs: string[] = [];
  const deps: AppDeps = {
    db: database.db,
    dbKind: database.kind,
    config: testConfig,
    log: memoryLogger(logs),
    rateLimiter: new RateLimiter(new MemoryRateLimitStore()),
    renderEmail: renderEmailHere,
    ...testCosts(),
    ...overrides,
  };
  return { app: createApp(deps), deps, database, logs, close: () => database.close() };
}

async function openTestDatabase(): Promise<KindlyDatabase> {
  if (testDatabaseKind === 'sqlite') return createDatabase({ sqliteFile: ':memory:' });
  const url = testPostgresUrl();
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const database = await openSchema(url, schema);
  return {
    ...database,
    async close() {
      await database.close();
      await withSchemaLock(url, 'exclusive', async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      });
    },
  };
}

function testPostgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('KINDLY_TEST_DB=postgres needs TEST_DATABASE_URL.');
  return url;
}

/** The database in `schema` of the PostgreSQL at `url` (made and migrated when new). */
function openSchema(url: string, schema: string): Promise<KindlyDatabase> {
  return withSchemaLock(url, 'shared', () => createDatabase({ databaseUrl: url, pgSchema: schema, poolSize: 4 }));
}

/**
 * Runs a test's own schema change (a table dropped, a migration taken down and up again) under
 * the suite's exclusive schema lock on PostgreSQL, where another file's migrator may be reading
 * every schema's tables at that moment.
 */
export function changingSchema<T>(work: () => Promise<T>): Promise<T> {
  return testDatabaseKind === 'postgres' ? withSchemaLock(testPostgresUrl(), 'exclusive', work) : work();
}
