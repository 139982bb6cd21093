import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../db/create-database';
import type { Database } from '../db/schema';

/**
 * Locks rows for the rest of the transaction, so that a read, merge and write of them (a `PUT`
 * of some fields) cannot interleave with another one and lose its changes. PostgreSQL takes
 * `FOR NO KEY UPDATE` row locks, in id order so that two writers never wait on each other in a
 * circle; the lock does not stop inserts that merely reference the rows. SQLite needs none:
 * Kysely runs its transactions on one connection, one at a time.
 */
export async function lockRows(trx: Kysely<Database>, kind: DatabaseKind, table: keyof Database, ids: readonly string[]): Promise<void> {
  if (kind !== 'postgres' || ids.length === 0) return;
  const sorted = [...new Set(ids)].sort();
  await sql`select 1 from ${sql.table(table)} where ${sql.ref('id')} in (${sql.join(sorted)}) order by ${sql.ref('id')} for no key update`.execute(trx);
}
