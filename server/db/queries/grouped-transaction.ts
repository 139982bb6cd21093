import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema';
import { isEmbeddedDatabase } from '../sqlite-connection';

interface GroupedWrite {
  fn: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Writes of an embedded database waiting for the next group commit. */
const waiting = new WeakMap<Kysely<Database>, GroupedWrite[]>();

/**
 * `db.transaction().execute(fn)`, except that on the embedded database the writes asked for in
 * one turn of the event loop commit together (group commit): one transaction runs them one after
 * another, each in a savepoint of its own, so a write that fails is undone alone and the others
 * stand; each promise settles once the commit is done (or the whole transaction failed, which
 * fails them all). The pages they share (the occasion's rows, the history's and the outbox's
 * tails, their indexes) reach the WAL once per group instead of once per write. A write alone in
 * its turn is a plain transaction. On PostgreSQL, always a plain transaction: its writers run
 * side by side on the pool's connections.
 */
export function groupedTransaction<T>(db: Kysely<Database>, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (!isEmbeddedDatabase(db)) return db.transaction().execute(fn);
  return new Promise<T>((resolve, reject) => {
    let group = waiting.get(db);
    if (!group) {
      waiting.set(db, (group = []));
      const writes = group;
      setImmediate(() => void commitGroup(db, writes));
    }
    group.push({ fn, resolve: resolve as (value: unknown) => void, reject });
  });
}

/**
 * A write that needs no transaction of its own (one statement, or statements each whole by
 * itself): on the embedded database it joins the turn's group commit as {@link groupedTransaction}
 * does, instead of a commit of its own (a few hundred microseconds of WAL writing on a large
 * file); on PostgreSQL it runs as it is, without the round trips of `BEGIN` and `COMMIT`.
 */
export function groupedWrite<T>(db: Kysely<Database>, fn: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  return isEmbeddedDatabase(db) ? groupedTransaction(db, fn) : fn(db);
}

async function commitGroup(db: Kysely<Database>, writes: GroupedWrite[]): Promise<void> {
  // Writes asked for from now on form the next group, which waits for this one's connection.
  waiting.delete(db);
  if (writes.length === 1) {
    const [write] = writes as [GroupedWrite];
    return db.transaction().execute(write.fn).then(write.resolve, write.reject);
  }
  let outcomes: PromiseSettledResult<unknown>[];
  try {
    outcomes = await db.transaction().execute(async (trx) => {
      const done: PromiseSettledResult<unknown>[] = [];
      for (const write of writes) done.push(await inSavepoint(trx, write.fn));
      return done;
    });
  } catch (error) {
    for (const write of writes) write.reject(error);
    return;
  }
  writes.forEach((write, i) => {
    const outcome = outcomes[i]!;
    if (outcome.status === 'fulfilled') write.resolve(outcome.value);
    else write.reject(outcome.reason);
  });
}

/** Runs one write of a group; a failure rolls back its savepoint and is its outcome. */
async function inSavepoint(trx: Transaction<Database>, fn: GroupedWrite['fn']): Promise<PromiseSettledResult<unknown>> {
  await sql`SAVEPOINT grouped_write`.execute(trx);
  try {
    const value = await fn(trx);
    await sql`RELEASE grouped_write`.execute(trx);
    return { status: 'fulfilled', value };
  } catch (error) {
    await sql`ROLLBACK TO grouped_write`.execute(trx);
    await sql`RELEASE grouped_write`.execute(trx);
    return { status: 'rejected', reason: error };
  }
}
