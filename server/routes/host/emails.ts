import { Hono, type Context } from 'hono';
import { EMAIL_KINDS, EmailSendSchema, EmailTemplateUpdateSchema, type EmailKind, type EmailRecipient } from '../../../core/schemas/email';
import type { AppEnv } from '../../app-env';
import { findOwnedOccasion } from '../../data/occasions';
import { rsvpPageUrlOf } from '../../data/occasion-slugs';
import { listTemplates, saveTemplate } from '../../email/email-templates';
import { outboxPage, readOutboxQuery } from '../../email/outbox-page';
import { previewEmail } from '../../email/preview-email';
import { publicUrlOf } from '../../email/public-url';
import { isUnrendered, renderConfirmation } from '../../email/record-reply';
import { listRecipients } from '../../email/recipients';
import { sendEmails } from '../../email/send-emails';
import { notFound } from '../../data/api-error';
import { readBody } from '../../http/read-body';

/** `POST .../emails` names up to 10,000 households (~150 KB of ids). */
export const EMAIL_SEND_BODY_LIMIT = 1024 * 1024;

/**
 * Email of an occasion: templates and their preview, recipients, sending invitations and
 * reminders, and the outbox with each message as rendered. The two HTML routes get their own
 * CSP (see the security-headers middleware): React Email writes inline styles.
 */
export function emailRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const base = '/occasion/:occasionId';

  routes.get(`${base}/email-templates`, async (c) => {
    const occasion = await ownedOccasion(c);
    return c.json(await listTemplates(c.get('deps').db, occasion.id, occasion.title));
  });

  routes.put(`${base}/email-template/:kind`, async (c) => {
    const kind = kindParam(c);
    const occasion = await ownedOccasion(c);
    const patch = await readBody(c, EmailTemplateUpdateSchema);
    return c.json(await saveTemplate(c.get('deps').db, occasion, kind, patch));
  });

  routes.get(`${base}/email-preview/:kind`, async (c) => {
    const kind = kindParam(c);
    const owned = await ownedOccasion(c);
    const occasion = { ...owned, rsvpPageUrl: rsvpPageUrlOf(owned, publicUrlOf(c, c.get('deps').config)) };
    return c.html(await previewEmail(c.get('deps').db, occasion, kind, c.req.query('householdId'), c.get('deps').renderEmail, publicUrlOf(c, c.get('deps').config)));
  });

  routes.get(`${base}/email-recipients`, async (c) => {
    const occasion = await ownedOccasion(c);
    const recipients = await listRecipients(c.get('deps').db, occasion.id);
    return c.json(recipients.map(({ inviteCode: _code, checkInCode: _checkIn, ...recipient }): EmailRecipient => recipient));
  });

  routes.post(`${base}/emails`, async (c) => {
    const { db, dbKind, config, renderEmail } = c.get('deps');
    const occasion = await ownedOccasion(c);
    const input = await readBody(c, EmailSendSchema, EMAIL_SEND_BODY_LIMIT);
    return c.json(await sendEmails(db, dbKind, occasion, input, publicUrlOf(c, config), renderEmail), 202);
  });

  routes.get(`${base}/emails`, async (c) => {
    const occasion = await ownedOccasion(c);
    const { limit, after } = readOutboxQuery(c.req.query('limit'), c.req.query('cursor'));
    return c.json(await outboxPage(c.get('deps').db, occasion.id, limit, after));
  });

  routes.get(`${base}/email/:emailId/html`, async (c) => {
    const occasion = await ownedOccasion(c);
    const { db, config, renderEmail } = c.get('deps');
    const row = await db
      .selectFrom('email')
      .select(['html', 'occasionId', 'householdId', 'unsubscribeToken'])
      .where('id', '=', c.req.param('emailId'))
      .where('occasionId', '=', occasion.id)
      .executeTakeFirst();
    if (!row) throw notFound('No such email.');
    if (!isUnrendered(row)) return c.html(row.html);
    // A confirmation the worker has not rendered yet: show it as it would be sent now.
    const rendered = await renderConfirmation(db, row, publicUrlOf(c, config), new Date(), renderEmail);
    if (!rendered) throw notFound('No such email.');
    return c.html(rendered.html);
  });

  return routes;
}

function ownedOccasion(c: Context<AppEnv>) {
  return findOwnedOccasion(c.get('deps').db, c.get('host'), c.req.param('occasionId')!);
}

/** The `kind` of the path; any other value is an unknown route (404). */
function kindParam(c: Context<AppEnv>): EmailKind {
  const kind = c.req.param('kind');
  if (!(EMAIL_KINDS as readonly string[]).includes(kind ?? '')) throw notFound('No such kind of email.');
  return kind as EmailKind;
}
