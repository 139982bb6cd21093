import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './schema';
import { runNowIfFree } from './sqlite-connection';

/**
 * A query of fixed shape built and compiled by Kysely once per database, then run with new
 * values: the hottest lookups skip Kysely's builder and compiler on every request. `build` must
 * use each argument exactly once, in order, as the query's only parameters; the first call
 * checks that. Kept by the database's adapter, which its transactions share, so a query
 * compiled once also serves inside every transaction (the SQL text is the same). On the embedded
 * database, outside a transaction and while its connection is free, it runs at once
 * ({@link runNowIfFree}), and so it does inside a transaction of `embeddedTransaction`.
 */
export function compiledOnce<Args extends readonly unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const sqlOf = new WeakMap<object, string>();
  return async (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    let sqlText = sqlOf.get(adapter);
    if (sqlText === undefined) {
      sqlText = checkedSql(build(db, ...args), args, (sql) => `compiledOnce: the parameters of ${sql} are not the arguments in order`);
      sqlOf.set(adapter, sqlText);
    }
    return runCompiled(db, CompiledQuery.raw(sqlText, [...args]) as CompiledQuery<Row>);
  };
}

/** The row type of a lookup made by {@link compiledOnce}. */
export type CompiledRow<Lookup extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<Lookup>>[number];

/** The SQL of `query`, once its parameters are checked to be exactly `values`, in order (none written into the SQL). */
function checkedSql(query: Compilable<unknown>, values: readonly unknown[], mismatch: (sql: string) => string): string {
  const compiled = query.compile();
  const same = compiled.parameters.length === values.length && compiled.parameters.every((value, i) => value === values[i]);
  if (!same) throw new Error(mismatch(compiled.sql));
  return compiled.sql;
}

/** Runs a compiled query: at once when {@link runNowIfFree} can, else through Kysely. */
export async function runCompiled<Row>(db: Kysely<Database>, query: CompiledQuery<Row>): Promise<Row[]> {
  return runNowIfFree<Row>(db, query.sql, query.parameters) ?? (await db.executeQuery(query)).rows;
}

/**
 * A statement whose SQL depends only on its shape (how many rows, ids or cases), compiled by
 * Kysely once per database and shape, then run with new values: for the write path's statements
 * built from lists (the history's rows, the lines an RSVP answers). `parameters` are the values
 * in the order the built query binds them, which the first compile of each shape checks (every
 * value must be bound, none written into the SQL); `shape` must name everything else the SQL
 * depends on.
 */
export function compiledByShape<Row>(
  db: Kysely<Database>,
  cache: WeakMap<object, Map<string, string>>,
  shape: string,
  parameters: readonly unknown[],
  build: () => Compilable<Row>,
): CompiledQuery<Row> {
  const adapter = db.getExecutor().adapter;
  let byShape = cache.get(adapter);
  if (!byShape) cache.set(adapter, (byShape = new Map()));
  let sqlText = byShape.get(shape);
  if (sqlText === undefined) {
    sqlText = checkedSql(build(), parameters, (sql) => `compiledByShape: the parameters of ${sql} are not the values given, in order`);
    // Shapes are few (row counts up to a statement's limit); a bound keeps a mistake from growing without end.
    if (byShape.size < 1000) byShape.set(shape, sqlText);
  }
  return CompiledQuery.raw(sqlText, [...parameters]) as CompiledQuery<Row>;
}
