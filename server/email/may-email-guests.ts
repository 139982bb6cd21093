import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ApiError } from '../data/api-error';
import { emailNotVerified, isAccountVerified } from '../data/accounts';

/**
 * Whether the account that owns an occasion may send its guests email: only an account whose
 * address is verified may (`isVerified` in `data/accounts.ts`). Every path that queues mail to
 * guests asks here (a host's send, the scheduled reminder, a reply's confirmation); the worker
 * sends what they queued.
 */
export async function mayEmailGuests(db: Kysely<Database>, accountId: string): Promise<boolean> {
  return isAccountVerified(db, accountId);
}

/** The refusal of a host's send by an account that may not email guests (403 `EMAIL_NOT_VERIFIED`). */
export const mayNotEmailGuests = (): ApiError => emailNotVerified();
