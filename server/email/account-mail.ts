import { randomBytes } from 'node:crypto';
import { html, raw } from 'hono/html';
import type { Kysely, Transaction } from 'kysely';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import type { LogFunction } from '../logger';
import type { EmailSettings } from './email-settings';
import type { EmailTransport } from './transport';

/** The account's own messages (never to guests, never counted against an occasion's limits). */
export type AccountEmailKind = 'VERIFY_EMAIL' | 'RESET_PASSWORD' | 'CHANGE_EMAIL' | 'EMAIL_CHANGE_NOTICE' | 'PASSWORD_RESET_NOTICE' | 'RETENTION_NOTICE' | 'ERASURE_REQUEST';

export interface AccountMessage {
  kind: AccountEmailKind;
  to: string;
  subject: string;
  html: string;
  text: string;
}

interface Wording {
  subject: string;
  lines: string[];
  link?: { url: string; label: string };
}

/** One message: a short page of lines and at most one button, and its plain-text part (the link on a line of its own). */
function message(kind: AccountEmailKind, to: string, { subject, lines, link }: Wording): AccountMessage {
  const body = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>${subject}</title></head>
<body style="font-family: Georgia, serif; background: #f6f4f1; color: #2b2724; padding: 24px">
<div style="background: #fff; border-radius: 8px; padding: 24px; max-width: 32rem; margin: 0 auto">
${lines.map((line) => html`<p>${line}</p>`)}
${link ? html`<p><a href="${link.url}" style="background: #7a4b3a; color: #fff; padding: 10px 20px; border-radius: 6px; text-decoration: none">${link.label}</a></p><p style="font-size: 14px">Or open this address: ${link.url}</p>` : raw('')}
</div></body></html>`;
  const text = [...lines, ...(link ? ['', `${link.label}:`, link.url, ''] : [])].join('\n\n').replace(/\n{3,}/g, '\n\n');
  return { kind, to, subject, html: String(body), text };
}

export function verifyEmailMessage(to: string, firstName: string, url: string): AccountMessage {
  return message('VERIFY_EMAIL', to, {
    subject: 'Confirm your email address for Kindly',
    lines: [`Hello ${firstName},`, 'Confirm that this is your address, so that Kindly can send email to your guests for you. The link works for 48 hours, once.'],
    link: { url, label: 'Confirm my address' },
  });
}

export function changeEmailMessage(to: string, firstName: string, url: string): AccountMessage {
  return message('CHANGE_EMAIL', to, {
    subject: 'Confirm your new email address for Kindly',
    lines: [`Hello ${firstName},`, 'You asked to sign in to Kindly with this address from now on. It takes effect once you confirm. The link works for 24 hours, once.'],
    link: { url, label: 'Use this address' },
  });
}

export function emailChangeNotice(to: string, firstName: string, newAddress: string): AccountMessage {
  return message('EMAIL_CHANGE_NOTICE', to, {
    subject: 'Your Kindly email address is being changed',
    lines: [
      `Hello ${firstName},`,
      `Someone signed in to your Kindly account asked to use ${newAddress} instead of this address. Nothing changes until that address is confirmed.`,
      'If this was not you, sign in, change your password and end your other sessions in Account settings.',
    ],
  });
}

export function resetPasswordMessage(to: string, firstName: string, url: string): AccountMessage {
  return message('RESET_PASSWORD', to, {
    subject: 'Reset your Kindly password',
    lines: [`Hello ${firstName},`, 'Someone asked to reset the password of your Kindly account. If it was you, choose a new one; the link works for 30 minutes, once, and signs you out everywhere.', 'If it was not you, do nothing: your password stays as it is.'],
    link: { url, label: 'Choose a new password' },
  });
}

export function passwordResetNotice(to: string, firstName: string): AccountMessage {
  return message('PASSWORD_RESET_NOTICE', to, {
    subject: 'Your Kindly password was changed',
    lines: [`Hello ${firstName},`, 'The password of your Kindly account was reset by a link sent to this address, and every session was ended.', 'If this was not you, reset it again at once.'],
  });
}

/** Tells an owner when an occasion's guests will be erased, and how to keep them longer. */
export function retentionNotice(to: string, firstName: string, occasionTitle: string, eraseOn: string, url: string): AccountMessage {
  return message('RETENTION_NOTICE', to, {
    subject: `The guest list of ${occasionTitle} will be erased on ${eraseOn}`,
    lines: [
      `Hello ${firstName},`,
      `As set in its settings, Kindly erases the guests of ${occasionTitle} on ${eraseOn}: their names, contact details, replies, answers and messages. The schedule, the questions and a history without names stay.`,
      'To keep a copy, export all data before then. To keep the guests longer, postpone the date in the settings.',
    ],
    link: { url, label: 'Open the settings' },
  });
}

export function erasureRequestNotice(to: string, firstName: string, about: { householdName: string; occasionTitle: string }, url: string): AccountMessage {
  return message('ERASURE_REQUEST', to, {
    subject: `${about.householdName} asked to have their data erased from ${about.occasionTitle}`,
    lines: [
      `Hello ${firstName},`,
      `${about.householdName}, guests of ${about.occasionTitle}, asked you to erase what Kindly keeps about them: names, contact details, replies, answers and messages.`,
      'Confirm or decline the request on the occasion\'s overview in Kindly. Confirming erases their household at once.',
    ],
    link: { url, label: 'Open the request' },
  });
}

/** Queues messages of an account (call inside the action's transaction). */
export async function queueAccountEmails(db: Kysely<Database> | Transaction<Database>, accountId: string | null, messages: AccountMessage[], now: Date): Promise<void> {
  if (messages.length === 0) return;
  const at = now.toISOString();
  await db
    .insertInto('accountEmail')
    .values(
      messages.map((m) => ({
        id: newId(),
        accountId,
        ...m,
        status: 'QUEUED',
        attempts: 0,
        nextAttemptAt: at,
        lastError: null,
        createdAt: at,
        sentAt: null,
        lease: null,
        leaseUntil: null,
      })),
    )
    .execute();
}

/**
 * Sends due account messages: claimed with a lease like the occasions' outbox (an instance
 * that dies loses them when the lease runs out), retried with backoff, `BOUNCED` on an SMTP 5xx.
 * No per-occasion limit applies: these go to the account's own address, a few at a time.
 * Answers how many were handled.
 */
export async function sendAccountEmails(options: {
  db: Kysely<Database>;
  dbKind: 'sqlite' | 'postgres';
  settings: EmailSettings;
  transport: EmailTransport;
  log: LogFunction;
  now?: Date;
}): Promise<number> {
  const { db, dbKind, settings, transport, log } = options;
  const now = options.now ?? new Date();
  const lease = randomBytes(9).toString('base64url');
  const at = now.toISOString();
  let due = db
    .selectFrom('accountEmail')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'QUEUED'), eb('nextAttemptAt', '<=', at)]),
        eb.and([eb('status', '=', 'SENDING'), eb('leaseUntil', '<', at)]),
      ]),
    )
    .orderBy('nextAttemptAt')
    .limit(50);
  if (dbKind === 'postgres') due = due.forUpdate().skipLocked();
  const claimed = await db
    .updateTable('accountEmail')
    .set({ status: 'SENDING', lease, leaseUntil: new Date(now.getTime() + settings.leaseMs).toISOString() })
    .where('id', 'in', due)
    .returningAll()
    .execute();
  for (const row of claimed) {
    const attempts = Number(row.attempts) + 1;
    let outcome: { status: string; lastError: string | null; sentAt?: string; nextAttemptAt?: string };
    try {
      await transport.send({ id: row.id, from: settings.mailFrom, to: row.to, subject: row.subject, html: row.html, text: row.text, attachments: [], headers: {} });
      outcome = { status: 'SENT', lastError: null, sentAt: new Date().toISOString() };
    } catch (error) {
      const code = (error as { responseCode?: unknown }).responseCode;
      const text = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      if (typeof code === 'number' && code >= 500 && code < 600) outcome = { status: 'BOUNCED', lastError: text };
      else if (attempts >= settings.maxAttempts) outcome = { status: 'FAILED', lastError: text };
      else outcome = { status: 'QUEUED', lastError: text, nextAttemptAt: new Date(Date.now() + settings.retryBaseMs * 2 ** (attempts - 1)).toISOString() };
      log(`email worker: account message ${row.id}: ${text}`);
    }
    await db
      .updateTable('accountEmail')
      .set({ ...outcome, attempts, lease: null, leaseUntil: null })
      .where('id', '=', row.id)
      .where('lease', '=', lease)
      .execute();
  }
  return claimed.length;
}
