import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type CompiledQuery, type Driver, type KyselyConfig, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { DEFAULT_PG_POOL_SIZE, DEFAULT_TIMEOUTS, type Timeouts } from '../config';
import { migrations } from './migrations';
import { prepareQueries } from './queries';
import { createPostgresPool } from './postgres-pool';
import type { Database } from './schema';
import { registerSqliteConnection, registerSqliteReader, registerSqliteReadThread, SqliteReader } from './sqlite-connection';
import { CHECKPOINT_EVERY_MS, SqliteCheckpointThread } from './sqlite-checkpoint-thread';
import { SqliteReadThread } from './sqlite-read-thread';
import { withStatementCache } from './statement-cache';

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
  /** PostgreSQL only: `pgSchema` was migrated by an earlier `createDatabase` (tests reuse emptied schemas); the migrator is not run. */
  alreadyMigrated?: boolean;
  /**
   * An image of a database that `createDatabase` migrated (`serializeSqlite`), opened in memory
   * instead of `sqliteFile`, without running the migrator: tests open one copy per app.
   */
  sqliteImage?: Buffer;
  /** PostgreSQL only: the pool's most connections; {@link DEFAULT_PG_POOL_SIZE} when left out. */
  poolSize?: number;
  /** Time limits; `DEFAULT_TIMEOUTS` where left out. */
  timeouts?: Partial<Timeouts>;
  /** Where lost PostgreSQL connections are reported. */
  log?: (line: string) => void;
  /** Told of every statement run, as sent (tests: counting statements, explaining their plans). */
  onQuery?: (query: CompiledQuery) => void;
  /** The built scripts of the embedded database's threads, for a database in a file ({@link SqliteThreadScripts}). */
  sqliteThreads?: SqliteThreadScripts;
}

/**
 * The built scripts of the embedded database's threads (beside `dist/server/main.js`). With
 * `read` (`sqlite-read-thread.js`), long reads run on that thread ({@link SqliteReadThread});
 * with `checkpoint` (`sqlite-checkpoint-thread.js`), the log is checkpointed there
 * ({@link SqliteCheckpointThread}). Without them, both happen on this thread.
 */
export interface SqliteThreadScripts {
  read?: URL;
  checkpoint?: URL;
}

const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/** Opens the database, runs the migrations and returns it. */
export async function createDatabase(options: DatabaseOptions): Promise<KindlyDatabase> {
  const database = options.databaseUrl?.startsWith('postgres')
    ? await openPostgres(options.databaseUrl, options)
    : openSqlite(options.sqliteImage ?? options.sqliteFile ?? ':memory:', options.timeouts?.sqliteBusyMs ?? DEFAULT_TIMEOUTS.sqliteBusyMs, options);
  const migrated = database.kind === 'postgres' ? options.alreadyMigrated : options.sqliteImage !== undefined;
  if (!migrated) await migrate(database.db, options.pgSchema ?? (database.kind === 'postgres' ? await currentSchema(database.db) : undefined));
  prepareQueries(database.db);
  return database;
}

/** The first schema on the connection's search path: Kysely's migrator finds its table in any schema unless told which. */
export async function currentSchema(db: Kysely<Database>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string | null }>`SELECT current_schema() AS schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

/**
 * Kysely's SQLite dialect, except that a rollback finds nothing to do when SQLite has already
 * ended the transaction itself (a full disk or I/O error rolls it back): Kysely's `rollback`
 * would then fail and its error would replace the one that says what happened.
 */
class EmbeddedDialect extends SqliteDialect {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: withStatementCache(sqlite) });
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection) => {
      if (this.sqlite.inTransaction) await rollback(connection);
    };
    return driver;
  }
}

/** Kysely's log hook for `onQuery`, when given: none otherwise, so nothing is timed or logged. */
function queryLog(options: Pick<DatabaseOptions, 'onQuery'>): Pick<KyselyConfig, 'log'> {
  const { onQuery } = options;
  return onQuery ? { log: (event) => onQuery(event.query) } : {};
}

function openSqlite(file: string | Buffer, busyTimeoutMs: number, options: Pick<DatabaseOptions, 'onQuery' | 'sqliteThreads' | 'log'> = {}): KindlyDatabase {
  // An in-memory database (also one opened from an image) is private to its one connection.
  const path = typeof file === 'string' && file !== ':memory:' ? file : undefined;
  if (path) mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
  const db = new Kysely<Database>({ dialect: new EmbeddedDialect(sqlite), ...queryLog(options) });
  registerSqliteConnection(db, sqlite);
  // A file's long reads go through a second connection (sqlite-connection.ts says why).
  const reader = path ? openReader(path, busyTimeoutMs) : undefined;
  if (reader) registerSqliteReader(db, new SqliteReader(reader));
  const scripts = path ? options.sqliteThreads : undefined;
  const readThread = path && scripts?.read ? new SqliteReadThread(scripts.read, { file: path, busyTimeoutMs }) : undefined;
  if (readThread) registerSqliteReadThread(db, readThread);
  const checkpoints = path && scripts?.checkpoint
    ? new SqliteCheckpointThread(scripts.checkpoint, sqlite, { file: path, everyMs: CHECKPOINT_EVERY_MS }, options.log ?? console.error)
    : undefined;
  return {
    db,
    kind: 'sqlite',
    close: async () => {
      await checkpoints?.close();
      await readThread?.close();
      await db.destroy();
      reader?.close();
    },
  };
}

/** A read-only connection to the file (opened after the main one has set WAL mode). */
function openReader(file: string, busyTimeoutMs: number): SQLite.Database {
  const reader = new SQLite(file, { readonly: true });
  reader.pragma(`busy_timeout = ${busyTimeoutMs}`);
  return reader;
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<KindlyDatabase> {
  const schema = options.pgSchema;
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  if (schema) {
    const setup = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeouts.pgConnectMs });
    await setup.connect();
    await setup.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
    await setup.end();
  }
  const pool = createPostgresPool({
    url,
    max: options.poolSize ?? DEFAULT_PG_POOL_SIZE,
    schema,
    timeouts: {
      connectMs: timeouts.pgConnectMs,
      statementMs: timeouts.pgStatementMs,
      queryMs: timeouts.pgQueryMs,
      idleInTransactionMs: timeouts.pgIdleInTransactionMs,
    },
    log: options.log ?? console.error,
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...queryLog(options) });
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
