import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from './api-error';

/**
 * Whether an account's address is verified: only then does it send email to guests. Every rule
 * about mail to guests asks this one function.
 */
export function isVerified(account: { emailVerifiedAt: string | null }): boolean {
  return account.emailVerifiedAt !== null;
}

/** {@link isVerified} for an account by id (false for an account that does not exist). */
export async function isAccountVerified(db: Kysely<Database> | Transaction<Database>, accountId: string): Promise<boolean> {
  const row = await db.selectFrom('account').select('emailVerifiedAt').where('id', '=', accountId).executeTakeFirst();
  return row !== undefined && isVerified(row);
}

export const emailNotVerified = (): ApiError =>
  new ApiError(403, 'EMAIL_NOT_VERIFIED', 'Confirm your email address first: Kindly sends email to guests only for verified accounts. Look for our message, or send it again from Account settings.');

/**
 * Whether a host session may open an occasion that requires two-factor sign-in of everyone on
 * it: the session began with a second factor. No occasion requires it yet (that setting belongs
 * to an occasion's owners, with roles); `requireHost` would read `hostSession.secondFactor` in
 * its one joined lookup beside the occasion's setting and answer 403 when this is false.
 */
export function meetsTwoFactorRequirement(session: { secondFactor: number }, occasion: { requiresTwoFactor: boolean }): boolean {
  return !occasion.requiresTwoFactor || session.secondFactor === 1;
}

/** An occasion as the account's deletion lists it. */
export interface OwnedOccasion {
  id: string;
  title: string;
}

/**
 * The occasions the account owns with nobody else: deleted with the account. Today an occasion
 * has one owner, the account that made it (`occasion.accountId`); with co-owners this becomes
 * "occasions where the account is the only owner", and only this function changes.
 */
export async function occasionsOwnedAlone(db: Kysely<Database> | Transaction<Database>, accountId: string): Promise<OwnedOccasion[]> {
  return db.selectFrom('occasion').select(['id', 'title']).where('accountId', '=', accountId).orderBy('createdAt', 'desc').orderBy('id').execute();
}
