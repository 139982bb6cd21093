import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { ApiIssue } from '../../../core/schemas/error';
import { GuestBulkDeleteSchema, type GuestBulkDeleteResult } from '../../../core/schemas/guest-bulk-delete';
import type { AppEnv } from '../../app-env';
import { IDS_PER_STATEMENT, chunked } from '../../data/batch';
import { lockOccasionForBulk } from '../../data/bulk-lock';
import { actorOf, recordHistory, type HistoryActor } from '../../data/history';
import { guestHistory } from '../../data/history-changes';
import { guestRowsById } from '../../data/guests';
import { assertOwnedOccasion } from '../../data/occasions';
import { releaseSeats } from '../../data/seat-releases';
import type { Database } from '../../db/schema';
import { readBody } from '../../http/read-body';
import { failOnIssues } from './validation-failed';

/** 10,000 ids take about 150 KB of JSON; 1 MiB leaves room for any formatting and no more. */
export const GUEST_BULK_DELETE_BODY_LIMIT = 1024 * 1024;

/**
 * `POST /occasions/{occasionId}/guests/delete` `{ ids }`: deletes up to 10,000 guests of the
 * occasion, all or nothing. An id that is not a guest of this occasion (another host's
 * included) fails the whole request with an issue on its index (`ids.3`), and nothing is
 * deleted. Invite lines go with their guests; plus-ones stay, as with a single delete.
 */
export function guestBulkDeleteRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/occasions/:occasionId/guests/delete', async (c) => {
    const { db, dbKind } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const { ids } = await readBody(c, GuestBulkDeleteSchema, GUEST_BULK_DELETE_BODY_LIMIT);
    // Like the other bulks: two overlapping deletes at once must not each delete part of their list.
    const result = await db.transaction().execute(async (trx) => {
      await lockOccasionForBulk(trx, dbKind, occasionId);
      return deleteGuests(trx, occasionId, ids, actorOf(c.get('host')));
    });
    return c.json(result);
  });

  return routes;
}

async function deleteGuests(trx: Kysely<Database>, occasionId: string, ids: string[], actor: HistoryActor): Promise<GuestBulkDeleteResult> {
  const known = await guestRowsById(trx, occasionId, ids);
  const issues: ApiIssue[] = [];
  ids.forEach((id, index) => {
    if (!known.has(id)) issues.push({ path: `ids.${index}`, message: 'No guest with this id in the occasion.' });
  });
  failOnIssues(issues);
  await releaseSeats(trx, occasionId, { guestIds: ids }, 'removing', new Date().toISOString());
  let deleted = 0;
  for (const chunk of chunked(ids, IDS_PER_STATEMENT)) {
    // Every id was found in the occasion above, in this transaction.
    const result = await trx.deleteFrom('guest').where('id', 'in', chunk).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  await recordHistory(trx, occasionId, actor, [...known.values()].map((row) => guestHistory(row, undefined)));
  return { deleted };
}
