import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError, forbidden } from './api-error';

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
 * Whether a host session may open an occasion: the occasion does not require two-factor sign-in
 * of everyone on it, or the session began with a second factor. The session's lookup reads both
 * (`findLiveHostSession`); the role guard (`requireRole`) answers {@link twoFactorRequired} when
 * this is false.
 */
export function meetsTwoFactorRequirement(session: { secondFactor: boolean }, occasion: { requireTwoFactor: boolean }): boolean {
  return !occasion.requireTwoFactor || session.secondFactor;
}

/** 403 `TWO_FACTOR_REQUIRED`: the occasion asks for a second factor this session did not give. */
export const twoFactorRequired = (): ApiError =>
  new ApiError(
    403,
    'TWO_FACTOR_REQUIRED',
    'This occasion asks everyone who helps run it to sign in with two-factor sign-in. Turn on two-factor sign-in in Account settings, then sign out and sign in again with a code from your authenticator app.',
  );

/** 403 `FORBIDDEN` when an owner would turn the requirement on from a session without a second factor. */
export const twoFactorNeededToRequireIt = (): ApiError =>
  forbidden(
    'To require two-factor sign-in of everyone on this occasion, sign in with two-factor sign-in yourself first: turn it on in Account settings, then sign out and sign in again with a code.',
  );

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
  return db
    .selectFrom('occasionRole as mine')
    .innerJoin('occasion', 'occasion.id', 'mine.occasionId')
    .select(['occasion.id', 'occasion.title'])
    .where('mine.accountId', '=', accountId)
    .where('mine.role', '=', 'owner')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('occasionRole as other')
            .select('other.accountId')
            .whereRef('other.occasionId', '=', 'mine.occasionId')
            .where('other.role', '=', 'owner')
            .where('other.accountId', '!=', accountId),
        ),
      ),
    )
    .orderBy('occasion.createdAt', 'desc')
    .orderBy('occasion.id')
    .execute();
}

/**
 * Before an account is deleted: the occasions it created that stay (another person owns them)
 * pass to their longest-standing other owner, since `occasion.accountId` (the creator) cascades.
 */
export async function handOverCreatedOccasions(trx: Transaction<Database>, accountId: string): Promise<void> {
  const created = await trx.selectFrom('occasion').select('id').where('accountId', '=', accountId).execute();
  for (const { id } of created) {
    const heir = await trx
      .selectFrom('occasionRole')
      .select('accountId')
      .where('occasionId', '=', id)
      .where('role', '=', 'owner')
      .where('accountId', '!=', accountId)
      .orderBy('createdAt')
      .orderBy('accountId')
      .executeTakeFirst();
    if (heir) await trx.updateTable('occasion').set({ accountId: heir.accountId }).where('id', '=', id).execute();
  }
}
