import type { Kysely } from 'kysely';
import { ERASED_GUEST_NAME, type ErasureResult } from '../../core/schemas/data-rights';
import type { DatabaseKind } from '../db/create-database';
import type { Database } from '../db/schema';
import { IDS_PER_STATEMENT, chunked } from './batch';
import { lockOccasionForBulk } from './bulk-lock';
import { scrubEmails } from './erasure-emails';
import type { ErasurePlan } from './erasure-plan';
import { rewriteHistory } from './erasure-history';
import { fullName, recordHistory, type HistoryActor } from './history';

/** Whom to erase: guests by id, and households erased whole (with every member). */
export interface ErasureTarget {
  guestIds?: readonly string[];
  householdIds?: readonly string[];
}

/**
 * Erases guests and households of an occasion everywhere, in one transaction: their rows, invite
 * lines, replies, answers and sessions go; history stays with every personal field taken out and
 * the subject named {@link ERASED_GUEST_NAME}; queued messages to them are cancelled and sent ones
 * lose their addresses and bodies; a reply message an erased guest sent is emptied. Answers `null`
 * when an id is not a guest (or household) of the occasion: nothing is changed then.
 * The erasure request of one guest, a household's and retention all call it.
 */
export async function eraseGuests(
  db: Kysely<Database>,
  dbKind: DatabaseKind,
  occasionId: string,
  target: ErasureTarget,
  actor?: HistoryActor,
): Promise<ErasureResult | null> {
  return db.transaction().execute((trx) => eraseInTransaction(trx, dbKind, occasionId, target, actor));
}

/** {@link eraseGuests} inside the caller's transaction (retention claims the occasion in the same one). */
export async function eraseInTransaction(
  trx: Kysely<Database>,
  dbKind: DatabaseKind,
  occasionId: string,
  target: ErasureTarget,
  actor?: HistoryActor,
): Promise<ErasureResult | null> {
  // Erasures, imports and bulk deletes of one occasion take turns: a guest is erased once.
  await lockOccasionForBulk(trx, dbKind, occasionId);
  const plan = await planErasure(trx, occasionId, target);
  if (!plan) return null;
  await rewriteHistory(trx, occasionId, plan);
  await scrubEmails(trx, occasionId, plan);
  await clearRepliesSentBy(trx, plan.guestIds);
  await deleteRows(trx, occasionId, plan);
  if (actor) await recordErasure(trx, occasionId, actor, plan);
  return { guests: plan.guestIds.size, households: plan.householdIds.size };
}

async function planErasure(trx: Kysely<Database>, occasionId: string, target: ErasureTarget): Promise<ErasurePlan | null> {
  const askedGuests = [...new Set(target.guestIds ?? [])];
  const askedHouseholds = [...new Set(target.householdIds ?? [])];
  const households = await rowsOf(trx, 'household', occasionId, askedHouseholds);
  if (households.length !== askedHouseholds.length) return null;
  const guests = await rowsOf(trx, 'guest', occasionId, askedGuests);
  if (guests.length !== askedGuests.length) return null;
  const members = await membersOf(trx, occasionId, askedHouseholds);
  const erased = [...guests, ...members];
  const guestIds = new Set(erased.map((guest) => guest.id));
  const touchedHouseholdIds = new Set(erased.flatMap((guest) => (guest.householdId ? [guest.householdId] : [])));
  for (const id of askedHouseholds) touchedHouseholdIds.add(id);
  const householdIds = new Set(askedHouseholds);
  for (const id of await householdsLeftEmpty(trx, [...touchedHouseholdIds], guestIds)) householdIds.add(id);
  const emptied = await rowsOf(trx, 'household', occasionId, [...householdIds]);
  const people = [...erased, ...emptied];
  const addresses = new Set(people.flatMap((row) => (row.email ? [row.email.toLowerCase()] : [])));
  const mentions = new Set(people.flatMap((row) => [row.name, row.phone, row.email].filter((value) => value.length >= 3).map((value) => value.toLowerCase())));
  return { guestIds, householdIds, touchedHouseholdIds, addresses, mentions };
}

interface PersonRow {
  id: string;
  email: string;
  phone: string;
  householdId: string | null;
  /** A guest's full name, a household's name. */
  name: string;
}

