import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import pg from 'pg';
import type { AppDeps, AppEnv } from '../app-env';
import { createApp } from '../app';
import { DEFAULT_TIMEOUTS, type ServerConfig } from '../config';
import { createDatabase, type KindlyDatabase } from '../db/create-database';
import { MemoryRateLimitStore, RateLimiter } from '../middleware/rate-limit/rate-limiter';
import { withSchemaLock } from './schema-lock';

export interface TestApp {
  app: Hono<AppEnv>;
  deps: AppDeps;
  database: KindlyDatabase;
  /** Log lines the app wrote. */
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

/**
 * A real app on a real, fresh database: SQLite in memory, or a schema of its own in the
 * PostgreSQL at `TEST_DATABASE_URL`, dropped again by `close()`.
 */
export async function createTestApp(overrides: Partial<AppDeps> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const logs: string[] = [];
  const deps: AppDeps = {
    db: database.db,
    dbKind: database.kind,
    config: testConfig,
    log: (line) => logs.push(line),
    rateLimiter: new RateLimiter(new MemoryRateLimitStore()),
    ...overrides,
  };
  return { app: createApp(deps), deps, database, logs, close: () => database.close() };
}

async function openTestDatabase(): Promise<KindlyDatabase> {
  if (testDatabaseKind === 'sqlite') return createDatabase({ sqliteFile: ':memory:' });
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('KINDLY_TEST_DB=postgres needs TEST_DATABASE_URL.');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const database = await withSchemaLock(url, 'shared', () => createDatabase({ databaseUrl: url, pgSchema: schema, poolSize: 4 }));
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
