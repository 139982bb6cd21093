import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../db/create-database';
import type { Database } from '../db/schema';

/** The first key of the two-key advisory locks the bulk routes take; any fixed number would do. */
const BULK_LOCK_SPACE = 0x6b696e64; // "kind"

/**
 * Makes the bulk writes of one occasion run one after another. On PostgreSQL two bulk
 * transactions would otherwise each read the occasion, plan against what they read and both
 * insert: duplicate households of one name, duplicate invite lines. The lock is an advisory
 * transaction lock keyed by the occasion, held until the transaction ends; take it first, before
 * reading. SQLite needs none: Kysely runs its transactions on one connection, one at a time.
 */
export async function lockOccasionForBulk(trx: Kysely<Database>, kind: DatabaseKind, occasionId: string): Promise<void> {
  if (kind !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${sql.lit(BULK_LOCK_SPACE)}, hashtext(${occasionId}))`.execute(trx);
}
