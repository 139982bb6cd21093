import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../data/api-error';

/**
 * Whether the account that owns an occasion may send its guests email: only an account whose
 * address is verified may. Every path that queues mail to guests asks here (a host's send, the
 * scheduled reminder, a reply's confirmation); the worker sends what they queued. Until accounts
 * carry their verification, every account may.
 */
export async function mayEmailGuests(db: Kysely<Database>, accountId: string): Promise<boolean> {
  void db;
  void accountId;
  return true;
}

/** The refusal of a host's send by an account that may not email guests (403). */
export const mayNotEmailGuests = (): ApiError => new ApiError(403, 'FORBIDDEN', 'Verify your email address before sending email to guests.');
