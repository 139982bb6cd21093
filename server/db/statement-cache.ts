import { createHash } from 'node:crypto';
import type { Database as SqliteConnection, Statement } from 'better-sqlite3';
import type { PostgresPool, PostgresPoolClient, SqliteDatabase } from 'kysely';
import { LruMap } from '../lru-map';

/** How many prepared statements each cache keeps: every query shape the app has, with room. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * A better-sqlite3 database whose `prepare` returns the statement already prepared for the same
 * SQL text (least recently used dropped past `size`): Kysely's SQLite driver prepares on every
 * query, and preparing costs more than running most of ours. Safe because better-sqlite3 runs a
 * statement to completion synchronously, and re-prepares it by itself after a schema change.
 */
export function withStatementCache(sqlite: SqliteConnection, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
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

/** Statements with more parameters than this are bulk shapes (long `in` lists): left unnamed. */
const MAX_NAMED_PARAMETERS = 32;
/** Only the app's own data statements are named; schema changes and Kysely's migration bookkeeping are not. */
const NAMEABLE = /^(select|insert|update|delete) /i;
const UNNAMEABLE = /kysely_migration|information_schema|pg_catalog/i;

/**
 * A pg pool whose clients run queries as named prepared statements, so PostgreSQL parses each
 * hot query once per connection (and plans it per call: `force_custom_plan`). pg keeps a connection's named statements for its
 * life, so only the first `size` distinct short shapes get a name; the rest run unnamed.
 * Opt-in (`KINDLY_PG_NAMED_STATEMENTS=1`): on a quiet machine one guest's read gained ~12% with
 * them and the RSVP write lost ~7% (ARCHITECTURE.md, "Request hot path"), and an intermittent migration failure of the PostgreSQL suite ("schema … does not exist"),
 * first seen with it on, was later seen with it off too; its cause is not yet found.
 */
export function withNamedStatements(pool: PostgresPool, size = STATEMENT_CACHE_SIZE): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (sql: string, parameterCount: number): string | undefined => {
    const known = names.get(sql);
    if (known || parameterCount > MAX_NAMED_PARAMETERS || names.size >= size) return known;
    if (!NAMEABLE.test(sql) || UNNAMEABLE.test(sql)) return undefined;
    const name = `k${createHash('sha1').update(sql).digest('base64url')}`;
    names.set(sql, name);
    return name;
  };
  const prepared = new WeakSet<PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      if (!prepared.has(client)) {
        // Named statements save parsing; planning stays per call with the real values, as
        // PostgreSQL's generic plans (chosen after five runs) scanned whole tables here.
        await client.query('SET plan_cache_mode = force_custom_plan', []);
        prepared.add(client);
      }
      // The pool's clients pass pg's query config ({ name, text, values }) through to pg.
      const send = client.query.bind(client) as (config: unknown) => unknown;
      const query = (sqlOrCursor: unknown, parameters?: ReadonlyArray<unknown>) => {
        if (typeof sqlOrCursor !== 'string') return send(sqlOrCursor);
        const values = [...(parameters ?? [])];
        const name = nameOf(sqlOrCursor, values.length);
        return send(name ? { name, text: sqlOrCursor, values } : { text: sqlOrCursor, values });
      };
      return { query, release: () => client.release() } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