const GUEST_COLUMNS = ['id', 'email', 'phone', 'householdId', 'firstName', 'lastName'] as const;
const guestPerson = (row: { id: string; email: string; phone: string; householdId: string | null; firstName: string; lastName: string }): PersonRow => ({
  ...row,
  name: fullName(row),
});

async function rowsOf(trx: Kysely<Database>, table: 'guest' | 'household', occasionId: string, ids: readonly string[]): Promise<PersonRow[]> {
  const rows: PersonRow[] = [];
  for (const chunk of chunked(ids, IDS_PER_STATEMENT)) {
    if (table === 'guest') {
      const found = await trx.selectFrom('guest').select(GUEST_COLUMNS).where('occasionId', '=', occasionId).where('id', 'in', chunk).execute();
      rows.push(...found.map(guestPerson));
    } else {
      const found = await trx.selectFrom('household').select(['id', 'email', 'phone', 'name']).where('occasionId', '=', occasionId).where('id', 'in', chunk).execute();
      rows.push(...found.map((row) => ({ ...row, householdId: null })));
    }
  }
  return rows;
}

async function membersOf(trx: Kysely<Database>, occasionId: string, householdIds: readonly string[]): Promise<PersonRow[]> {
  const rows: PersonRow[] = [];
  for (const chunk of chunked(householdIds, IDS_PER_STATEMENT)) {
    const found = await trx.selectFrom('guest').select(GUEST_COLUMNS).where('occasionId', '=', occasionId).where('householdId', 'in', chunk).execute();
    rows.push(...found.map(guestPerson));
  }
  return rows;
}

/** The households every member of which is erased: nothing of theirs would be left but a name and an address. */
async function householdsLeftEmpty(trx: Kysely<Database>, householdIds: readonly string[], erased: ReadonlySet<string>): Promise<string[]> {
  const kept = new Set<string>();
  for (const chunk of chunked(householdIds, IDS_PER_STATEMENT)) {
    const members = await trx.selectFrom('guest').select(['id', 'householdId']).where('householdId', 'in', chunk).execute();
    for (const member of members) if (!erased.has(member.id) && member.householdId) kept.add(member.householdId);
  }
  return householdIds.filter((id) => !kept.has(id));
}

/** A reply kept for the household's other members loses the message an erased guest wrote. */
async function clearRepliesSentBy(trx: Kysely<Database>, guestIds: ReadonlySet<string>): Promise<void> {
  for (const chunk of chunked([...guestIds], IDS_PER_STATEMENT)) {
    await trx.updateTable('rsvp').set({ message: '' }).where('answeredByGuestId', 'in', chunk).execute();
  }
}

/** Guests first (their lines, answers and sessions cascade), then the households (their replies and answers cascade). */
async function deleteRows(trx: Kysely<Database>, occasionId: string, plan: ErasurePlan): Promise<void> {
  for (const chunk of chunked([...plan.guestIds], IDS_PER_STATEMENT)) {
    await trx.deleteFrom('historyGuestHousehold').where('occasionId', '=', occasionId).where('guestId', 'in', chunk).execute();
    // Their seats go with them; the notices of seats they left go too.
    await trx.deleteFrom('seatRelease').where('occasionId', '=', occasionId).where('guestId', 'in', chunk).execute();
    await trx.deleteFrom('guest').where('occasionId', '=', occasionId).where('id', 'in', chunk).execute();
  }
  for (const chunk of chunked([...plan.householdIds], IDS_PER_STATEMENT)) {
    await trx.deleteFrom('household').where('occasionId', '=', occasionId).where('id', 'in', chunk).execute();
  }
}

/** One entry per erased guest, with nothing but the fact, so the history says who erased whom and when. */
async function recordErasure(trx: Kysely<Database>, occasionId: string, actor: HistoryActor, plan: ErasurePlan): Promise<void> {
  await recordHistory(
    trx,
    occasionId,
    actor,
    [...plan.guestIds].map((guestId) => ({
      entity: 'GUEST' as const,
      entityId: guestId,
      action: 'DELETE' as const,
      changes: { erased: [false, true] },
      guestId,
      householdId: null,
      subjectName: ERASED_GUEST_NAME,
    })),
  );
}
