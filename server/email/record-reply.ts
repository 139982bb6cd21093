import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { OccasionRow } from '../data/occasions';
import { confirmationPartsOf } from './compose-confirmation';
import { loadTemplate } from './email-templates';
import { mayEmailGuests } from './may-email-guests';
import { insertEmails, newUnsubscribeToken, type EmailAttachment } from './outbox';
import { addressKey } from './recipients';
import { confirmationRenderer } from './confirmation-renderer';
import type { EmailRenderer, RenderedEmail } from './render-email';

/** Who replied. */
export interface ReplyAuthorship {
  occasionId: string;
  householdId: string;
  guestId: string;
}

/**
 * Runs inside a guest's reply transaction (whose own write records who sent it) and writes the
 * confirmation to the outbox (to the replying guest's email, else the household's; none when neither has one
 * or that address unsubscribed, or the occasion's account may not email guests), so the reply and its confirmation commit together. The message
 * is written unrendered (empty HTML): rendering (~5 ms) would hold the reply's transaction, so
 * the worker renders it from the reply as it is when sent ({@link renderConfirmation}). For the
 * same reason a change made while the last change's confirmation still waits unsent adds none:
 * that one will tell both, and a guest who corrects a reply gets one message, not one per click.
 */
export async function recordReply(trx: Transaction<Database>, reply: ReplyAuthorship, now: Date): Promise<void> {
  const address = await confirmationAddress(trx, reply);
  if (!address || (await confirmationWaiting(trx, reply.householdId, address))) return;
  const occasion = await trx.selectFrom('occasion').select(['id', 'title', 'accountId']).where('id', '=', reply.occasionId).executeTakeFirstOrThrow();
  if (!(await mayEmailGuests(trx, occasion.accountId))) return;
  const template = await loadTemplate(trx, occasion.id, occasion.title, 'CONFIRMATION');
  await insertEmails(
    trx,
    [{ occasionId: occasion.id, householdId: reply.householdId, kind: 'CONFIRMATION', to: address, subject: template.subject, html: '', text: '', unsubscribeToken: newUnsubscribeToken() }],
    now,
  );
}

/** A message not rendered yet: a confirmation written by {@link recordReply}. */
export const isUnrendered = (message: { html: string }): boolean => message.html === '';

/** A confirmation as it is sent. */
export type RenderedConfirmation = RenderedEmail & { subject: string; attachments: EmailAttachment[] };

/** What a confirmation is rendered for. */
export interface UnrenderedConfirmation {
  id: string;
  occasionId: string;
  householdId: string | null;
  unsubscribeToken: string;
}

/**
 * Renders a confirmation from its household's reply as it is now; undefined when the household
 * or occasion is gone (deleted since).
 */
export async function renderConfirmation(
  db: Kysely<Database>,
  message: Omit<UnrenderedConfirmation, 'id'>,
  publicUrl: string,
  now: Date,
  renderEmail: EmailRenderer,
): Promise<RenderedConfirmation | undefined> {
  return (await renderConfirmations(db, [{ ...message, id: '' }], publicUrl, now, renderEmail)).get('');
}

/**
 * Renders confirmations (a batch of the worker's) by message id, each from its household's reply
 * as it is now, filled into its occasion's template rendered once ({@link confirmationRenderer}):
 * a few queries per occasion of the batch, not per message. A message whose household or
 * occasion is gone (deleted since) is absent.
 */
export async function renderConfirmations(
  db: Kysely<Database>,
  messages: readonly UnrenderedConfirmation[],
  publicUrl: string,
  now: Date,
  renderEmail: EmailRenderer,
): Promise<Map<string, RenderedConfirmation>> {
  const rendered = new Map<string, RenderedConfirmation>();
  const occasionIds = [...new Set(messages.map((message) => message.occasionId))];
  if (occasionIds.length === 0) return rendered;
  const occasions: OccasionRow[] = await db.selectFrom('occasion').selectAll().where('id', 'in', occasionIds).execute();
  await Promise.all(
    occasions.map(async (occasion) => {
      const own = messages.filter((message) => message.occasionId === occasion.id && message.householdId);
      const template = await loadTemplate(db, occasion.id, occasion.title, 'CONFIRMATION');
      const fill = confirmationRenderer(occasion.id, occasion.title, template, publicUrl, renderEmail);
      const parts = await confirmationPartsOf(db, occasion, template, own.map((message) => message.householdId!), now);
      for (const message of own) {
        const household = parts.get(message.householdId!);
        if (!household) continue;
        const filled = await fill(household.content.props, message.unsubscribeToken);
        rendered.set(message.id, { subject: template.subject, ...filled, attachments: household.attachments });
      }
    }),
  );
  return rendered;
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

function selectWaitingConfirmation(db: Kysely<Database>, householdId: string, kind: string, status: string, html: string, to: string) {
  const query = db
    .selectFrom('email')
    .select('id')
    .where('householdId', '=', householdId)
    .where('kind', '=', kind)
    .where('status', '=', status)
    .where('html', '=', html)
    .where('to', '=', to);
  return (db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query).execute();
}

async function confirmationAddress(trx: Transaction<Database>, reply: ReplyAuthorship): Promise<string | undefined> {
  const [found] = await selectAddresses(trx, reply.guestId);
  const address = found?.guestEmail || found?.householdEmail;
  if (!address) return undefined;
  const [stopped] = await selectUnsubscribed(trx, reply.occasionId, addressKey(address));
  return stopped ? undefined : address;
}

const selectAddresses = (db: Kysely<Database>, guestId: string) =>
  db
    .selectFrom('guest')
    .innerJoin('household', 'household.id', 'guest.householdId')
    .select(['guest.email as guestEmail', 'household.email as householdEmail'])
    .where('guest.id', '=', guestId)
    .execute();

const selectUnsubscribed = (db: Kysely<Database>, occasionId: string, address: string) =>
  db.selectFrom('emailUnsubscribe').select('address').where('occasionId', '=', occasionId).where('address', '=', address).execute();
