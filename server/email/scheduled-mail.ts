import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../db/create-database';
import type { Database } from '../db/schema';
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
  const occasions = await db
    .selectFrom('occasion')
    .selectAll()
    .where((eb) => eb.or([eb('reminderDaysBeforeDeadline', 'is not', null), eb('digestEnabled', '=', 1)]))
    .execute();
  for (const occasion of occasions) {
    // An account that may not email guests yet keeps its reminder for when it may (within the days before the deadline).
    if (reminderDue(occasion, now) && (await mayEmailGuests(db, occasion.accountId))) await queueReminder(db, dbKind, occasion, publicUrl, renderEmail);
    if (digestDue(occasion, now)) await queueDigest(db, occasion, publicUrl, now, renderEmail);
  }
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

/** The replies changed since the last digest, to the host account's address; none when there are none. */
async function queueDigest(db: Kysely<Database>, occasion: OccasionRow, publicUrl: string, now: Date, renderEmail: EmailRenderer): Promise<void> {
  const host = await db.selectFrom('account').select('email').where('id', '=', occasion.accountId).executeTakeFirstOrThrow();
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
