import type { Kysely } from 'kysely';
import { ERASED_GUEST_NAME, ERASED_HOUSEHOLD_NAME } from '../../core/schemas/data-rights';
import type { Database } from '../db/schema';
import { IDS_PER_STATEMENT, chunked } from './batch';
import type { ErasurePlan } from './erasure-plan';
import { readJsonColumn } from './json-column';

/**
 * The fields of a change that say nothing about a person: kept in an erased guest's history, so
 * counts of replies over time and who-changed-what stay true. Every other field (names, email,
 * phone, address, notes, dietary notes, attributes, messages, answers' values) becomes null.
 */
const IMPERSONAL_FIELDS = new Set(['response', 'mealChoice', 'respondedBy', 'ageGroup', 'plusOneAllowed', 'plusOneOf', 'householdId', 'activityId', 'guestId', 'questionId', 'erased']);

interface HistoryRow {
  id: string;
  entity: string;
  entityId: string;
  guestId: string | null;
  householdId: string | null;
  actorKind: string;
  actorId: string;
  actorName: string;
  subjectName: string;
  changes: string;
}

/**
 * Rewrites every history entry about an erased guest or household, or made by an erased guest:
 * its subject and (for a guest's own writes) its actor read as erased, and its changes keep only
 * the impersonal fields. The entries themselves stay, with their times, kinds and ids.
 */
export async function rewriteHistory(trx: Kysely<Database>, occasionId: string, plan: ErasurePlan): Promise<void> {
  const rows = await entriesConcerning(trx, occasionId, plan);
  for (const row of rows) {
    const erasedGuest = row.guestId !== null && plan.guestIds.has(row.guestId);
    const erasedHousehold = row.householdId !== null && plan.householdIds.has(row.householdId);
    const subjectErased = erasedGuest || (erasedHousehold && row.entity !== 'GUEST') || (row.entity === 'HOUSEHOLD' && plan.householdIds.has(row.entityId));
    const actorErased = row.actorKind === 'GUEST' && plan.guestIds.has(row.actorId);
    const rewritten = {
      subjectName: subjectErased ? (row.entity === 'HOUSEHOLD' || row.entity === 'RSVP' ? ERASED_HOUSEHOLD_NAME : ERASED_GUEST_NAME) : row.subjectName,
      actorName: actorErased ? ERASED_GUEST_NAME : row.actorName,
      changes: subjectErased || actorErased || erasedHousehold ? impersonalChanges(row.changes) : row.changes,
    };
    if (rewritten.subjectName === row.subjectName && rewritten.actorName === row.actorName && rewritten.changes === row.changes) continue;
    await trx.updateTable('historyEntry').set(rewritten).where('occasionId', '=', occasionId).where('id', '=', row.id).execute();
  }
}

async function entriesConcerning(trx: Kysely<Database>, occasionId: string, plan: ErasurePlan): Promise<HistoryRow[]> {
  const found = new Map<string, HistoryRow>();
  const columns = ['id', 'entity', 'entityId', 'guestId', 'householdId', 'actorKind', 'actorId', 'actorName', 'subjectName', 'changes'] as const;
  const base = () => trx.selectFrom('historyEntry').select(columns).where('occasionId', '=', occasionId);
  for (const chunk of chunked([...plan.guestIds], IDS_PER_STATEMENT)) {
    for (const row of await base().where('guestId', 'in', chunk).execute()) found.set(row.id, row);
    for (const row of await base().where('actorKind', '=', 'GUEST').where('actorId', 'in', chunk).execute()) found.set(row.id, row);
  }
  for (const chunk of chunked([...plan.householdIds], IDS_PER_STATEMENT)) {
    for (const row of await base().where('householdId', 'in', chunk).execute()) found.set(row.id, row);
    for (const row of await base().where('entity', '=', 'HOUSEHOLD').where('entityId', 'in', chunk).execute()) found.set(row.id, row);
  }
  return [...found.values()];
}

/** The changes JSON with every personal field's before and after set to null. */
function impersonalChanges(changes: string): string {
  const parsed = readJsonColumn<Record<string, [unknown, unknown]>>(changes, {});
  const kept = Object.fromEntries(Object.entries(parsed).map(([field, pair]) => [field, IMPERSONAL_FIELDS.has(field) ? pair : [null, null]]));
  return JSON.stringify(kept);
}
