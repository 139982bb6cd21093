import type { Kysely } from "kysely";
import { LruMap } from "../../lru-map";
import type { Database } from "../schema";
import { committedDataMark } from "../sqlite-connection";
import type { PreparedQuery } from "./prepared";

interface Kept<Row> {
  mark: string;
  rows: Row[];
}

/**
 * A prepared lookup whose answers are kept while the embedded database is unchanged: a kept
 * answer is given again only when the database's {@link committedDataMark} is the one it was read
 * under, so any change since (a session revoked, a password changed, a guest moved to another
 * household, a revision bumped; here or by another process on the same file) makes the next call
 * read again. Reading the mark is one statement that reads no table, run at once, instead of
 * Kysely's executor and the lookup's joins. On PostgreSQL, inside a transaction and while the
 * connection is handed out, every call reads. Empty answers are not kept (unknown tokens must not
 * push out live ones); at most `size` answers a database, the least recently used dropped.
 * Callers must not change the rows they are given.
 */
export function keptWhileUnchanged<Params extends object, Row>(
  query: PreparedQuery<Params, Row>,
  keyOf: (params: Params) => string,
  size: number,
): PreparedQuery<Params, Row> {
  const byDatabase = new WeakMap<Kysely<Database>, LruMap<string, Kept<Row>>>();
  const run = async (db: Kysely<Database>, params: Params): Promise<Row[]> => {
    const mark = committedDataMark(db);
    if (mark === undefined) return query(db, params);
    const key = keyOf(params);
    let kept = byDatabase.get(db);
    const found = kept?.get(key);
    if (found !== undefined && found.mark === mark) return found.rows;
    const rows = await query(db, params);
    // Kept under the mark read before the lookup: a change made while it waited or ran (Kysely
    // runs it after whatever holds the connection) moved the mark on, so no later call takes it.
    if (rows.length > 0) {
      if (!kept) byDatabase.set(db, (kept = new LruMap(size)));
      kept.set(key, { mark, rows });
    }
    return rows;
  };
  return Object.assign(run, {
    prepare: (db: Kysely<Database>) => query.prepare(db),
  });
}
