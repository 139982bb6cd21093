import type { Kysely } from 'kysely';
import {
  EventHouseholdUpdateSchema,
  normaliseName,
  type EventHousehold,
  type EventHouseholdGuest,
  type EventHouseholdGuestUpdate,
  type EventHouseholdInvitation,
  type EventHouseholdUpdate,
} from '../../core/schemas/event';
import type { AgeGroup } from '../../core/schemas/guest';
import type { DatabaseKind } from '../db/create-database';
import { queries } from '../db/queries';
import type { Database } from '../db/schema';
import { ApiError } from './api-error';
import { validate } from './validate';
import { readBool } from './json-column';
import { fieldChanges, recordHistory, type HistoryChange } from './history';
import { lockRows } from './row-lock';

const ADDRESS_KEYS = ['addressLine1', 'addressLine2', 'city', 'state', 'postalCode', 'country', 'phone', 'email'] as const;
type AddressKey = (typeof ADDRESS_KEYS)[number];

/** The household's members as guests see them, oldest record first: no notes or attributes. */
export async function householdMembers(db: Kysely<Database>, householdId: string): Promise<EventHouseholdGuest[]> {
  // Side by side: on PostgreSQL on two of the pool's connections, one round trip less to wait for.
  const [rows, invitations] = await Promise.all([
    db
      .selectFrom('guest')
      .select(['id', 'firstName', 'lastName', 'ageGroup', 'dietaryNotes', 'plusOneAllowed', 'plusOneOf'])
      .where('householdId', '=', householdId)
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
    memberInvitations(db, householdId),
  ]);
  return rows.map((row) => ({
    ...row,
    ageGroup: row.ageGroup as AgeGroup,
    plusOneAllowed: readBool(row.plusOneAllowed),
    invitations: invitations.get(row.id) ?? [],
  }));
}

/** Each member's invitations, in the activities' time order. */
async function memberInvitations(db: Kysely<Database>, householdId: string): Promise<Map<string, EventHouseholdInvitation[]>> {
  const byGuest = new Map<string, EventHouseholdInvitation[]>();
  for (const { guestId, activityId, response, mealChoice } of await queries.householdInvitations(db, { householdId })) {
    const list = byGuest.get(guestId) ?? [];
    list.push({ activityId, response: response as EventHouseholdInvitation['response'], mealChoice });
    byGuest.set(guestId, list);
  }
  return byGuest;
}

/** `GET /event/v1/household`: the address, contact and members; no notes, no invite code. */
export async function loadEventHousehold(db: Kysely<Database>, householdId: string): Promise<EventHousehold> {
  const [row, guests] = await Promise.all([
    db.selectFrom('household').select(['name', ...ADDRESS_KEYS]).where('id', '=', householdId).executeTakeFirstOrThrow(),
    householdMembers(db, householdId),
  ]);
  return { ...row, guests };
}

/**
 * Applies a guest's corrections to their household in one transaction. Members are only
 * renamed or given dietary notes; an id outside the household is refused (403) before anything
 * is written. The country and state rule holds for the merged address.
 */
export async function updateEventHousehold(
  db: Kysely<Database>,
  kind: DatabaseKind,
  writer: { occasionId: string; householdId: string; guestId: string },
  patch: EventHouseholdUpdate,
  now: Date,
): Promise<void> {
  const { householdId } = writer;
  const { guests = [], ...addressPatch } = patch;
  const updatedAt = now.toISOString();
  await db.transaction().execute(async (trx) => {
    // The household, then its members: the host's own writes to them wait, and lose nothing.
    await lockRows(trx, kind, 'household', [householdId]);
    const { name, ...current } = await trx.selectFrom('household').select(['name', ...ADDRESS_KEYS]).where('id', '=', householdId).executeTakeFirstOrThrow();
    const address = validate(EventHouseholdUpdateSchema, { ...current, ...addressPatch }) as Pick<EventHouseholdUpdate, AddressKey>;
    const memberIds = (await trx.selectFrom('guest').select('id').where('householdId', '=', householdId).execute()).map((row) => row.id);
    assertMembers(guests, new Set(memberIds));
    await lockRows(trx, kind, 'guest', guests.map((correction) => correction.id));
    const members = await householdMembers(trx, householdId);
    await trx.updateTable('household').set({ ...address, updatedAt }).where('id', '=', householdId).execute();
    const history: HistoryChange[] = [
      { entity: 'HOUSEHOLD', entityId: householdId, action: 'UPDATE', changes: fieldChanges(current, address, ADDRESS_KEYS), householdId, subjectName: name },
    ];
    for (const correction of guests) {
      const member = members.find((m) => m.id === correction.id);
      if (!member) continue;
      const firstName = correction.firstName ?? member.firstName;
      const lastName = correction.lastName ?? member.lastName;
      const dietaryNotes = correction.dietaryNotes ?? member.dietaryNotes;
      history.push({
        entity: 'GUEST',
        entityId: member.id,
        action: 'UPDATE',
        changes: fieldChanges({ ...member }, { ...member, firstName, lastName, dietaryNotes }, ['firstName', 'lastName', 'dietaryNotes']),
        guestId: member.id,
        householdId,
        subjectName: `${firstName} ${lastName}`.trim(),
      });
      await trx
        .updateTable('guest')
        .set({
          firstName,
          lastName,
          nameKey: normaliseName(`${firstName} ${lastName}`),
          dietaryNotes,
          updatedAt,
        })
        .where('id', '=', correction.id)
        .where('householdId', '=', householdId)
        .execute();
    }
    await recordHistory(trx, writer.occasionId, { kind: 'GUEST', id: writer.guestId }, history);
  });
}

function assertMembers(corrections: EventHouseholdGuestUpdate[], memberIds: Set<string>): void {
  const issues = corrections.flatMap((correction, index) =>
    memberIds.has(correction.id) ? [] : [{ path: `guests.${index}.id`, message: 'This guest is not in your household.' }],
  );
  if (issues.length > 0) throw new ApiError(403, 'FORBIDDEN', issues[0]!.message, issues);
}
