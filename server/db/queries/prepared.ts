import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from '../schema';

/** Stands for one named parameter while a statement is compiled. */
class Slot {
  constructor(readonly name: string) {}
}

/** A statement compiled once per database kind, run with its parameters bound by name. */
export interface PreparedQuery<Params extends object, Row> {
  (db: Kysely<Database>, params: Params): Promise<Row[]>;
  /** Compiles the statement for this database now (at start-up) rather than on its first run. */
  prepare(db: Kysely<Database>): void;
}

interface Compiled {
  sql: string;
  /** The parameter each of the SQL's placeholders takes, in order. */
  names: readonly string[];
}

/**
 * A statement built with Kysely once per database adapter (its transactions share it) and run
 * again with new values, sparing the builder and compiler on every request. `build` is given a
 * stand-in for each parameter; compiling checks that every value in the SQL is one of them (a
 * value written into the statement would be reused for every call) and records which parameter
 * each placeholder takes, so values are bound by name and cannot be swapped.
 */
export function prepared<Params extends object, Row>(build: (db: Kysely<Database>, params: Params) => Compilable<Row>): PreparedQuery<Params, Row> {
  const byAdapter = new WeakMap<object, Compiled>();
  const compiledFor = (db: Kysely<Database>): Compiled => {
    const adapter = db.getExecutor().adapter;
    let compiled = byAdapter.get(adapter);
    if (!compiled) byAdapter.set(adapter, (compiled = compile(db, build)));
    return compiled;
  };
  const run = async (db: Kysely<Database>, params: Params): Promise<Row[]> => {
    const { sql, names } = compiledFor(db);
    const values = names.map((name) => (params as Record<string, unknown>)[name]);
    return (await db.executeQuery(CompiledQuery.raw(sql, values) as CompiledQuery<Row>)).rows;
  };
  return Object.assign(run, { prepare: (db: Kysely<Database>) => void compiledFor(db) });
}

function compile<Params extends object>(db: Kysely<Database>, build: (db: Kysely<Database>, params: Params) => Compilable<unknown>): Compiled {
  const slots = new Proxy({} as Params, { get: (_, name) => new Slot(String(name)) });
  const { sql, parameters } = build(db, slots).compile();
  const names = parameters.map((value) => {
    if (!(value instanceof Slot)) throw new Error(`prepared: ${sql} has a value that is not a named parameter (${String(value)})`);
    return value.name;
  });
  return { sql, names };
}
