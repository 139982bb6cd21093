import type { Database as SqliteConnection } from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

const connections = new WeakMap<Kysely<Database>, SqliteConnection>();

/** Notes the better-sqlite3 connection under an embedded database's Kysely instance. */
export function registerSqliteConnection(db: Kysely<Database>, sqlite: SqliteConnection): void {
  connections.set(db, sqlite);
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
  const sqlite = connections.get(db);
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

/**
 * A second connection to the embedded database's file, for long reads: one at a time (an open
 * iterator keeps a better-sqlite3 connection to itself), each in a read transaction of its own.
 */
export class SqliteReader {
  private queue: Promise<void> = Promise.resolve();

  constructor(readonly sqlite: SqliteConnection) {}

  /** Waits for the reader, begins a read snapshot on it and hands it over until `release`. */
  async hold(): Promise<HeldSqliteConnection> {
    let letGo!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => (letGo = resolve));
    await previous;
    try {
      this.sqlite.prepare('BEGIN').run();
    } catch (error) {
      letGo();
      throw error;
    }
    return {
      sqlite: this.sqlite,
      release: async () => {
        try {
          if (this.sqlite.inTransaction) this.sqlite.prepare('COMMIT').run();
        } finally {
          letGo();
        }
      },
    };
  }
}

const readers = new WeakMap<Kysely<Database>, SqliteReader>();

/** Notes the read connection of an embedded database kept in a file. */
export function registerSqliteReader(db: Kysely<Database>, reader: SqliteReader): void {
  readers.set(db, reader);
}

/**
 * A connection for a long read in pieces across turns of the event loop, with one snapshot
 * from its first statement to `release`. For a database in a file, its read connection: the
 * writes and short reads of other requests go on meanwhile on the main one (WAL lets a reader
 * and the writer work at once), where holding the main connection made them all wait for the
 * whole read (a 15,000-guest list, some 200 ms of SQLite's work and more on a busy machine).
 * In memory, the main connection held as {@link holdSqliteConnection} does.
 */
export async function holdSqliteSnapshot(db: Kysely<Database>): Promise<HeldSqliteConnection> {
  const reader = readers.get(db);
  return reader ? reader.hold() : holdSqliteConnection(db);
}
