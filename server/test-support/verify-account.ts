import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Marks the account of `email` verified, as opening its verification link would, and withdraws
 * the verification message still in the outbox: setup for tests about sending to guests, which
 * only verified accounts may do, and which count what reaches the mail server (the link itself
 * is tested in `routes/account-links/account-links.test.ts`).
 */
export async function verifyAccount(db: Kysely<Database>, email: string): Promise<void> {
  const account = await db.selectFrom('account').select('id').where('emailKey', '=', email.toLowerCase()).executeTakeFirst();
  if (!account) throw new Error(`no account for ${email}`);
  await db.updateTable('account').set({ emailVerifiedAt: new Date().toISOString() }).where('id', '=', account.id).execute();
  await db.deleteFrom('accountEmail').where('accountId', '=', account.id).where('kind', '=', 'VERIFY_EMAIL').where('status', '=', 'QUEUED').execute();
}
