import type { Kysely } from 'kysely';
import { compiledOnce } from '../db/compiled-query';
import type { Database } from '../db/schema';
import { notFound } from '../http/api-error';

/**
 * The occasion's revision if the account owns it; otherwise 404, as if it did not exist. Read
 * before the data it tags, so the data is never older than its tag.
 */
export async function ownedOccasionRevision(db: Kysely<Database>, accountId: string, occasionId: string): Promise<number> {
  const [row] = await selectRevision(db, occasionId, accountId);
  if (!row) throw notFound('No such occasion.');
  return Number(row.revision);
}

const selectRevision = compiledOnce((db, occasionId: string, accountId: string) =>
  db.selectFrom('occasion').select('revision').where('id', '=', occasionId).where('accountId', '=', accountId),
);
