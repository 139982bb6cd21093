import type { Kysely } from 'kysely';
import type { Reply } from '../../core/schemas/reply';
import type { Database } from '../db/schema';

/** Every household's reply of the occasion, newest `updatedAt` first, with who sent the last write. */
export async function listReplies(db: Kysely<Database>, occasionId: string): Promise<Reply[]> {
  const rows = await db
    .selectFrom('rsvp')
    .innerJoin('household', 'household.id', 'rsvp.householdId')
    .leftJoin('guest', 'guest.id', 'rsvp.answeredByGuestId')
    .select([
      'rsvp.householdId',
      'household.name as householdName',
      'rsvp.message',
      'rsvp.submittedAt',
      'rsvp.updatedAt',
      'guest.id as guestId',
      'guest.firstName',
      'guest.lastName',
    ])
    .where('rsvp.occasionId', '=', occasionId)
    .orderBy('rsvp.updatedAt', 'desc')
    .orderBy('rsvp.householdId')
    .execute();
  return rows.map(({ guestId, firstName, lastName, ...reply }) => ({
    ...reply,
    answeredBy: guestId ? { guestId, firstName: firstName ?? '', lastName: lastName ?? '' } : null,
  }));
}
