import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Marks the account of `email` verified, as opening its verification link would: setup for tests
 * about sending to guests, which only verified accounts may do (the link itself is tested in
 * `routes/account-links/account-links.test.ts`).
 */
export async function verifyAccount(db: Kysely<Database>, email: string): Promise<void> {
  const result = await db.updateTable('account').set({ emailVerifiedAt: new Date().toISOString() }).where('emailKey', '=', email.toLowerCase()).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new Error(`no account for ${email}`);
}
