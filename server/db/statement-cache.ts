import type { Database as SqliteConnection, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { LruMap } from '../lru-map';

/** How many prepared statements the cache keeps: every query shape the app has, with room. */
export const STATEMENT_CACHE_SIZE = 500;

/** A connection's `prepare`, with Kysely's `SqliteDatabase` shape (`close` too). */
export interface CachedStatements extends SqliteDatabase {
  prepare(sql: string): Statement;
}

/**
 * A better-sqlite3 database whose `prepare` returns the statement already prepared for the same
 * SQL text (least recently used dropped past `size`): Kysely's SQLite driver prepares on every
 * query, and preparing costs more than running most of ours. Safe because better-sqlite3 runs a
 * statement to completion synchronously, and re-prepares it by itself after a schema change.
 */
export function withStatementCache(sqlite: SqliteConnection, size = STATEMENT_CACHE_SIZE): CachedStatements {
  const statements = new LruMap<string, Statement>(size);
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
}
