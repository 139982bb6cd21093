import type { Kysely } from 'kysely';
import type { EmailTemplate } from '../../core/schemas/email';
import { isMemberOfAny } from '../db/queries/household-lines';
import type { Database } from '../db/schema';
import type { OccasionRow } from '../data/occasions';
import { localInstant } from './email-dates';
import type { EmailContent } from './render-email';
import type { DigestReply } from './templates/digest';

/** Most replies one digest lists (the rest are counted in the dashboard). */
const DIGEST_MAX_REPLIES = 200;

/** The replies changed after `since` (all when null) up to `until`, newest first, with their answer counts. */
export async function digestReplies(db: Kysely<Database>, occasion: OccasionRow, since: string | null, until?: string): Promise<DigestReply[]> {
  let query = db
    .selectFrom('rsvp')
    .innerJoin('household', 'household.id', 'rsvp.householdId')
    .select(['rsvp.householdId', 'household.name', 'rsvp.message', 'rsvp.updatedAt'])
    .where('rsvp.occasionId', '=', occasion.id)
    .orderBy('rsvp.updatedAt', 'desc')
    .limit(DIGEST_MAX_REPLIES);
  if (since) query = query.where('rsvp.updatedAt', '>', since);
  if (until) query = query.where('rsvp.updatedAt', '<=', until);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const counts = await db
    .selectFrom('inviteLine')
    .innerJoin('guest', 'guest.id', 'inviteLine.guestId')
    .select((eb) => ['guest.householdId', 'inviteLine.response', eb.fn.countAll<number>().as('n')])
    .where(isMemberOfAny(db, 'inviteLine.guestId', rows.map((row) => row.householdId)))
    .groupBy(['guest.householdId', 'inviteLine.response'])
    .execute();
  const count = (householdId: string, response: string) =>
    Number(counts.find((c) => c.householdId === householdId && c.response === response)?.n ?? 0);
  return rows.map((row) => ({
    householdName: row.name,
    when: localInstant(row.updatedAt, occasion.timezone),
    attending: count(row.householdId, 'ATTENDING'),
    declined: count(row.householdId, 'DECLINED'),
    message: row.message,
  }));
}

/** The digest's content for these replies. */
export function digestContent(occasion: OccasionRow, template: EmailTemplate, replies: DigestReply[], unsubscribeUrl?: string): EmailContent {
  return { kind: 'DIGEST', props: { occasionTitle: occasion.title, intro: template.intro, replies, ...(unsubscribeUrl ? { unsubscribeUrl } : {}) } };
}
