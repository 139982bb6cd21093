import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from '../schema';

/** Stands for one named parameter while a statement is compiled: a path into the call's parameters. */
class Slot {
  constructor(readonly path: readonly (string | number)[]) {}
}

/** A statement compiled once per database kind (and shape of its lists), run with its parameters bound by name. */
export interface PreparedQuery<Params extends object, Row> {
  (db: Kysely<Database>, params: Params): Promise<Row[]>;
  /** Compiles the statement for this database now (at start-up) rather than on its first run; a statement with lists compiles per shape as it runs. */
  prepare(db: Kysely<Database>): void;
}

interface Compiled {
  sql: string;
  /** The parameter each of the SQL's placeholders takes, in order, as a path into the parameters. */
  paths: ReadonlyArray<readonly (string | number)[]>;
}

/** Shapes kept per statement and database: the lists of the hot writes are short; a bound keeps a mistake from growing without end. */
const MAX_SHAPES = 200;

/**
 * A statement built with Kysely once per database adapter (its transactions share it) and run
 * again with new values, sparing the builder and compiler on every request. `build` is given a
 * stand-in for each parameter; compiling checks that every value in the SQL is one of them (a
 * value written into the statement would be reused for every call) and records which parameter
 * each placeholder takes, so values are bound by name and cannot be swapped.
 *
 * With `{ lists: true }`, a parameter that is an array (of values, or of objects of values) is
 * given to `build` as an array of the same length of stand-ins, so a statement over a list
 * (`in (…)`, rows to insert, a `case` per row) is compiled once per length of its lists, as it
 * first runs with them, and bound by path (`lines[2].id`). `build` must not branch on anything
 * but those lengths: it is given no values to branch on.
 */
export function prepared<Params extends object, Row>(
  build: (db: Kysely<Database>, params: Params) => Compilable<Row>,
  { lists = false }: { lists?: boolean } = {},
): PreparedQuery<Params, Row> {
  const byAdapter = new WeakMap<object, Map<string, Compiled>>();
  const compiledFor = (db: Kysely<Database>, params: Params | undefined): Compiled => {
    const adapter = db.getExecutor().adapter;
    let shapes = byAdapter.get(adapter);
    if (!shapes) byAdapter.set(adapter, (shapes = new Map()));
    const shape = lists && params !== undefined ? shapeOf(params) : '';
    let compiled = shapes.get(shape);
    if (!compiled) {
      compiled = compile(db, build, lists ? params : undefined);
      if (shapes.size < MAX_SHAPES) shapes.set(shape, compiled);
    }
    return compiled;
  };
  const run = async (db: Kysely<Database>, params: Params): Promise<Row[]> => {
    const { sql, paths } = compiledFor(db, params);
    const values = paths.map((path) => valueAt(params, path));
    return (await db.executeQuery(CompiledQuery.raw(sql, values) as CompiledQuery<Row>)).rows;
  };
  // A statement over lists has no SQL until it knows their lengths.
  return Object.assign(run, { prepare: (db: Kysely<Database>) => void (lists || compiledFor(db, undefined)) });
}

/** The lengths of a call's lists, by name ('' when it has none): what its SQL depends on besides the statement. */
function shapeOf(params: object): string {
  let shape = '';
  for (const name in params) {
    const value = (params as Record<string, unknown>)[name];
    if (Array.isArray(value)) shape += `${name}:${value.length};`;
  }
  return shape;
}

function valueAt(params: object, path: readonly (string | number)[]): unknown {
  let value: unknown = params;
  for (const step of path) value = (value as Record<string | number, unknown>)[step];
  return value;
}

/** A stand-in for the parameter at `path`: a slot, or for a list (of the call's length) a list of stand-ins. */
function standIn(path: readonly (string | number)[], actual: unknown): unknown {
  if (!Array.isArray(actual)) return new Slot(path);
  return actual.map((item: unknown, index) => {
    const itemPath = [...path, index];
    if (typeof item !== 'object' || item === null) return new Slot(itemPath);
    return new Proxy({}, { get: (_, key) => new Slot([...itemPath, String(key)]) });
  });
}

function compile<Params extends object>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>, params: Params) => Compilable<unknown>,
  params: Params | undefined,
): Compiled {
  const slots = new Proxy({} as Params, { get: (_, name) => standIn([String(name)], (params as Record<string, unknown> | undefined)?.[String(name)]) });
  const { sql, parameters } = build(db, slots).compile();
  const paths = parameters.map((value) => {
    if (!(value instanceof Slot)) throw new Error(`prepared: ${sql} has a value that is not a named parameter (${String(value)})`);
    return value.path;
  });
  return { sql, paths };
}
