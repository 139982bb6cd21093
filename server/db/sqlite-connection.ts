import type { Database as SqliteConnection, Statement } from 'better-sqlite3';
import { SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type Kysely, type SqliteDatabase, type SqliteDialectConfig, type Transaction } from 'kysely';
import type { Database } from './schema';

interface EmbeddedConnection {
  sqlite: SqliteConnection;
  /** `prepare` through the statement cache. */
  statements: SqliteDatabase;
  driver: TrackedSqliteDriver;
  /** The two statements of {@link committedDataMark}, prepared on its first call. */
  marks?: { dataVersion: Statement; totalChanges: Statement };
}

const connections = new WeakMap<Kysely<Database>, EmbeddedConnection>();

/**
 * Kysely's SQLite driver, telling whether its one connection is held (by a query, a
 * transaction or {@link holdSqliteConnection}) or free.
 */
class TrackedSqliteDriver extends SqliteDriver {
  held = false;

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    this.held = true;
    return connection;
  }

  override async releaseConnection(): Promise<void> {
    this.held = false;
    await super.releaseConnection();
  }
}

/** Kysely's SQLite dialect with a {@link TrackedSqliteDriver}. */
export class TrackedSqliteDialect extends SqliteDialect {
  readonly driver: TrackedSqliteDriver;
  readonly database: SqliteDatabase;

  constructor(config: SqliteDialectConfig & { database: SqliteDatabase }) {
    super(config);
    this.database = config.database;
    this.driver = new TrackedSqliteDriver(config);
  }

  override createDriver(): Driver {
    return this.driver;
  }
}

/** Notes the better-sqlite3 connection under an embedded database's Kysely instance. */
export function registerSqliteConnection(db: Kysely<Database>, sqlite: SqliteConnection, dialect: TrackedSqliteDialect): void {
  connections.set(db, { sqlite, statements: dialect.database, driver: dialect.driver });
}

/**
 * Transactions of an embedded database begun by {@link embeddedTransaction}, while their
 * callback runs: the connection is theirs alone then.
 */
const transactions = new WeakMap<Kysely<Database>, EmbeddedConnection>();

