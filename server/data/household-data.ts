import type { Kysely } from 'kysely';
import type { AgeGroup } from '../../core/schemas/guest';
import type { HouseholdData, HouseholdDataGuest } from '../../core/schemas/guest-data';
import type { Database } from '../db/schema';
import { householdErasureRequests } from './erasure-requests';
import { loadRsvp } from './event-rsvp';

export interface HouseholdDataOwner {
  occasionId: string;
  householdId: string;
  guestId: string;
}

/**
 * Everything Kindly keeps about one household, for its own guests to download: the household's
 * address and contact, each member's details and invitations, the reply with its message and
 * answers, and its erasure requests. Read by the household's id alone, so nothing of another
 * household can be in it. The hosts' own notes and tags are theirs, not the guests' entries.
 */
export async function loadHouseholdData(db: Kysely<Database>, owner: HouseholdDataOwner, now: Date): Promise<HouseholdData> {
  const { occasionId, householdId } = owner;
  const [occasion, household, guests, reply, erasureRequests] = await Promise.all([
    db.selectFrom('occasion').select(['id', 'title']).where('id', '=', occasionId).executeTakeFirstOrThrow(),
    db
      .selectFrom('household')
      .select(['id', 'name', 'addressLine1', 'addressLine2', 'city', 'state', 'postalCode', 'country', 'phone', 'email', 'createdAt', 'updatedAt'])
      .where('id', '=', householdId)
      .where('occasionId', '=', occasionId)
      .executeTakeFirstOrThrow(),
    householdGuests(db, householdId),
    loadRsvp(db, owner),
    householdErasureRequests(db, householdId),
  ]);
  const questionIds = [...new Set((reply?.answers ?? []).map((answer) => answer.questionId))];
  const questions =
    questionIds.length === 0
      ? []
      : await db.selectFrom('question').select(['id', 'prompt']).where('occasionId', '=', occasionId).where('id', 'in', questionIds).orderBy('sortOrder').orderBy('id').execute();
  return { exportedAt: now.toISOString(), occasion, household, guests, reply: reply ?? null, questions, erasureRequests };
}

async function householdGuests(db: Kysely<Database>, householdId: string): Promise<HouseholdDataGuest[]> {
  const [rows, lines] = await Promise.all([
    db
      .selectFrom('guest')
      .select(['id', 'firstName', 'lastName', 'email', 'phone', 'ageGroup', 'dietaryNotes', 'plusOneOf', 'createdAt', 'updatedAt'])
      .where('householdId', '=', householdId)
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('inviteLine')
      .innerJoin('guest', 'guest.id', 'inviteLine.guestId')
      .innerJoin('activity', 'activity.id', 'inviteLine.activityId')
      .select(['inviteLine.guestId', 'inviteLine.activityId', 'activity.name as activityName', 'inviteLine.response', 'inviteLine.mealChoice', 'inviteLine.respondedAt'])
      .where('guest.householdId', '=', householdId)
      .orderBy('activity.startsAt')
      .orderBy('activity.id')
      .execute(),
  ]);
  return rows.map((row) => ({
    ...row,
    ageGroup: row.ageGroup as AgeGroup,
    invitations: lines.filter((line) => line.guestId === row.id).map(({ guestId: _, ...line }) => line),
  }));
}
