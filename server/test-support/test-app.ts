import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import { inject } from 'vitest';
import type { AppDeps, AppEnv } from '../app-env';
import { createApp } from '../app';
import { createPasswords, type Argon2Cost } from '../auth/passwords';
import { DEFAULT_TIMEOUTS, type ServerConfig } from '../config';
import { systemClock } from '../create-deps';
import { createDatabase, currentSchema, type DatabaseOptions, type KindlyDatabase } from '../db/create-database';
import type { Database } from '../db/schema';
import { serializeSqlite } from '../db/sqlite-connection';
import { renderEmailHere } from '../email/render-email';
import { MemoryRateLimitStore, RateLimiter } from '../middleware/rate-limit/rate-limiter';
import { memoryLogger } from './memory-log';
import { dropSchemas, withSchemaLock } from './schema-lock';

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

export interface TestDatabaseOptions extends Pick<DatabaseOptions, 'onQuery'> {
  /**
   * PostgreSQL: a schema no app used before, never used again: its tables have no planner
   * statistics, which an emptied schema keeps from its earlier rows.
   */
  neverUsed?: boolean;
}

/**
 * A real app on a real, fresh database: SQLite in memory, or a schema of its own in the
 * PostgreSQL at `TEST_DATABASE_URL`, which `close()` empties for a later app (or drops).
 */
export async function createTestApp(overrides: Partial<AppDeps> = {}, databaseOptions: TestDatabaseOptions = {}): Promise<TestApp> {
  return appOn(await openTestDatabase(databaseOptions), overrides);
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

/** A real app on a database already open (a test that opens it with options of its own). */
export function appOn(database: KindlyDatabase, overrides: Partial<AppDeps> = {}): TestApp {
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

/**
 * PostgreSQL: the migrated schemas of this worker's closed apps, emptied, for its next app to take
 * instead of creating and migrating one (dropped when the run ends, `test-schemas.ts`).
 */
const spareSchemas: string[] = [];

/** PostgreSQL: the schemas of this file's open apps. */
const openSchemas = new Set<string>();

/** PostgreSQL: schemas open while a test changed a schema ({@link changingSchema}): dropped, never reused. */
const changedSchemas = new Set<string>();

/** SQLite: this worker's first app's database as migrated; every later app opens a copy. */
let sqliteTemplate: Buffer | undefined;

async function openTestDatabase({ neverUsed = false, ...options }: TestDatabaseOptions = {}): Promise<KindlyDatabase> {
  if (testDatabaseKind === 'sqlite') {
    if (sqliteTemplate) return createDatabase({ sqliteImage: sqliteTemplate, ...options });
    const database = await createDatabase({ sqliteFile: ':memory:', ...options });
    sqliteTemplate = serializeSqlite(database.db);
    return database;
  }
  const url = testPostgresUrl();
  const spare = neverUsed ? undefined : spareSchemas.pop();
  const schema = spare ?? `${inject('schemaPrefix')}${randomBytes(6).toString('hex')}`;
  // A spare schema is migrated: opening it runs no migrator, so it needs no schema lock either.
  const database = spare ? await createDatabase({ databaseUrl: url, pgSchema: schema, poolSize: 4, alreadyMigrated: true, ...options }) : await openSchema(url, schema, options);
  openSchemas.add(schema);
  let closed = false;
  return {
    ...database,
    async close() {
      // Closed once only: a second close would offer the schema to two apps at once.
      if (closed) return;
      closed = true;
      openSchemas.delete(schema);
      const reusable = !neverUsed && !changedSchemas.has(schema) && (await emptied(database.db, schema));
      await database.close();
      if (reusable) spareSchemas.push(schema);
      else await dropSchemas(url, [schema]);
    },
  };
}

/**
 * Empties every table of `schema` but the migrator's and restarts its sequences: what a fresh
 * migrated schema holds. `DELETE` with triggers and foreign-key checks off (the session as a
 * replica: the whole schema is emptied at once, so nothing is left dangling) takes about 30 ms
 * where `TRUNCATE` of every table takes about 150, once per test app; without the right to do that
 * (not a superuser), `TRUNCATE`. False when it could not (a test broke the connection or the tables).
 */
async function emptied(db: Kysely<Database>, schema: string): Promise<boolean> {
  try {
    const { tables, sequences } = await schemaObjects(db, schema);
    const deletes = tables.map((table) => `DELETE FROM ${table};`).join(' ');
    const restarts = sequences.map((sequence) => `ALTER SEQUENCE ${sequence} RESTART;`).join(' ');
    await db.transaction().execute(async (trx) => {
      await sql.raw(`SET LOCAL session_replication_role = replica; ${deletes} ${restarts}`).execute(trx);
    });
    return true;
  } catch {
    return await truncated(db, schema);
  }
}

/** `schema`'s tables (but the migrator's) and sequences, quoted, as every migrated schema of the run has them. */
async function schemaObjects(db: Kysely<Database>, schema: string): Promise<{ tables: string[]; sequences: string[] }> {
  const quoted = (name: string) => `"${schema}"."${name}"`;
  const { rows: tables } = await sql<{ name: string }>`
    SELECT tablename AS name FROM pg_tables WHERE schemaname = ${schema} AND tablename NOT LIKE 'kysely\_%'`.execute(db);
  const { rows: sequences } = await sql<{ name: string }>`
    SELECT sequencename AS name FROM pg_sequences WHERE schemaname = ${schema} AND sequencename NOT LIKE 'kysely\_%'`.execute(db);
  return { tables: tables.map((row) => quoted(row.name)), sequences: sequences.map((row) => quoted(row.name)) };
}

async function truncated(db: Kysely<Database>, schema: string): Promise<boolean> {
  try {
    const { tables } = await schemaObjects(db, schema);
    if (tables.length > 0) await sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`).execute(db);
    return true;
  } catch {
    return false;
  }
}


function testPostgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('KINDLY_TEST_DB=postgres needs TEST_DATABASE_URL.');
  return url;
}

/** The database in `schema` of the PostgreSQL at `url` (made and migrated when new). */
function openSchema(url: string, schema: string, options: Pick<DatabaseOptions, 'onQuery'> = {}): Promise<KindlyDatabase> {
  return withSchemaLock(url, 'shared', () => createDatabase({ databaseUrl: url, pgSchema: schema, poolSize: 4, ...options }));
}

/**
 * Runs a test's own schema change (a table dropped, a migration taken down and up again) under
 * the suite's exclusive schema lock on PostgreSQL, where another file's migrator may be reading
 * every schema's tables at that moment.
 */
export function changingSchema<T>(work: () => Promise<T>): Promise<T> {
  if (testDatabaseKind !== 'postgres') return work();
  for (const schema of openSchemas) changedSchemas.add(schema);
  return withSchemaLock(testPostgresUrl(), 'exclusive', work);
}