/** A write waiting for its group's transaction. */
interface GroupedWrite {
  fn: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Writes of an embedded database waiting for the next group commit. */
const waitingWrites = new WeakMap<Kysely<Database>, GroupedWrite[]>();

/**
 * `db.transaction().execute(fn)`, in which, on the embedded database, statements that
 * {@link runNowIfFree} is given for the transaction run at once on the connection the
 * transaction holds (it is in that transaction: Kysely's one connection is the transaction's
 * until it commits, and nothing else runs on it meanwhile), without Kysely's connection lock,
 * executor and turns of the microtask queue per statement. On PostgreSQL, Kysely's transaction.
 *
 * On the embedded database, the writes asked for in one turn of the event loop commit together
 * (group commit): one transaction runs them one after another, each in a savepoint of its own,
 * so a write that fails leaves the others, and each promise settles once the commit is done.
 * The pages they share (the occasion's revision, the history's tail) reach the WAL once.
 */
export function embeddedTransaction<T>(db: Kysely<Database>, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const embedded = connections.get(db);
  if (!embedded) return db.transaction().execute(fn);
  return new Promise<T>((resolve, reject) => {
    let waiting = waitingWrites.get(db);
    if (!waiting) {
      waitingWrites.set(db, (waiting = []));
      setImmediate(() => void commitGroup(db, embedded));
    }
    waiting.push({ fn, resolve: resolve as (value: unknown) => void, reject });
  });
}

async function commitGroup(db: Kysely<Database>, embedded: EmbeddedConnection): Promise<void> {
  const writes = waitingWrites.get(db) ?? [];
  waitingWrites.delete(db);
  let outcomes: PromiseSettledResult<unknown>[];
  try {
    outcomes = await db.transaction().execute(async (trx) => {
      transactions.set(trx, embedded);
      try {
        if (writes.length === 1) return [{ status: 'fulfilled', value: await writes[0]!.fn(trx) } as const];
        const done: PromiseSettledResult<unknown>[] = [];
        for (const write of writes) done.push(await inSavepoint(embedded, () => write.fn(trx)));
        return done;
      } finally {
        transactions.delete(trx);
      }
    });
  } catch (error) {
    for (const write of writes) write.reject(error);
    return;
  }
  writes.forEach((write, i) => {
    const outcome = outcomes[i]!;
    if (outcome.status === 'fulfilled') write.resolve(outcome.value);
    else write.reject(outcome.reason);
  });
}

/** Runs one write of a group; a failure rolls back its savepoint and is its outcome. */
async function inSavepoint(embedded: EmbeddedConnection, run: () => Promise<unknown>): Promise<PromiseSettledResult<unknown>> {
  embedded.statements.prepare('SAVEPOINT grouped_write').run([]);
  try {
    const value = await run();
    embedded.statements.prepare('RELEASE grouped_write').run([]);
    return { status: 'fulfilled', value };
  } catch (error) {
    embedded.statements.prepare('ROLLBACK TO grouped_write').run([]);
    embedded.statements.prepare('RELEASE grouped_write').run([]);
    return { status: 'rejected', reason: error };
  }
}

/**
 * Runs a statement at once, synchronously, when `db` is an embedded database's root and nothing
 * holds its connection, or a transaction of {@link embeddedTransaction} (whose connection it
 * is): what Kysely would run after its promise steps
 * (the connection's lock, the executor, three or four turns of the microtask queue), which cost
 * more than a short lookup itself. Undefined when it cannot: then Kysely runs it, after whatever
 * holds the connection (a transaction, which the statement must not see into) lets go.
 */
export function runNowIfFree<Row>(db: Kysely<Database>, sqlText: string, parameters: readonly unknown[]): Row[] | undefined {
  const root = connections.get(db);
  const embedded = root ? (root.driver.held ? undefined : root) : transactions.get(db);
  if (!embedded) return undefined;
  const statement = embedded.statements.prepare(sqlText);
  if (statement.reader) return statement.all(parameters) as Row[];
  statement.run(parameters);
  return [];
}

/**
 * A mark of what the embedded database holds, read while its connection is free (so every
 * change it counts is committed or rolled back): it differs from an earlier mark whenever a row
 * may have changed since, by this connection (`total_changes()`, every row an insert, update
 * or delete touched, cascades included) or by any other, in this process or another sharing
 * the file (`PRAGMA data_version`). Undefined on PostgreSQL, for a transaction, and while the
 * connection is held.
 */
export function committedDataMark(db: Kysely<Database>): string | undefined {
  const root = connections.get(db);
  if (!root || root.driver.held) return undefined;
  root.marks ??= {
    dataVersion: root.sqlite.prepare('PRAGMA data_version').pluck(),
    totalChanges: root.sqlite.prepare('SELECT total_changes()').pluck(),
  };
  return `${root.marks.dataVersion.get() as number}:${root.marks.totalChanges.get() as number}`;
}

/** The embedded database's own connection, held for one caller until it lets go. */
export interface HeldSqliteConnection {
  sqlite: SqliteConnection;
  /** Gives the connection back to Kysely's other queries. */
  release(): Promise<void>;
}

/**
 * Holds the embedded database's one connection (Kysely's, which its queries wait for) and hands
 * over its better-sqlite3 handle: for reading a long statement synchronously in pieces across
 * turns of the event loop, which Kysely's stream can only do row by row through three async
 * generators. No other query runs on the connection meanwhile, as better-sqlite3 requires while
 * an iterator is open. Throws for a database not opened by `createDatabase` (or a transaction).
 */
export async function holdSqliteConnection(db: Kysely<Database>): Promise<HeldSqliteConnection> {
  const sqlite = connections.get(db)?.sqlite;
  if (!sqlite) throw new Error('holdSqliteConnection: not an embedded database of createDatabase');
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const done = db.connection().execute(async () => {
    holding();
    await released;
  });
  await Promise.race([held, done]);
  return { sqlite, release: () => (letGo(), done) };
}
