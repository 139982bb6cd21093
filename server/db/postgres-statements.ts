import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Statements one connection keeps prepared. The guest path runs a few dozen; statements over
 * lists come in one text per length, and the bound keeps them from growing a connection's
 * memory without end (past it, statements run unnamed, as before).
 */
export const MAX_PREPARED_PER_CONNECTION = 256;

/** Names already worked out, by statement text (cleared when full). */
const names = new Map<string, string>();
const MAX_NAMES = 4096;

/** A statement's name on every connection: a digest of its text, so one name never stands for two texts. */
export function statementName(sql: string): string {
  let name = names.get(sql);
  if (name === undefined) {
    if (names.size >= MAX_NAMES) names.clear();
    name = `k_${createHash('sha1').update(sql).digest('base64url')}`;
    names.set(sql, name);
  }
  return name;
}

/**
 * One connection's prepared statements. Sent unnamed, every statement is parsed and planned
 * again each time: without statistics (a fresh import) planning the guest path's joins costs
 * PostgreSQL five times the execution (a guest's session lookup: 313–353 µs of the backend's
 * CPU unnamed, 53–60 µs named). A named statement is parsed once per connection, and after five
 * runs PostgreSQL plans it once (`plan_cache_mode` auto) unless a plan for the values at hand
 * is cheaper. Statements without parameters (transaction control, DDL, several statements in
 * one text) go unnamed.
 */
export class PreparedStatements {
  private readonly kept = new Set<string>();

  /** What `pg` is asked to run for `sql` with `values`: named when this connection keeps it, or has room for it. */
  queryConfig(sql: string, values: unknown[]): pg.QueryConfig {
    if (values.length === 0) return { text: sql, values };
    const name = statementName(sql);
    if (!this.kept.has(name)) {
      if (this.kept.size >= MAX_PREPARED_PER_CONNECTION) return { text: sql, values };
      this.kept.add(name);
    }
    return { name, text: sql, values };
  }
}

/**
 * Whether an error says a kept statement's plan no longer fits its tables (a migration by
 * another instance changed the columns a `select *` returns): the connection is then given up,
 * and the next one prepares the statement afresh.
 */
export function isStalePlan(error: unknown): boolean {
  return error instanceof pg.DatabaseError && error.code === '0A000' && /cached plan must not change result type/.test(error.message);
}
