import type { Kysely, Selectable } from 'kysely';
import type { InviteLine, InviteLineUpdate, InviteResponse, RespondedBy } from '../../core/schemas/invite-line';
import type { Database, INVITE_LINE_ANSWER_COLUMNS, InviteLineTable } from '../db/schema';
import { notFound } from './api-error';

export type InviteLineRow = Selectable<InviteLineTable>;

/** The columns of {@link INVITE_LINE_ANSWER_COLUMNS}: an invite line's keys and answer. */
export type InviteLineAnswerRow = Pick<InviteLineRow, (typeof INVITE_LINE_ANSWER_COLUMNS)[number]>;

export function toInviteLine(row: InviteLineRow): InviteLine {
  return {
    id: row.id,
    occasionId: row.occasionId,
    guestId: row.guestId,
    activityId: row.activityId,
    response: row.response as InviteResponse,
    mealChoice: row.mealChoice,
    respondedAt: row.respondedAt,
    respondedBy: row.respondedBy as RespondedBy | null,
  };
}

/**
 * The answer fields when a host records `response`: an answer is the host's, made now;
 * `PENDING` clears who answered and when.
 */
export function hostAnswer(response: InviteResponse, now: string): Pick<InviteLineRow, 'response' | 'respondedAt' | 'respondedBy'> {
  if (response === 'PENDING') return { response, respondedAt: null, respondedBy: null };
  return { response, respondedAt: now, respondedBy: 'HOST' };
}

/** What a host sends about a line's answer; a field left out keeps its value. */
export type HostAnswerPatch = InviteLineUpdate;

/**
 * The fields a host's patch changes. Only a response that differs from the line's counts as
 * the host's answer, so re-sending what a guest answered keeps it the guest's.
 */
export function hostAnswerChanges(current: InviteLineRow, patch: HostAnswerPatch, now: string): Partial<InviteLineRow> {
  return {
    ...(patch.mealChoice !== undefined && patch.mealChoice !== current.mealChoice ? { mealChoice: patch.mealChoice } : {}),
    ...(patch.response !== undefined && patch.response !== current.response ? hostAnswer(patch.response, now) : {}),
  };
}

/** The invite line of this occasion; 404 for any other id. */
export async function findInviteLine(db: Kysely<Database>, occasionId: string, inviteLineId: string): Promise<InviteLineRow> {
  const row = await db
    .selectFrom('inviteLine')
    .selectAll()
    .where('id', '=', inviteLineId)
    .where('occasionId', '=', occasionId)
    .executeTakeFirst();
  if (!row) throw notFound('No such invite line.');
  return row;
}

/** The occasion's invite lines, activity by activity (in activity order), guests by name. */
export async function listInviteLines(db: Kysely<Database>, occasionId: string): Promise<InviteLine[]> {
  const rows = await db
    .selectFrom('inviteLine')
    .innerJoin('activity', 'activity.id', 'inviteLine.activityId')
    .innerJoin('guest', 'guest.id', 'inviteLine.guestId')
    .selectAll('inviteLine')
    .where('inviteLine.occasionId', '=', occasionId)
    .orderBy('activity.startsAt')
    .orderBy('activity.sortOrder')
    .orderBy('activity.id')
    .orderBy('guest.lastName')
    .orderBy('guest.firstName')
    .orderBy('guest.id')
    .execute();
  return rows.map(toInviteLine);
}

/** Whether the guest already has a line for the activity. */
export async function inviteLineExists(db: Kysely<Database>, guestId: string, activityId: string): Promise<boolean> {
  const row = await db
    .selectFrom('inviteLine')
    .select('id')
    .where('guestId', '=', guestId)
    .where('activityId', '=', activityId)
    .executeTakeFirst();
  return row !== undefined;
}
