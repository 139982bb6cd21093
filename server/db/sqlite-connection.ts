import type { Database as SqliteConnection } from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

const connections = new WeakMap<Kysely<Database>, SqliteConnection>();

/** Notes the better-sqlite3 connection under an embedded database's Kysely instance. */
export function registerSqliteConnection(db: Kysely<Database>, sqlite: SqliteConnection): void {
  connections.set(db, sqlite);
}

/** An image of the embedded database (better-sqlite3's `serialize`), for `createDatabase`'s `sqliteImage`. */
export function serializeSqlite(db: Kysely<Database>): Buffer {
  const sqlite = connections.get(db);
  if (!sqlite) throw new Error('serializeSqlite: not an embedded database of createDatabase');
  return sqlite.serialize();
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
