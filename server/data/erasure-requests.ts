import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../db/create-database';
import type { ErasureRequest, ErasureRequestStatus, GuestErasureRequest } from '../../core/schemas/guest-data';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import { erasureRequestNotice, queueAccountEmails } from '../email/account-mail';
import { ApiError, notFound } from './api-error';
import { eraseHouseholdOnRequest } from './erasure-on-request';
import { hostActor } from './history';

export interface ErasureRequester {
  occasionId: string;
  householdId: string;
}

const GUEST_COLUMNS = ['id', 'status', 'message', 'createdAt'] as const;

/**
 * Records the household's erasure request, unless one is open already, and in the same
 * transaction queues a notice to every owner of the occasion. One open request per household
 * is the partial unique index's rule: a second insert, at once or later, does nothing, and
 * both answer the open one. `created` says whether this call made it.
 */
export async function openErasureRequest(
  db: Kysely<Database>,
  requester: ErasureRequester,
  message: string,
  notice: { dashboardUrl: string; now: Date },
): Promise<{ request: GuestErasureRequest; created: boolean }> {
  const createdAt = notice.now.toISOString();
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('erasureRequest')
      .values({ id: newId(), ...requester, createdAt, message, status: 'open', decidedBy: null, decidedAt: null })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    const created = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    if (created) await noticeToOwners(trx, requester, notice);
    const request = await trx
      .selectFrom('erasureRequest')
      .select(GUEST_COLUMNS)
      .where('householdId', '=', requester.householdId)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    return { request: { ...request, status: request.status as ErasureRequestStatus }, created };
  });
}

async function noticeToOwners(trx: Kysely<Database>, { occasionId, householdId }: ErasureRequester, notice: { dashboardUrl: string; now: Date }): Promise<void> {
  const [owners, subject] = await Promise.all([
    trx
      .selectFrom('occasionRole')
      .innerJoin('account', 'account.id', 'occasionRole.accountId')
      .select(['account.id', 'account.email', 'account.firstName'])
      .where('occasionRole.occasionId', '=', occasionId)
      .where('occasionRole.role', '=', 'owner')
      .execute(),
    trx
      .selectFrom('household')
      .innerJoin('occasion', 'occasion.id', 'household.occasionId')
      .select(['household.name as householdName', 'occasion.title as occasionTitle'])
      .where('household.id', '=', householdId)
      .executeTakeFirstOrThrow(),
  ]);
  for (const owner of owners) {
    await queueAccountEmails(trx, owner.id, [erasureRequestNotice(owner.email, owner.firstName, subject, notice.dashboardUrl)], notice.now);
  }
}

/** The household's own erasure requests, newest first. */
export async function householdErasureRequests(db: Kysely<Database>, householdId: string): Promise<GuestErasureRequest[]> {
  const rows = await db.selectFrom('erasureRequest').select(GUEST_COLUMNS).where('householdId', '=', householdId).orderBy('createdAt', 'desc').orderBy('id').execute();
  return rows.map((row) => ({ ...row, status: row.status as ErasureRequestStatus }));
}

/** The occasion's erasure requests for hosts: open ones first, then newest first, with whom they name. */
export async function listErasureRequests(db: Kysely<Database>, occasionId: string): Promise<ErasureRequest[]> {
  const rows = await db
    .selectFrom('erasureRequest')
    .leftJoin('household', 'household.id', 'erasureRequest.householdId')
    .selectAll('erasureRequest')
    .select('household.name as householdName')
    .where('erasureRequest.occasionId', '=', occasionId)
    .orderBy('erasureRequest.createdAt', 'desc')
    .orderBy('erasureRequest.id')
    .execute();
  const householdIds = rows.flatMap((row) => (row.householdName === null ? [] : [row.householdId]));
  const members =
    householdIds.length === 0
      ? []
      : await db.selectFrom('guest').select(['id', 'householdId', 'firstName', 'lastName']).where('householdId', 'in', householdIds).orderBy('createdAt').orderBy('id').execute();
  const requests = rows.map((row) => ({
    ...row,
    status: row.status as ErasureRequestStatus,
    guests: row.householdName === null ? null : members.filter((m) => m.householdId === row.householdId).map(({ id, firstName, lastName }) => ({ id, firstName, lastName })),
  }));
  return [...requests.filter((r) => r.status === 'open'), ...requests.filter((r) => r.status !== 'open')];
}

/**
 * Confirms or declines an open request, once: the status changes only from `open`, so of two
 * decisions at once one applies and the other is 409. Confirming erases the household in the
 * same transaction.
 */
export async function decideErasureRequest(
  db: Kysely<Database>,
  dbKind: DatabaseKind,
  target: { occasionId: string; requestId: string },
  decision: 'confirmed' | 'declined',
  accountId: string,
  now: Date,
): Promise<ErasureRequest> {
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('erasureRequest')
      .set({ status: decision, decidedBy: accountId, decidedAt: now.toISOString() })
      .where('id', '=', target.requestId)
      .where('occasionId', '=', target.occasionId)
      .where('status', '=', 'open')
      .returning('householdId')
      .executeTakeFirst();
    if (!updated) throw await notOpen(trx, target);
    if (decision === 'confirmed') await eraseHouseholdOnRequest(trx, dbKind, { id: target.requestId, occasionId: target.occasionId, householdId: updated.householdId }, hostActor(accountId));
  });
  const decided = (await listErasureRequests(db, target.occasionId)).find((r) => r.id === target.requestId);
  if (!decided) throw notFound('No such erasure request.');
  return decided;
}

async function notOpen(trx: Kysely<Database>, { occasionId, requestId }: { occasionId: string; requestId: string }): Promise<ApiError> {
  const row = await trx.selectFrom('erasureRequest').select('status').where('id', '=', requestId).where('occasionId', '=', occasionId).executeTakeFirst();
  return row ? new ApiError(409, 'CONFLICT', `This request was already ${row.status}.`) : notFound('No such erasure request.');
}
