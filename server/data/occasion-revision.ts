import type { Kysely } from 'kysely';
import type { HostIdentity } from '../app-env';
import { queries } from '../db/queries';
import type { Database } from '../db/schema';
import { notFound } from './api-error';

/**
 * The occasion's revision if the host's account has a role on it; otherwise 404, as if it did not exist.
 * Read before the data it tags, so the data is never older than its tag: the session's lookup
 * read it at the request's start when the path names this occasion (`host.occasion`), else it is
 * read here.
 */
export async function ownedOccasionRevision(db: Kysely<Database>, host: HostIdentity, occasionId: string): Promise<number> {
  if (host.occasion?.id !== occasionId && host.apiToken) throw notFound('No such occasion.');
  const revision = host.occasion?.id === occasionId ? host.occasion.revision : await readOwnedRevision(db, host.accountId, occasionId);
  if (revision === null) throw notFound('No such occasion.');
  return revision;
}

async function readOwnedRevision(db: Kysely<Database>, accountId: string, occasionId: string): Promise<number | null> {
  const [row] = await queries.ownedOccasionRevision(db, { occasionId, accountId });
  return row ? Number(row.revision) : null;
}
