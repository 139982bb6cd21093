import type { GuestBulkBody } from '../../core/client/bodies';
import type { Guest } from '../../core/schemas/guest';
import type { Household } from '../../core/schemas/household';
import type { Kindly } from '../data/kindly';
import type { ImportAddress } from './import-rows';

/** What an import wrote before one of its later steps failed. */
export interface WrittenImport {
  /** The guests the bulk call answered (created and updated). */
  written: readonly Guest[];
  /** The occasion's guests and households before the import. */
  before: { guests: readonly Guest[]; households: readonly Household[] };
  /** The household updates that were saved (their ids and the fields sent). */
  savedHouseholds: readonly { householdId: string; body: ImportAddress }[];
}

/**
 * The guest bulk body that puts updated guests back as they were, plus-one links included (a
 * guest they pointed at that is not among them gets a `{ id }` row to point at).
 */
export function restoreBody(previous: readonly Guest[]): GuestBulkBody['guests'] {
  const rows: Record<string, unknown>[] = previous.map((guest) => ({
    id: guest.id,
    householdId: guest.householdId,
    firstName: guest.firstName,
    lastName: guest.lastName,
    email: guest.email,
    phone: guest.phone,
    ageGroup: guest.ageGroup,
    plusOneAllowed: guest.plusOneAllowed,
    dietaryNotes: guest.dietaryNotes,
    attributes: guest.attributes,
    notes: guest.notes,
  }));
  const rowOf = new Map(previous.map((guest, index) => [guest.id, index]));
  previous.forEach((guest, index) => {
    if (guest.plusOneOf === null) {
      rows[index]!.plusOneOfRow = null;
      return;
    }
    let at = rowOf.get(guest.plusOneOf);
    if (at === undefined) {
      at = rows.push({ id: guest.plusOneOf }) - 1;
      rowOf.set(guest.plusOneOf, at);
    }
    rows[index]!.plusOneOfRow = at;
  });
  return rows as GuestBulkBody['guests'];
}

/** Runs `work` over `items`, six at a time; answers the items whose work failed. */
async function sixAtATime<T>(items: readonly T[], work: (item: T) => Promise<boolean>): Promise<T[]> {
  const failed: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      if (!(await work(item))) failed.push(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(6, items.length) }, worker));
  return failed;
}

/**
 * Takes back what an import wrote, so a failed import leaves the occasion as it was: updated
 * guests and household addresses get their previous values, created guests and households are
 * deleted. Answers what could not be taken back (empty when all was undone).
 */
export async function undoImport(kindly: Kindly, occasionId: string, done: WrittenImport): Promise<string[]> {
  const { client } = kindly;
  const problems: string[] = [];
  const guestsBefore = new Map(done.before.guests.map((guest) => [guest.id, guest]));
  const householdsBefore = new Map(done.before.households.map((household) => [household.id, household]));
  const previous = done.written.flatMap((guest) => guestsBefore.get(guest.id) ?? []);
  if (previous.length > 0) {
    const restored = await client.upsertGuests(occasionId, { guests: restoreBody(previous) }, { source: 'import' });
    if (restored.error) problems.push(`${previous.length} updated guests could not be put back`);
  }
  const created = done.written.filter((guest) => !guestsBefore.has(guest.id));
  const guestsLeft = await sixAtATime(created, async (guest) => !(await client.deleteGuest(occasionId, guest.id)).error);
  if (guestsLeft.length > 0) problems.push(`${guestsLeft.length} added guests could not be removed`);
  const newHouseholds = [...new Set(done.written.flatMap((guest) => (guest.householdId && !householdsBefore.has(guest.householdId) ? [guest.householdId] : [])))];
  const householdsLeft = await sixAtATime(newHouseholds, async (id) => !(await client.deleteHousehold(occasionId, id)).error);
  if (householdsLeft.length > 0) problems.push(`${householdsLeft.length} added households could not be removed`);
  const changed = done.savedHouseholds.filter((update) => householdsBefore.has(update.householdId));
  const addressesLeft = await sixAtATime(changed, async (update) => {
    const was = householdsBefore.get(update.householdId)!;
    const body = Object.fromEntries(Object.keys(update.body).map((key) => [key, was[key as keyof ImportAddress]]));
    return !(await client.updateHousehold(occasionId, update.householdId, body)).error;
  });
  if (addressesLeft.length > 0) problems.push(`${addressesLeft.length} household addresses could not be put back`);
  kindly.stores.markStale(['Guest', 'Household', 'InviteLine']);
  return problems;
}
