import type { Kysely } from 'kysely';
import type { EmailRecipient } from '../../core/schemas/email';
import type { Database } from '../db/schema';

/** A recipient with what composing its mail needs. */
export interface HouseholdRecipient extends EmailRecipient {
  inviteCode: string;
  checkInCode: string;
}

/**
 * Who gets each household's mail, by household name: the household's email, else its members'
 * (each address once, compared without case), with those unsubscribed from this occasion, whether
 * some invitation is pending, and when the last invitation was queued.
 */
export async function listRecipients(db: Kysely<Database>, occasionId: string): Promise<HouseholdRecipient[]> {
  const [households, members, pending, invited, unsubscribed] = await Promise.all([
    db.selectFrom('household').select(['id', 'name', 'email', 'inviteCode', 'checkInCode']).where('occasionId', '=', occasionId).orderBy('name').orderBy('id').execute(),
    db
      .selectFrom('guest')
      .select(['householdId', 'email'])
      .where('occasionId', '=', occasionId)
      .where('householdId', 'is not', null)
      .where('email', '!=', '')
      .orderBy('lastName')
      .orderBy('firstName')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('inviteLine')
      .innerJoin('guest', 'guest.id', 'inviteLine.guestId')
      .select('guest.householdId')
      .distinct()
      .where('inviteLine.occasionId', '=', occasionId)
      .where('inviteLine.response', '=', 'PENDING')
      .execute(),
    db
      .selectFrom('email')
      .select((eb) => ['householdId', eb.fn.max('createdAt').as('invitedAt')])
      .where('occasionId', '=', occasionId)
      .where('kind', '=', 'INVITATION')
      .groupBy('householdId')
      .execute(),
    db.selectFrom('emailUnsubscribe').select('address').where('occasionId', '=', occasionId).execute(),
  ]);
  const memberEmails = new Map<string, string[]>();
  for (const { householdId, email } of members) memberEmails.set(householdId!, [...(memberEmails.get(householdId!) ?? []), email]);
  const pendingIds = new Set(pending.map((row) => row.householdId));
  const invitedAt = new Map(invited.map((row) => [row.householdId, row.invitedAt as string]));
  const stopped = new Set(unsubscribed.map((row) => row.address));
  return households.map((household) => {
    const addresses = distinctAddresses(household.email ? [household.email] : (memberEmails.get(household.id) ?? []));
    return {
      householdId: household.id,
      householdName: household.name,
      inviteCode: household.inviteCode,
      checkInCode: household.checkInCode,
      addresses,
      unsubscribed: addresses.filter((address) => stopped.has(addressKey(address))),
      pending: pendingIds.has(household.id),
      invitedAt: invitedAt.get(household.id) ?? null,
    };
  });
}

/** How addresses are compared and stored in `emailUnsubscribe`. */
export const addressKey = (address: string): string => address.trim().toLowerCase();

function distinctAddresses(addresses: readonly string[]): string[] {
  const seen = new Set<string>();
  return addresses.filter((address) => {
    const key = addressKey(address);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
