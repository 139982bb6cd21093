import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { ApiIssue } from '../../../core/schemas/error';
import { InviteLinesBulkSchema, type InviteLinesBulkRow } from '../../../core/schemas/invite-line';
import type { AppEnv } from '../../app-env';
import { mealChoiceProblem, type ActivityRow } from '../../data/activities';
import { IDS_PER_STATEMENT, chunked, rowsPerStatement } from '../../data/batch';
import { fullName, actorOf, recordHistory, type HistoryActor } from '../../data/history';
import { inviteLineHistory } from '../../data/history-changes';
import { hostAnswer, hostAnswerChanges, listInviteLines, type InviteLineRow } from '../../data/invite-lines';
import { lockOccasionForBulk } from '../../data/bulk-lock';
import { assertOwnedOccasion } from '../../data/occasions';
import { releaseSeats } from '../../data/seat-releases';
import { inviteLineId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { BULK_BODY_LIMIT, readBody } from '../../http/read-body';
import { failOnIssues } from './validation-failed';

/**
 * `PUT /occasion/{occasionId}/invite-lines`: invites guests to activities and takes invitations
 * back, up to 50,000 rows, all or nothing; answers all the occasion's invite lines.
 */
export function inviteLineBulkRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.put('/occasion/:occasionId/invite-lines', async (c) => {
    const { db, dbKind } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const { lines } = await readBody(c, InviteLinesBulkSchema, BULK_BODY_LIMIT);
    await db.transaction().execute(async (trx) => {
      await lockOccasionForBulk(trx, dbKind, occasionId);
      await applyLines(trx, occasionId, lines, actorOf(c.get('host')));
    });
    return c.json(await listInviteLines(db, occasionId));
  });

  return routes;
}

/** What the rows are checked against, read once for the whole request. */
interface LinesContext {
  occasionId: string;
  now: string;
  guestIds: Set<string>;
  /** Each guest's name and household, for the history entries. */
  guests: Map<string, { name: string; householdId: string | null }>;
  activities: Map<string, ActivityRow>;
  /** The occasion's lines by `guestId activityId`. */
  existing: Map<string, InviteLineRow>;
  lineById: Map<string, InviteLineRow>;
}

/** The writes the rows add up to. */
interface LinesPlan {
  inserts: InviteLineRow[];
  updates: InviteLineRow[];
  deletes: string[];
  issues: ApiIssue[];
}

/**
 * The invite-line bulk's writes in the caller's transaction (which holds the occasion's bulk
 * lock); issues name the rows under `listName` (`lines.3.activityId`).
 */
export async function applyLines(trx: Kysely<Database>, occasionId: string, rows: InviteLinesBulkRow[], actor: HistoryActor, listName = 'lines'): Promise<void> {
  const context = await loadContext(trx, occasionId);
  const plan: LinesPlan = { inserts: [], updates: [], deletes: [], issues: [] };
  rows.forEach((row, index) => planRow(context, plan, row, `${listName}.${index}.`));
  failOnIssues(plan.issues);
  // Seats of invitations taken back or answered other than ATTENDING are freed, with a notice.
  await releaseSeats(trx, occasionId, { lines: plan.deletes.map((id) => context.lineById.get(id)!) }, 'removing', context.now);
  for (const chunk of chunked(plan.deletes, IDS_PER_STATEMENT)) await trx.deleteFrom('inviteLine').where('id', 'in', chunk).execute();
  await upsertLines(trx, [...plan.inserts, ...plan.updates]);
  await releaseSeats(trx, occasionId, { lines: plan.updates.filter((line) => line.response !== 'ATTENDING') }, 'noLongerAttending', context.now);
  await recordHistory(trx, occasionId, actor, [
    ...plan.deletes.map((id) => inviteLineHistory(context.lineById.get(id), undefined, context.guests.get(context.lineById.get(id)!.guestId))),
    ...plan.inserts.map((line) => inviteLineHistory(undefined, line, context.guests.get(line.guestId))),
    ...plan.updates.map((line) => inviteLineHistory(context.lineById.get(line.id), line, context.guests.get(line.guestId))),
  ]);
}

async function loadContext(trx: Kysely<Database>, occasionId: string): Promise<LinesContext> {
  const [guests, activities, lines] = await Promise.all([
    trx.selectFrom('guest').select(['id', 'firstName', 'lastName', 'householdId']).where('occasionId', '=', occasionId).execute(),
    trx.selectFrom('activity').selectAll().where('occasionId', '=', occasionId).execute(),
    trx.selectFrom('inviteLine').selectAll().where('occasionId', '=', occasionId).execute(),
  ]);
  return {
    occasionId,
    now: new Date().toISOString(),
    guestIds: new Set(guests.map((guest) => guest.id)),
    guests: new Map(guests.map((guest) => [guest.id, { name: fullName(guest), householdId: guest.householdId }])),
    activities: new Map(activities.map((activity) => [activity.id, activity])),
    existing: new Map(lines.map((line) => [`${line.guestId} ${line.activityId}`, line])),
    lineById: new Map(lines.map((line) => [line.id, line])),
  };
}

function planRow(context: LinesContext, plan: LinesPlan, row: InviteLinesBulkRow, prefix: string): void {
  const activity = checkedActivity(context, plan, row, prefix);
  if (!activity) return;
  const current = context.existing.get(`${row.guestId} ${row.activityId}`);
  if (!row.invited) {
    if (current) plan.deletes.push(current.id);
    return;
  }
  const problem = row.mealChoice === undefined || row.mealChoice === current?.mealChoice ? undefined : mealChoiceProblem(activity, row.mealChoice);
  if (problem) plan.issues.push({ path: `${prefix}mealChoice`, message: problem });
  else if (!current) plan.inserts.push(newLine(context, row));
  else {
    const changes = hostAnswerChanges(current, row, context.now);
    if (Object.keys(changes).length > 0) plan.updates.push({ ...current, ...changes });
  }
}

/** The row's activity when both it and the guest are the occasion's; otherwise issues. */
function checkedActivity(context: LinesContext, plan: LinesPlan, row: InviteLinesBulkRow, prefix: string): ActivityRow | undefined {
  const activity = context.activities.get(row.activityId);
  const guestKnown = context.guestIds.has(row.guestId);
  if (!guestKnown) plan.issues.push({ path: `${prefix}guestId`, message: 'No guest with this id in the occasion.' });
  if (!activity) plan.issues.push({ path: `${prefix}activityId`, message: 'No activity with this id in the occasion.' });
  return guestKnown ? activity : undefined;
}

function newLine(context: LinesContext, row: InviteLinesBulkRow): InviteLineRow {
  return {
    id: inviteLineId(row.guestId, row.activityId),
    occasionId: context.occasionId,
    guestId: row.guestId,
    activityId: row.activityId,
    mealChoice: row.mealChoice ?? null,
    ...hostAnswer(row.response ?? 'PENDING', context.now),
  };
}

/**
 * New and changed lines: one multi-row upsert per chunk instead of one UPDATE per line. A new
 * line that a single-line route inserted meanwhile takes this request's answer, as a later
 * request would give it.
 */
async function upsertLines(trx: Kysely<Database>, rows: InviteLineRow[]): Promise<void> {
  for (const chunk of chunked(rows, rowsPerStatement(8))) {
    await trx
      .insertInto('inviteLine')
      .values(chunk)
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet((eb) => ({
          response: eb.ref('excluded.response'),
          mealChoice: eb.ref('excluded.mealChoice'),
          respondedAt: eb.ref('excluded.respondedAt'),
          respondedBy: eb.ref('excluded.respondedBy'),
        })),
      )
      .execute();
  }
}
