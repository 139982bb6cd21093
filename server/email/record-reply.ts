import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import { compiledOnce } from '../db/compiled-query';
import type { Database } from '../db/schema';
import type { OccasionRow } from '../data/occasions';
import { confirmationParts } from './compose-confirmation';
import { loadTemplate } from './email-templates';
import { insertEmails, newUnsubscribeToken, unsubscribeUrl, type EmailAttachment } from './outbox';
import { addressKey } from './recipients';
import { confirmationRenderer } from './confirmation-renderer';
import type { RenderedEmail } from './render-email';

/** Who replied. */
export interface ReplyAuthorship {
  occasionId: string;
  householdId: string;
  guestId: string;
}

/**
 * Runs inside a guest's reply transaction (whose own write records who sent it) and writes the
 * confirmation to the outbox (to the replying guest's email, else the household's; none when neither has one
 * or that address unsubscribed), so the reply and its confirmation commit together. The message
 * is written unrendered (empty HTML): rendering (~5 ms) would hold the reply's transaction, so
 * the worker renders it from the reply as it is when sent ({@link renderConfirmation}). For the
 * same reason a change made while the last change's confirmation still waits unsent adds none:
 * that one will tell both, and a guest who corrects a reply gets one message, not one per click.
 */
export async function recordReply(trx: Transaction<Database>, reply: ReplyAuthorship, now: Date): Promise<void> {
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
 * Renders a confirmation from its household's reply as it is now, filled into the occasion's
 * template rendered once ({@link confirmationRenderer}); undefined when the household or
 * occasion is gone (deleted since).
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
  const fill = confirmationRenderer(occasion.id, occasion.title, template, publicUrl);
  const parts = await confirmationParts(db, occasion, template, message.householdId, unsubscribeUrl(publicUrl, message.unsubscribeToken), now);
  return { subject: template.subject, ...(await fill(parts.content.props, message.unsubscribeToken)), attachments: parts.attachments };
}

/**
 * Whether a confirmation to this address is queued and not rendered yet (so not being sent).
 * On PostgreSQL the row is locked until the reply commits: the worker's claim skips locked rows,
 * so it cannot render the message from the reply as it was before this change; a claim made
 * first is waited for, and the row, no longer queued, is not found.
 */
async function confirmationWaiting(trx: Transaction<Database>, householdId: string, address: string): Promise<boolean> {
  return (await selectWaitingConfirmation(trx, householdId, 'CONFIRMATION', 'QUEUED', '', address)).length > 0;
}

const selectWaitingConfirmation = compiledOnce((db, householdId: string, kind: string, status: string, html: string, to: string) => {
  const query = db
    .selectFrom('email')
    .select('id')
    .where('householdId', '=', householdId)
    .where('kind', '=', kind)
    .where('status', '=', status)
    .where('html', '=', html)
    .where('to', '=', to);
  return db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query;
});

async function confirmationAddress(trx: Transaction<Database>, reply: ReplyAuthorship): Promise<string | undefined> {
  const [found] = await selectAddresses(trx, reply.guestId);
  const address = found?.guestEmail || found?.householdEmail;
  if (!address) return undefined;
  const [stopped] = await selectUnsubscribed(trx, reply.occasionId, addressKey(address));
  return stopped ? undefined : address;
}

const selectAddresses = compiledOnce((db, guestId: string) =>
  db
    .selectFrom('guest')
    .innerJoin('household', 'household.id', 'guest.householdId')
    .select(['guest.email as guestEmail', 'household.email as householdEmail'])
    .where('guest.id', '=', guestId),
);

const selectUnsubscribed = compiledOnce((db, occasionId: string, address: string) =>
  db.selectFrom('emailUnsubscribe').select('address').where('occasionId', '=', occasionId).where('address', '=', address),
);
