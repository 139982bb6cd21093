import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations';
import type { Database } from './schema';
import { checkpointInTheBackground } from './sqlite-checkpoints';
import { withNamedStatements, withStatementCache } from './statement-cache';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface KindlyDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…` for PostgreSQL; otherwise `sqliteFile` is used. */
  databaseUrl?: string;
  /** A file path, or `:memory:`. */
  sqliteFile?: string;
  /** PostgreSQL only: the schema to work in (created when missing). Tests use one per app. */
  pgSchema?: string;
  poolSize?: number;
}

const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/** Opens the database, runs the migrations and returns it. */
export async function createDatabase(options: DatabaseOptions): Promise<KindlyDatabase> {
  const database = options.databaseUrl?.startsWith('postgres')
    ? await openPostgres(options.databaseUrl, options)
    : openSqlite(options.sqliteFile ?? ':memory:');
  await migrate(database.db, options.pgSchema);
  return database;
}

function openSqlite(file: string): KindlyDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const stopCheckpoints = file === ':memory:' ? () => {} : checkpointInTheBackground(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, kind: 'sqlite', close: () => (stopCheckpoints(), db.destroy()) };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<KindlyDatabase> {
  const schema = options.pgSchema;
  if (schema) {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    await setup.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
    await setup.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(schema ? { options: `-c search_path="${schema.replace(/"/g, '')}"` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: process.env.KINDLY_PG_NAMED_STATEMENTS === '1' ? withNamedStatements(pool) : pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

async function migrate(db: Kysely<Database>, schema: string | undefined): Promise<void> {
  // With several schemas in one database, Kysely must look for its own tables in ours only.
  const migrator = new Migrator({ db, provider: migrationProvider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
