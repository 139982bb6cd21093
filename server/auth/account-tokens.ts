import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** What a single-use account link does. */
export type AccountTokenPurpose = 'VERIFY_EMAIL' | 'RESET_PASSWORD' | 'CHANGE_EMAIL';

/** How long each kind of link works. */
export const ACCOUNT_TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  VERIFY_EMAIL: 48 * 3600_000,
  RESET_PASSWORD: 30 * 60_000,
  CHANGE_EMAIL: 24 * 3600_000,
};

/** A link's token: `<selector>.<secret>`, 12 + 32 random bytes, URL-safe. */
const TOKEN_SHAPE = /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

const secretHash = (secret: string) => hash('sha256', secret, 'hex');

/**
 * Makes a single-use link token for the account and stores its selector and the hash of its
 * secret (never the token itself). Earlier unused links of the same purpose are withdrawn, so
 * only the newest link works. Call inside the transaction that queues the message.
 */
export async function issueAccountToken(
  db: Kysely<Database> | Transaction<Database>,
  input: { accountId: string; purpose: AccountTokenPurpose; email: string },
  now: Date,
): Promise<string> {
  const selector = randomBytes(12).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  await db.deleteFrom('accountToken').where('accountId', '=', input.accountId).where('purpose', '=', input.purpose).where('usedAt', 'is', null).execute();
  await db
    .insertInto('accountToken')
    .values({
      id: selector,
      secretHash: secretHash(secret),
      accountId: input.accountId,
      purpose: input.purpose,
      email: input.email,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + ACCOUNT_TOKEN_LIFETIME_MS[input.purpose]).toISOString(),
      usedAt: null,
    })
    .execute();
  return `${selector}.${secret}`;
}

/** Why a link does not work: each has its own page. */
export type AccountTokenProblem = 'INVALID' | 'USED' | 'EXPIRED';

export interface FoundAccountToken {
  id: string;
  accountId: string;
  purpose: AccountTokenPurpose;
  email: string;
}

/**
 * The link a token names, if its secret matches (compared in constant time) and it has the
 * purpose asked for, or why not. Reads only; {@link useAccountToken} spends it.
 */
export async function findAccountToken(
  db: Kysely<Database> | Transaction<Database>,
  token: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<FoundAccountToken | AccountTokenProblem> {
  const parts = TOKEN_SHAPE.exec(token);
  if (!parts) return 'INVALID';
  const row = await db.selectFrom('accountToken').selectAll().where('id', '=', parts[1]!).executeTakeFirst();
  const expected = Buffer.from(row?.secretHash ?? '0'.repeat(64), 'hex');
  const given = Buffer.from(secretHash(parts[2]!), 'hex');
  const matches = expected.length === given.length && timingSafeEqual(expected, given);
  if (!row || !matches || row.purpose !== purpose) return 'INVALID';
  if (row.usedAt !== null) return 'USED';
  if (Date.parse(row.expiresAt) <= now.getTime()) return 'EXPIRED';
  return { id: row.id, accountId: row.accountId, purpose, email: row.email };
}

/**
 * Spends a link: marks it used only if it still is not (two uses at once: one wins). Answers
 * whether this call spent it.
 */
export async function useAccountToken(db: Kysely<Database> | Transaction<Database>, id: string, now: Date): Promise<boolean> {
  const result = await db.updateTable('accountToken').set({ usedAt: now.toISOString() }).where('id', '=', id).where('usedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
