import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { API_TOKEN_PREFIX, type ApiTokenRole } from '../../core/schemas/api-token';
import type { DatabaseKind } from '../db/create-database';
import type { Database } from '../db/schema';

/** A token: the prefix, a 16-character selector (12 random bytes) and a 43-character secret (32 random bytes), URL-safe. */
const TOKEN_SHAPE = new RegExp(`^${API_TOKEN_PREFIX}([A-Za-z0-9_-]{16})([A-Za-z0-9_-]{43})$`);

/** How often a token's `lastUsedAt` is written at most. */
export const LAST_USE_STEP_MS = 60_000;

const secretHash = (secret: string): Buffer => hash('sha256', secret, 'buffer');

/** A new token: its row id (the selector), the SHA-256 to store, and the token to show once. */
export function newApiToken(): { id: string; secretHash: string; token: string } {
  const id = randomBytes(12).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  return { id, secretHash: secretHash(secret).toString('hex'), token: `${API_TOKEN_PREFIX}${id}${secret}` };
}

/**
 * The bearer token of a request's `Authorization` header: undefined without the `Bearer` scheme
 * (no header, or another scheme such as a proxy's `Basic`), `''` for a `Bearer` header that holds
 * no single token (refused like a wrong token).
 */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined || !/^Bearer(?:[ \t]|$)/i.test(header)) return undefined;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match ? match[1]! : '';
}

/** A live token found by its bearer text. */
export interface FoundApiToken {
  id: string;
  name: string;
  occasionId: string;
  role: ApiTokenRole;
  createdByAccountId: string;
  /** The occasion's revision (its ETags). */
  revision: number;
}

/**
 * The token a bearer text names, if it has our shape, its selector names a row and its secret's
 * hash matches the stored one (compared in constant time): one primary-key lookup. Notes the use
 * when the last one noted is a minute old or more.
 */
export async function findApiToken(db: Kysely<Database>, bearer: string, now = Date.now()): Promise<FoundApiToken | undefined> {
  const match = TOKEN_SHAPE.exec(bearer);
  if (!match) return undefined;
  const [, id, secret] = match as unknown as [string, string, string];
  const row = await db
    .selectFrom('apiToken')
    .select(['id', 'name', 'occasionId', 'role', 'secretHash', 'createdByAccountId', 'lastUsedAt'])
    .select(sql<number | string>`(SELECT coalesce(sum(r."count"), 0) FROM "occasionRevision" r WHERE r."occasionId" = "apiToken"."occasionId")`.as('revision'))
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || !timingSafeEqual(Buffer.from(row.secretHash, 'hex'), secretHash(secret))) return undefined;
  if (row.lastUsedAt === null || Date.parse(row.lastUsedAt) <= now - LAST_USE_STEP_MS) await noteUse(db, id, now);
  return { id, name: row.name, occasionId: row.occasionId, role: row.role as ApiTokenRole, createdByAccountId: row.createdByAccountId, revision: Number(row.revision) };
}

/** Writes the use unless another request (or instance) wrote one within the minute. */
async function noteUse(db: Kysely<Database>, id: string, now: number): Promise<void> {
  const cutoff = new Date(now - LAST_USE_STEP_MS).toISOString();
  await db
    .updateTable('apiToken')
    .set({ lastUsedAt: new Date(now).toISOString() })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('lastUsedAt', 'is', null), eb('lastUsedAt', '<=', cutoff)]))
    .execute();
}

/**
 * The token's role as it stands inside a write's transaction, as its first statement (PostgreSQL:
 * `FOR SHARE`, so revoking waits for the write and the write for a revocation under way);
 * undefined once revoked.
 */
export async function apiTokenRoleInTransaction(trx: Kysely<Database>, kind: DatabaseKind, tokenId: string, occasionId: string): Promise<ApiTokenRole | undefined> {
  let query = trx.selectFrom('apiToken').select('role').where('id', '=', tokenId).where('occasionId', '=', occasionId);
  if (kind === 'postgres') query = query.forShare();
  return (await query.executeTakeFirst())?.role as ApiTokenRole | undefined;
}
