import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../db/create-database';
import type { Database } from '../db/schema';
import { eraseInTransaction } from './erasure';
import type { HistoryActor } from './history';

/**
 * Erases a household whose erasure request the hosts confirmed, inside the confirming
 * transaction, as the hosts' own erasure does (`erasure.ts`: guests, replies, answers, emails,
 * history's personal fields). The request stays as the record of what was asked and decided,
 * without the guest's message. A household already gone is nothing more to do.
 */
export async function eraseHouseholdOnRequest(
  trx: Kysely<Database>,
  dbKind: DatabaseKind,
  request: { id: string; occasionId: string; householdId: string },
  actor: HistoryActor,
): Promise<void> {
  const household = await trx.selectFrom('household').select('id').where('id', '=', request.householdId).where('occasionId', '=', request.occasionId).executeTakeFirst();
  if (household) await eraseInTransaction(trx, dbKind, request.occasionId, { householdIds: [household.id] }, actor);
  await trx.updateTable('erasureRequest').set({ message: '' }).where('id', '=', request.id).execute();
}
