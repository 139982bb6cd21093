import nodemailer from 'nodemailer';
import type { DkimSettings } from './dkim-settings';
import type { EmailSettings } from './email-settings';
import { mailFromDomain } from './mail-from';
import type { EmailAttachment } from './outbox';

/** One message as the worker hands it to a transport. */
export interface OutgoingMessage {
  /** The outbox id: the `Message-ID` is made from it (`<id@MAIL_FROM's domain>`), so a receiver can tell a resend. */
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: EmailAttachment[];
  headers: Record<string, string>;
}

/** Where messages go: an SMTP server, or nowhere but the outbox table. */
export interface EmailTransport {
  readonly kind: 'smtp' | 'local';
  /** Messages worth handing over at once (the SMTP pool's connections); the worker sends that many together. */
  readonly concurrency?: number;
  /** Resolves once the server accepted the message; rejects with nodemailer's error (`responseCode`) otherwise. */
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

/** Without `SMTP_URL`: a message is "sent" when the worker marks it; the dashboard shows it from the outbox. */
export const localOutbox: EmailTransport = { kind: 'local', send: async () => {}, close: () => {} };

/**
 * How nodemailer sends: a pool of connections kept open and used at once (one connection sends a
 * message per round trip of its `DATA`, so a burst of confirmations needs several; most providers
 * allow 10 or more), and short time limits, so that a stalled server cannot hold a lease for long.
 * Given in the URL's query, as nodemailer reads options only from there when given a URL;
 * `SMTP_URL` may set any of them itself (`?maxConnections=4`).
 */
const SMTP_OPTIONS = { pool: 'true', maxConnections: '10', connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '30000' };

/**
 * Nodemailer over a pool of SMTP connections (see {@link SMTP_OPTIONS}), signing every message
 * with DKIM when `dkim` is given. The `Message-ID` is in the `From` address's domain, the one
 * the message claims to come from, not the SMTP server's host name.
 */
export function smtpTransport(url: string, dkim?: DkimSettings): EmailTransport {
  const configured = new URL(url);
  for (const [key, value] of Object.entries(SMTP_OPTIONS)) if (!configured.searchParams.has(key)) configured.searchParams.set(key, value);
  const transporter = nodemailer.createTransport(configured.toString());
  const connections = Number(configured.searchParams.get('maxConnections'));
  return {
    kind: 'smtp',
    concurrency: Number.isInteger(connections) && connections > 0 ? connections : 1,
    async send(message) {
      const info = await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: message.headers,
        messageId: `<${message.id}@${mailFromDomain(message.from)}>`,
        ...(dkim ? { dkim } : {}),
        attachments: message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
      });
      if (info.rejected.length > 0) throw Object.assign(new Error(`Refused: ${info.rejected.join(', ')}`), { responseCode: 550 });
    },
    close: () => transporter.close(),
  };
}

/** The transport the settings ask for. */
export function createTransport(settings: Pick<EmailSettings, 'smtpUrl' | 'dkim'>): EmailTransport {
  return settings.smtpUrl ? smtpTransport(settings.smtpUrl, settings.dkim) : localOutbox;
}
