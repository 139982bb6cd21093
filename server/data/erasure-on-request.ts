import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { HistoryActor } from './history';
import { deleteHousehold } from './households';

/**
 * Erases a household whose erasure request the hosts confirmed, inside the confirming
 * transaction. The household goes (its reply, answers and sessions with it) through the
 * household's own delete; one already deleted by the hosts is nothing more to do.
 */
export async function eraseHouseholdOnRequest(trx: Kysely<Database>, occasionId: string, householdId: string, actor: HistoryActor): Promise<void> {
  const household = await trx.selectFrom('household').selectAll().where('id', '=', householdId).where('occasionId', '=', occasionId).executeTakeFirst();
  if (household) await deleteHousehold(trx, occasionId, household, actor);
}
