import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { confirmationParts } from './compose-confirmation';
import { loadTemplate } from './email-templates';
import { insertEmails, newUnsubscribeToken, unsubscribeUrl } from './outbox';
import { addressKey } from './recipients';
import { renderEmail } from './render-email';

/** Who replied, and where the links of the confirmation point. */
export interface ReplyAuthorship {
  occasionId: string;
  householdId: string;
  guestId: string;
  publicUrl: string;
}

/**
 * Runs inside a guest's reply transaction: records who sent it, and writes the confirmation to
 * the outbox (to the replying guest's email, else the household's; none when neither has one
 * or that address unsubscribed), so the reply and its confirmation commit together.
 */
export async function recordReply(trx: Transaction<Database>, reply: ReplyAuthorship, now: Date): Promise<void> {
  await trx.updateTable('rsvp').set({ answeredByGuestId: reply.guestId }).where('householdId', '=', reply.householdId).execute();
  const address = await confirmationAddress(trx, reply);
  if (!address) return;
  const occasion = await trx.selectFrom('occasion').selectAll().where('id', '=', reply.occasionId).executeTakeFirstOrThrow();
  const template = await loadTemplate(trx, occasion.id, occasion.title, 'CONFIRMATION');
  const token = newUnsubscribeToken();
  const parts = await confirmationParts(trx, occasion, template, reply.householdId, unsubscribeUrl(reply.publicUrl, token), now);
  const rendered = await renderEmail(parts.content);
  await insertEmails(
    trx,
    [{ occasionId: occasion.id, householdId: reply.householdId, kind: 'CONFIRMATION', to: address, subject: template.subject, ...rendered, attachments: parts.attachments, unsubscribeToken: token }],
    now,
  );
}

async function confirmationAddress(trx: Transaction<Database>, reply: ReplyAuthorship): Promise<string | undefined> {
  const guest = await trx.selectFrom('guest').select('email').where('id', '=', reply.guestId).executeTakeFirst();
  const household = await trx.selectFrom('household').select('email').where('id', '=', reply.householdId).executeTakeFirst();
  const address = guest?.email || household?.email;
  if (!address) return undefined;
  const stopped = await trx
    .selectFrom('emailUnsubscribe')
    .select('address')
    .where('occasionId', '=', reply.occasionId)
    .where('address', '=', addressKey(address))
    .executeTakeFirst();
  return stopped ? undefined : address;
}
