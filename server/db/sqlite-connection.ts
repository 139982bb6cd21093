import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database as SqliteConnection, Statement } from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { jsonArrayPieces } from './json-array-pieces';
import type { Database } from './schema';
import type { ReadQuery, SqliteReadThread } from './sqlite-read-thread';

interface Embedded {
  sqlite: SqliteConnection;
  /** Set while {@link holdSqliteConnection} has handed the connection out (an iterator may be open on it). */
  held: boolean;
  /** {@link committedDataMark}'s two statements, prepared on their first use. */
  marks?: { dataVersion: Statement<[], number>; totalChanges: Statement<[], number> };
}

const connections = new WeakMap<Kysely<Database>, Embedded>();

/** Notes the better-sqlite3 connection under an embedded database's Kysely instance. */
export function registerSqliteConnection(db: Kysely<Database>, sqlite: SqliteConnection): void {
  connections.set(db, { sqlite, held: false });
}

/** Whether `db` is an embedded database's own Kysely instance (not PostgreSQL, not a transaction). */
export function isEmbeddedDatabase(db: Kysely<Database>): boolean {
  return connections.has(db);
}

/**
 * A mark of what the embedded database holds: it differs from an earlier mark whenever a row may
 * have changed since, by this connection (`total_changes()`: every row an insert, update or
 * delete touched, cascades included, whether its transaction then committed or not) or by
 * another one, in this process or another sharing the file (`PRAGMA data_version`). Two
 * statements that read no table, run at once on better-sqlite3. Marks only move on, so a lookup
 * made after a mark was read stands for the database as long as the mark stays. Undefined on PostgreSQL, for a transaction's Kysely instance, and while
 * {@link holdSqliteConnection} has handed the connection out.
 */
export function committedDataMark(db: Kysely<Database>): string | undefined {
  const embedded = connections.get(db);
  if (!embedded || embedded.held) return undefined;
  // Two plain statements: one reading both through the `pragma_data_version` table function cost
  // half as much again, on every guest request.
  embedded.marks ??= {
    dataVersion: embedded.sqlite.prepare<[], number>('PRAGMA data_version').pluck(),
    totalChanges: embedded.sqlite.prepare<[], number>('SELECT total_changes()').pluck(),
  };
  return `${embedded.marks.dataVersion.get()!}:${embedded.marks.totalChanges.get()!}`;
}

/** An image of the embedded database (better-sqlite3's `serialize`), for `createDatabase`'s `sqliteImage`. */
export function serializeSqlite(db: Kysely<Database>): Buffer {
  const embedded = connections.get(db);
  if (!embedded) throw new Error('serializeSqlite: not an embedded database of createDatabase');
  return embedded.sqlite.serialize();
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
  const embedded = connections.get(db);
  if (!embedded) throw new Error('holdSqliteConnection: not an embedded database of createDatabase');
  const { sqlite } = embedded;
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const done = db.connection().execute(async () => {
    embedded.held = true;
    holding();
    try {
      await released;
    } finally {
      embedded.held = false;
    }
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

/** Pages copied per step of {@link backupEmbeddedDatabase}: 400 kB at SQLite's 4 kB pages, well under a millisecond's work. */
const BACKUP_PAGES_PER_STEP = 100;

/**
 * Copies the embedded database into `file` with SQLite's online backup, a few pages a step with
 * a turn of the event loop between steps, so requests go on meanwhile. The copy is read through
 * the database's own connection: every write the server commits during the copy is carried into
 * it by SQLite, so the copy is the database as it stands when the last step ends. `keepGoing`
 * is asked before each step; false ends the copy with an error (the server is closing).
 */
export async function backupEmbeddedDatabase(db: Kysely<Database>, file: string, keepGoing: () => boolean): Promise<void> {
  const embedded = connections.get(db);
  if (!embedded) throw new Error('backupEmbeddedDatabase: not an embedded database of createDatabase');
  await embedded.sqlite.backup(file, {
    progress: () => {
      if (!keepGoing()) throw new Error('the backup was stopped');
      return BACKUP_PAGES_PER_STEP;
    },
  });
}

const readThreads = new WeakMap<Kysely<Database>, SqliteReadThread>();

/** Notes the read thread of an embedded database kept in a file. */
export function registerSqliteReadThread(db: Kysely<Database>, thread: SqliteReadThread): void {
  readThreads.set(db, thread);
}

/**
 * The rows of `query`, each one element's JSON text (UTF-8 bytes), as a JSON array's text in
 * pieces of `perPiece` elements, read in one snapshot. On the database's read thread when it
 * has one ({@link SqliteReadThread}: a server's database in a file), else here, a piece at a
 * time with a turn of the event loop between pieces ({@link holdSqliteSnapshot}).
 */
export function readJsonArray(db: Kysely<Database>, query: ReadQuery, perPiece: number): AsyncIterable<Uint8Array> {
  const thread = readThreads.get(db);
  return thread ? thread.jsonArray(query, perPiece) : readJsonArrayHere(db, query, perPiece);
}

async function* readJsonArrayHere(db: Kysely<Database>, query: ReadQuery, perPiece: number): AsyncGenerator<Uint8Array> {
  const held = await holdSqliteSnapshot(db);
  let rows: IterableIterator<Uint8Array> | undefined;
  try {
    rows = held.sqlite.prepare<unknown[], Uint8Array>(query.sql).pluck().iterate(...query.parameters);
    for (const piece of jsonArrayPieces(rows, perPiece)) {
      yield piece;
      // A turn of the event loop, so the compressor's callbacks hand it the pieces already made.
      await nextTurn();
    }
  } finally {
    rows?.return?.();
    await held.release();
  }
}
