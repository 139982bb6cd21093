import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { ApiIssue } from '../../../core/schemas/error';
import { InviteLineCreateSchema, InviteLineUpdateSchema, type InviteLineCreate } from '../../../core/schemas/invite-line';
import type { AppEnv } from '../../app-env';
import { findActivity, mealChoiceProblem, type ActivityRow } from '../../data/activities';
import { actorOf, recordHistory } from '../../data/history';
import { inviteLineHistory } from '../../data/history-changes';
import { findInviteLine, hostAnswer, hostAnswerChanges, inviteLineExists, listInviteLines, toInviteLine, type InviteLineRow } from '../../data/invite-lines';
import { assertOwnedOccasion } from '../../data/occasions';
import { lockRows } from '../../data/row-lock';
import { releaseSeats } from '../../data/seat-releases';
import { inviteLineId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { conflict } from '../../data/api-error';
import { readBody } from '../../http/read-body';
import { failOnIssues } from './validation-failed';

const alreadyInvited = () => conflict('This guest is already invited to this activity.');

/**
 * Invite line CRUD: one guest invited to one activity, at most once. An answer the host records
 * (phone, paper) is marked as the host's, with the time it was recorded.
 */
export function inviteLineRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/occasion/:occasionId/invite-lines', async (c) => {
    const { db } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    return c.json(await listInviteLines(db, occasionId));
  });

  routes.post('/occasion/:occasionId/invite-line', async (c) => {
    const { db } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const input = await readBody(c, InviteLineCreateSchema);
    await assertFitsOccasion(db, occasionId, input);
    if (await inviteLineExists(db, input.guestId, input.activityId)) throw alreadyInvited();
    const row: InviteLineRow = { id: inviteLineId(input.guestId, input.activityId), occasionId, ...input, ...hostAnswer(input.response, new Date().toISOString()) };
    try {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('inviteLine').values(row).execute();
        await recordHistory(trx, occasionId, actorOf(c.get('host')), [inviteLineHistory(undefined, row)]);
      });
    } catch (error) {
      // The same invitation sent twice at once: the unique index decides.
      if (await inviteLineExists(db, input.guestId, input.activityId)) throw alreadyInvited();
      throw error;
    }
    return c.json(toInviteLine(row), 201);
  });

  routes.get('/occasion/:occasionId/invite-line/:inviteLineId', async (c) => {
    const { db } = c.get('deps');
    const { occasionId, inviteLineId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    return c.json(toInviteLine(await findInviteLine(db, occasionId, inviteLineId)));
  });

  routes.put('/occasion/:occasionId/invite-line/:inviteLineId', async (c) => {
    const { db, dbKind } = c.get('deps');
    const { occasionId, inviteLineId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    await findInviteLine(db, occasionId, inviteLineId);
    const patch = await readBody(c, InviteLineUpdateSchema);
    const updated = await db.transaction().execute(async (trx) => {
      await lockRows(trx, dbKind, 'inviteLine', [inviteLineId]);
      const current = await findInviteLine(trx, occasionId, inviteLineId);
      if (patch.mealChoice !== undefined && patch.mealChoice !== current.mealChoice) {
        failOnIssues(mealChoiceIssues(await findActivity(trx, occasionId, current.activityId), patch.mealChoice));
      }
      const now = new Date().toISOString();
      const changes = hostAnswerChanges(current, patch, now);
      if (Object.keys(changes).length > 0) await trx.updateTable('inviteLine').set(changes).where('id', '=', current.id).execute();
      const updated = { ...current, ...changes };
      if (current.response === 'ATTENDING' && updated.response !== 'ATTENDING') await releaseSeats(trx, occasionId, { lines: [current] }, 'noLongerAttending', now);
      await recordHistory(trx, occasionId, actorOf(c.get('host')), [inviteLineHistory(current, updated)]);
      return updated;
    });
    return c.json(toInviteLine(updated));
  });

  routes.delete('/occasion/:occasionId/invite-line/:inviteLineId', async (c) => {
    const { db } = c.get('deps');
    const { occasionId, inviteLineId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const current = await findInviteLine(db, occasionId, inviteLineId);
    await db.transaction().execute(async (trx) => {
      await releaseSeats(trx, occasionId, { lines: [current] }, 'removing', new Date().toISOString());
      const deleted = await trx.deleteFrom('inviteLine').where('id', '=', current.id).executeTakeFirst();
      // Deleted meanwhile by another request: that one recorded it.
      if (Number(deleted.numDeletedRows) > 0) await recordHistory(trx, occasionId, actorOf(c.get('host')), [inviteLineHistory(current, undefined)]);
    });
    return c.body(null, 204);
  });

  return routes;
}

/** The guest and the activity must be the occasion's, and the meal choice one of the activity's. */
async function assertFitsOccasion(db: Kysely<Database>, occasionId: string, input: InviteLineCreate): Promise<void> {
  const [guest, activity] = await Promise.all([
    db.selectFrom('guest').select('id').where('id', '=', input.guestId).where('occasionId', '=', occasionId).executeTakeFirst(),
    db.selectFrom('activity').selectAll().where('id', '=', input.activityId).where('occasionId', '=', occasionId).executeTakeFirst(),
  ]);
  const issues: ApiIssue[] = [];
  if (!guest) issues.push({ path: 'guestId', message: 'No guest with this id in the occasion.' });
  if (!activity) issues.push({ path: 'activityId', message: 'No activity with this id in the occasion.' });
  else issues.push(...mealChoiceIssues(activity, input.mealChoice));
  failOnIssues(issues);
}

function mealChoiceIssues(activity: ActivityRow, mealChoice: string | null): ApiIssue[] {
  const message = mealChoiceProblem(activity, mealChoice);
  return message ? [{ path: 'mealChoice', message }] : [];
}
