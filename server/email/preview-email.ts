import type { Kysely } from 'kysely';
import type { EmailKind } from '../../core/schemas/email';
import type { Database } from '../db/schema';
import type { OccasionRow } from '../data/occasions';
import { notFound } from '../data/api-error';
import { invitationCheckIn } from './check-in-qr';
import { invitationContent } from './compose-invitation';
import { confirmationParts } from './compose-confirmation';
import { digestContent, digestReplies } from './compose-digest';
import { loadTemplate } from './email-templates';
import type { EmailContent, EmailRenderer } from './render-email';

const SAMPLE_HOUSEHOLD = { householdName: 'The Sample Household', inviteCode: 'ABCD-EFGH-JKMN', checkInCode: 'ABCDE12345' };
const SAMPLE_LINK = '#unsubscribe-preview';

/**
 * The HTML of a kind of message as the saved template renders it: for the household asked (404
 * when it is not the occasion's), else the first by name, else sample data. The digest shows
 * the latest replies, or a sample one.
 */
export async function previewEmail(
  db: Kysely<Database>,
  occasion: OccasionRow,
  kind: EmailKind,
  householdId: string | undefined,
  renderEmail: EmailRenderer,
  publicUrl: string,
): Promise<string> {
  const template = await loadTemplate(db, occasion.id, occasion.title, kind);
  const household = await pickHousehold(db, occasion.id, householdId, kind === 'CONFIRMATION');
  let content: EmailContent;
  if (kind === 'INVITATION' || kind === 'REMINDER') {
    const invited = household ? { householdName: household.name, inviteCode: household.inviteCode, checkInCode: household.checkInCode } : SAMPLE_HOUSEHOLD;
    content = invitationContent(kind, occasion, template, invited, SAMPLE_LINK, invitationCheckIn(publicUrl, invited.checkInCode));
  } else if (kind === 'CONFIRMATION') {
    content = household
      ? (await confirmationParts(db, occasion, template, household.id, SAMPLE_LINK, new Date())).content
      : { kind, props: { occasionTitle: occasion.title, intro: template.intro, householdName: SAMPLE_HOUSEHOLD.householdName, activities: [], plusOnes: [], message: '', unsubscribeUrl: SAMPLE_LINK } };
  } else {
    const replies = await digestReplies(db, occasion, null);
    const shown = replies.length > 0 ? replies.slice(0, 10) : [{ householdName: SAMPLE_HOUSEHOLD.householdName, when: 'today', attending: 2, declined: 0, message: 'We cannot wait!' }];
    content = digestContent(occasion, template, shown, SAMPLE_LINK);
  }
  return (await renderEmail(content)).html;
}

/** The household asked for, else the first by name (for a confirmation, the first that replied). */
async function pickHousehold(db: Kysely<Database>, occasionId: string, householdId: string | undefined, replied: boolean) {
  let query = db.selectFrom('household').select(['id', 'name', 'inviteCode', 'checkInCode']).where('occasionId', '=', occasionId).orderBy('name').orderBy('id').limit(1);
  if (householdId !== undefined) query = query.where('id', '=', householdId);
  else if (replied) query = query.where('id', 'in', db.selectFrom('rsvp').select('householdId').where('occasionId', '=', occasionId));
  const row = await query.executeTakeFirst();
  if (householdId !== undefined && !row) throw notFound('No such household.');
  return row;
}
