import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { OccasionRow } from '../data/occasions';
import { confirmationParts } from './compose-confirmation';
import { loadTemplate } from './email-templates';
import { insertEmails, newUnsubscribeToken, unsubscribeUrl, type EmailAttachment } from './outbox';
import { addressKey } from './recipients';
import { renderEmail, type RenderedEmail } from './render-email';

/** Who replied. */
export interface ReplyAuthorship {
  occasionId: string;
  householdId: string;
  guestId: string;
}

/**
 * Runs inside a guest's reply transaction: records who sent it, and writes the confirmation to
 * the outbox (to the replying guest's email, else the household's; none when neither has one
 * or that address unsubscribed), so the reply and its confirmation commit together. The message
 * is written unrendered (empty HTML): rendering (~5 ms) would hold the reply's transaction, so
 * the worker renders it from the reply as it is when sent ({@link renderConfirmation}). For the
 * same reason a change made while the last change's confirmation still waits unsent adds none:
 * that one will tell both, and a guest who corrects a reply gets one message, not one per click.
 */
export async function recordReply(trx: Transaction<Database>, reply: ReplyAuthorship, now: Date): Promise<void> {
  await trx.updateTable('rsvp').set({ answeredByGuestId: reply.guestId }).where('householdId', '=', reply.householdId).execute();
  const address = await confirmationAddress(trx, reply);
  if (!address || (await confirmationWaiting(trx, reply.householdId, address))) return;
  const occasion = await trx.selectFrom('occasion').select(['id', 'title']).where('id', '=', reply.occasionId).executeTakeFirstOrThrow();
  const template = await loadTemplate(trx, occasion.id, occasion.title, 'CONFIRMATION');
  await insertEmails(
    trx,
    [{ occasionId: occasion.id, householdId: reply.householdId, kind: 'CONFIRMATION', to: address, subject: template.subject, html: '', text: '', unsubscribeToken: newUnsubscribeToken() }],
    now,
  );
}

/** A message not rendered yet: a confirmation written by {@link recordReply}. */
export const isUnrendered = (message: { html: string }): boolean => message.html === '';

/**
 * Renders a confirmation from its household's reply as it is now; undefined when the household
 * or occasion is gone (deleted since).
 */
export async function renderConfirmation(
  db: Kysely<Database>,
  message: { occasionId: string; householdId: string | null; unsubscribeToken: string },
  publicUrl: string,
  now: Date,
): Promise<(RenderedEmail & { subject: string; attachments: EmailAttachment[] }) | undefined> {
  if (!message.householdId) return undefined;
  const occasion: OccasionRow | undefined = await db.selectFrom('occasion').selectAll().where('id', '=', message.occasionId).executeTakeFirst();
  if (!occasion) return undefined;
  const template = await loadTemplate(db, occasion.id, occasion.title, 'CONFIRMATION');
  const parts = await confirmationParts(db, occasion, template, message.householdId, unsubscribeUrl(publicUrl, message.unsubscribeToken), now);
  return { subject: template.subject, ...(await renderEmail(parts.content)), attachments: parts.attachments };
}

/**
 * Whether a confirmation to this address is queued and not rendered yet (so not being sent).
 * On PostgreSQL the row is locked until the reply commits: the worker's claim skips locked rows,
 * so it cannot render the message from the reply as it was before this change; a claim made
 * first is waited for, and the row, no longer queued, is not found.
 */
async function confirmationWaiting(trx: Transaction<Database>, householdId: string, address: string): Promise<boolean> {
  const query = trx
    .selectFrom('email')
    .select('id')
    .where('householdId', '=', householdId)
    .where('kind', '=', 'CONFIRMATION')
    .where('status', '=', 'QUEUED')
    .where('html', '=', '')
    .where('to', '=', address);
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  const waiting = await (postgres ? query.forUpdate() : query).executeTakeFirst();
  return waiting !== undefined;
}

async function confirmationAddress(trx: Transaction<Database>, reply: ReplyAuthorship): Promise<string | undefined> {
  const found = await trx
    .selectFrom('guest')
    .innerJoin('household', 'household.id', 'guest.householdId')
    .select(['guest.email as guestEmail', 'household.email as householdEmail'])
    .where('guest.id', '=', reply.guestId)
    .executeTakeFirst();
  const address = found?.guestEmail || found?.householdEmail;
  if (!address) return undefined;
  const stopped = await trx
    .selectFrom('emailUnsubscribe')
    .select('address')
    .where('occasionId', '=', reply.occasionId)
    .where('address', '=', addressKey(address))
    .executeTakeFirst();
  return stopped ? undefined : address;
}
