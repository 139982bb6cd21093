import type { Kysely } from 'kysely';
import type { EmailSend, EmailSendResult, EmailSkip, SendableEmailKind } from '../../core/schemas/email';
import type { DatabaseKind } from '../db/create-database';
import type { Database } from '../db/schema';
import { lockOccasionForBulk } from '../data/bulk-lock';
import type { OccasionRow } from '../data/occasions';
import { ApiError } from '../data/api-error';
import { loadTemplate } from './email-templates';
import { mayEmailGuests, mayNotEmailGuests } from './may-email-guests';
import { invitationRenderer } from './invitation-renderer';
import type { EmailRenderer } from './render-email';
import { insertEmails, newUnsubscribeToken, type NewEmail } from './outbox';
import { addressKey, listRecipients, type HouseholdRecipient } from './recipients';

/**
 * `POST /occasion/{id}/emails`: renders one message per address of each chosen household, then
 * writes them to the outbox in one transaction that first takes the occasion's bulk lock and
 * looks again at the outbox. Without `householdIds` the server chooses: invitations to every
 * household never invited, reminders to every pending one without a reminder still waiting;
 * so two such sends at once queue each household once. Named households are sent to as asked.
 * `guard`, run first in that transaction, may call the send off (the worker's scheduled reminder).
 * A household is skipped without an address (`NO_ADDRESS`), with every address unsubscribed
 * (`UNSUBSCRIBED`), and for a reminder when nothing is pending (`NOT_PENDING`). An account that
 * may not email guests (unverified) is refused with 403 before anything is read.
 */
export async function sendEmails(
  db: Kysely<Database>,
  dbKind: DatabaseKind,
  occasion: OccasionRow,
  input: EmailSend,
  publicUrl: string,
  renderEmail: EmailRenderer,
  guard?: (trx: Kysely<Database>) => Promise<boolean>,
): Promise<EmailSendResult> {
  if (!(await mayEmailGuests(db, occasion.accountId))) throw mayNotEmailGuests();
  const all = await listRecipients(db, occasion.id);
  const chosen = chooseHouseholds(all, input);
  const skipped: EmailSkip[] = [];
  const sendable = chosen.filter((recipient) => {
    const reason = skipReason(recipient, input.kind);
    if (reason) skipped.push({ householdId: recipient.householdId, reason });
    return !reason;
  });
  const messages = await renderMessages(db, occasion, input.kind, sendable, publicUrl, renderEmail);
  const queued = await db.transaction().execute(async (trx) => {
    await lockOccasionForBulk(trx, dbKind, occasion.id);
    if (guard && !(await guard(trx))) return 0;
    const taken = input.householdIds ? new Set<string>() : await householdsTaken(trx, occasion.id, input.kind);
    const fresh = messages.filter((message) => !taken.has(message.householdId!));
    await insertEmails(trx, fresh, new Date());
    return fresh.length;
  });
  return { queued, skipped };
}

function chooseHouseholds(all: HouseholdRecipient[], input: EmailSend): HouseholdRecipient[] {
  if (!input.householdIds) {
    return all.filter((recipient) => (input.kind === 'INVITATION' ? recipient.invitedAt === null : recipient.pending));
  }
  const byId = new Map(all.map((recipient) => [recipient.householdId, recipient]));
  const issues = input.householdIds.flatMap((id, index) =>
    byId.has(id) ? [] : [{ path: `householdIds.${index}`, message: 'This household is not one of the occasion\'s.' }],
  );
  if (issues.length > 0) throw new ApiError(400, 'VALIDATION_FAILED', 'Some households are not the occasion\'s.', issues.slice(0, 100));
  return input.householdIds.map((id) => byId.get(id)!);
}

function skipReason(recipient: HouseholdRecipient, kind: SendableEmailKind): EmailSkip['reason'] | undefined {
  if (recipient.addresses.length === 0) return 'NO_ADDRESS';
  if (recipient.unsubscribed.length === recipient.addresses.length) return 'UNSUBSCRIBED';
  if (kind === 'REMINDER' && !recipient.pending) return 'NOT_PENDING';
  return undefined;
}

async function renderMessages(
  db: Kysely<Database>,
  occasion: OccasionRow,
  kind: SendableEmailKind,
  recipients: HouseholdRecipient[],
  publicUrl: string,
  renderEmail: EmailRenderer,
): Promise<NewEmail[]> {
  const template = await loadTemplate(db, occasion.id, occasion.title, kind);
  const render = await invitationRenderer(kind, occasion, template, publicUrl, renderEmail);
  const messages: NewEmail[] = [];
  for (const recipient of recipients) {
    const stopped = new Set(recipient.unsubscribed.map(addressKey));
    for (const address of recipient.addresses.filter((a) => !stopped.has(addressKey(a)))) {
      const token = newUnsubscribeToken();
      const rendered = render(recipient, token);
      messages.push({ occasionId: occasion.id, householdId: recipient.householdId, kind, to: address, subject: template.subject, ...rendered, unsubscribeToken: token });
    }
  }
  return messages;
}

/**
 * Households a default send leaves out, read inside the locked transaction: for invitations,
 * every household ever invited; for reminders, those with a reminder still waiting.
 */
async function householdsTaken(trx: Kysely<Database>, occasionId: string, kind: SendableEmailKind): Promise<Set<string>> {
  let query = trx.selectFrom('email').select('householdId').distinct().where('occasionId', '=', occasionId).where('kind', '=', kind);
  if (kind === 'REMINDER') query = query.where('status', 'in', ['QUEUED', 'SENDING']);
  const rows = await query.execute();
  return new Set(rows.map((row) => row.householdId).filter((id): id is string => id !== null));
}
