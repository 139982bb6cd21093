import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../db/create-database';
import type { Database } from '../db/schema';
import { REMINDER_DAYS_MAX } from '../../core/schemas/occasion';
import type { OccasionRow } from '../data/occasions';
import { digestContent, digestReplies } from './compose-digest';
import { loadTemplate } from './email-templates';
import { mayEmailGuests } from './may-email-guests';
import { insertEmails, newUnsubscribeToken, unsubscribeUrl } from './outbox';
import { addressKey } from './recipients';
import type { EmailRenderer } from './render-email';
import { sendEmails } from './send-emails';

const DAY = 86_400_000;

/**
 * Queues what is due by the calendar: each occasion's reminder `reminderDaysBeforeDeadline` days
 * before `rsvpDeadline` (once per deadline: moving the deadline schedules a new one), and the
 * daily digest of occasions that asked for one. Each is claimed by a compare-and-set of the
 * occasion's mark inside the transaction that queues it, so several instances queue it once.
 */
export async function queueScheduledMail(db: Kysely<Database>, dbKind: DatabaseKind, publicUrl: string, now: Date, renderEmail: EmailRenderer): Promise<void> {
  for (const occasion of await mailDueSoon(db, now)) {
    // An account that may not email guests yet keeps its reminder for when it may (within the days before the deadline).
    if (reminderDue(occasion, now) && (await mayEmailGuests(db, occasion.accountId))) await queueReminder(db, dbKind, occasion, publicUrl, renderEmail);
    if (digestDue(occasion, now)) await queueDigest(db, occasion, publicUrl, now, renderEmail);
  }
}

/**
 * The occasions that may have a reminder or a digest due, through the partial indexes of
 * `0025-scheduled-mail-indexes`: reminders whose deadline is at most {@link REMINDER_DAYS_MAX}
 * days ahead and not past, digests not sent for a day. The bounds are text comparisons of ISO
 * instants, widened by a day for any offset a deadline was written with; the exact test is
 * {@link reminderDue} and {@link digestDue}.
 */
async function mailDueSoon(db: Kysely<Database>, now: Date): Promise<OccasionRow[]> {
  const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
  const digests = db.selectFrom('occasion').selectAll().where('digestEnabled', '=', 1);
  const found = await Promise.all([
    db
      .selectFrom('occasion')
      .selectAll()
      .where('reminderDaysBeforeDeadline', 'is not', null)
      .where('rsvpDeadline', '>', at(-1))
      .where('rsvpDeadline', '<', at(REMINDER_DAYS_MAX + 1))
      .execute(),
    // Two reads, not one with OR, so that each searches the index rather than reading it whole.
    digests.where('digestSentAt', 'is', null).execute(),
    digests.where('digestSentAt', '<=', at(-1)).execute(),
  ]);
  return [...new Map(found.flat().map((occasion) => [occasion.id, occasion])).values()];
}

function reminderDue(occasion: OccasionRow, now: Date): boolean {
  const { rsvpDeadline, reminderDaysBeforeDeadline: days, reminderSentFor } = occasion;
  if (!rsvpDeadline || days === null || reminderSentFor === rsvpDeadline) return false;
  const deadline = Date.parse(rsvpDeadline);
  return now.getTime() >= deadline - days * DAY && now.getTime() < deadline;
}

function digestDue(occasion: OccasionRow, now: Date): boolean {
  return occasion.digestEnabled === 1 && (occasion.digestSentAt === null || now.getTime() - Date.parse(occasion.digestSentAt) >= DAY);
}

async function queueReminder(db: Kysely<Database>, dbKind: DatabaseKind, occasion: OccasionRow, publicUrl: string, renderEmail: EmailRenderer): Promise<void> {
  const deadline = occasion.rsvpDeadline!;
  await sendEmails(db, dbKind, occasion, { kind: 'REMINDER' }, publicUrl, renderEmail, async (trx) => {
    const claimed = await trx
      .updateTable('occasion')
      .set({ reminderSentFor: deadline })
      .where('id', '=', occasion.id)
      .where('rsvpDeadline', '=', deadline)
      .where((eb) => eb.or([eb('reminderSentFor', 'is', null), eb('reminderSentFor', '!=', deadline)]))
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  });
}

/**
 * The replies changed since the last digest, to the occasion's longest-standing owner (its
 * creator while they stay an owner: someone whose role ended gets no more of its replies);
 * none when there are none.
 */
async function queueDigest(db: Kysely<Database>, occasion: OccasionRow, publicUrl: string, now: Date, renderEmail: EmailRenderer): Promise<void> {
  const host = await db
    .selectFrom('occasionRole')
    .innerJoin('account', 'account.id', 'occasionRole.accountId')
    .select('account.email')
    .where('occasionRole.occasionId', '=', occasion.id)
    .where('occasionRole.role', '=', 'owner')
    .orderBy('occasionRole.createdAt')
    .orderBy('occasionRole.accountId')
    .executeTakeFirstOrThrow();
  const replies = await digestReplies(db, occasion, occasion.digestSentAt, now.toISOString());
  const stopped = await db
    .selectFrom('emailUnsubscribe')
    .select('address')
    .where('occasionId', '=', occasion.id)
    .where('address', '=', addressKey(host.email))
    .executeTakeFirst();
  const token = newUnsubscribeToken();
  const template = await loadTemplate(db, occasion.id, occasion.title, 'DIGEST');
  const rendered = replies.length > 0 && !stopped ? await renderEmail(digestContent(occasion, template, replies, unsubscribeUrl(publicUrl, token))) : undefined;
  await db.transaction().execute(async (trx) => {
    let claim = trx.updateTable('occasion').set({ digestSentAt: now.toISOString() }).where('id', '=', occasion.id);
    claim = occasion.digestSentAt === null ? claim.where('digestSentAt', 'is', null) : claim.where('digestSentAt', '=', occasion.digestSentAt);
    if (Number((await claim.executeTakeFirst()).numUpdatedRows) !== 1 || !rendered) return;
    await insertEmails(trx, [{ occasionId: occasion.id, householdId: null, kind: 'DIGEST', to: host.email, subject: template.subject, ...rendered, unsubscribeToken: token }], now);
  });
}
