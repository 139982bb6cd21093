import nodemailer from 'nodemailer';
import { RequestThread } from '../helper-thread';
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

/** `url` with {@link SMTP_OPTIONS} it does not set itself, and the messages worth sending at once over it. */
function pooledSmtp(url: string): { url: string; concurrency: number } {
  const configured = new URL(url);
  for (const [key, value] of Object.entries(SMTP_OPTIONS)) if (!configured.searchParams.has(key)) configured.searchParams.set(key, value);
  const connections = Number(configured.searchParams.get('maxConnections'));
  return { url: configured.toString(), concurrency: Number.isInteger(connections) && connections > 0 ? connections : 1 };
}

/**
 * Nodemailer over a pool of SMTP connections (see {@link SMTP_OPTIONS}), signing every message
 * with DKIM when `dkim` is given. The `Message-ID` is in the `From` address's domain, the one
 * the message claims to come from, not the SMTP server's host name.
 */
export function smtpTransport(url: string, dkim?: DkimSettings): EmailTransport {
  const pool = pooledSmtp(url);
  const transporter = nodemailer.createTransport(pool.url);
  return {
    kind: 'smtp',
    concurrency: pool.concurrency,
    async send(message) {
      const info = await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: message.headers,
        // Base64 is encoded natively; quoted-printable, nodemailer's pick for mostly-ASCII HTML,
        // is encoded character by character in JavaScript: a millisecond more a confirmation.
        textEncoding: 'base64',
        messageId: `<${message.id}@${mailFromDomain(message.from)}>`,
        ...(dkim ? { dkim } : {}),
        attachments: message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
      });
      if (info.rejected.length > 0) throw Object.assign(new Error(`Refused: ${info.rejected.join(', ')}`), { responseCode: 550 });
    },
    close: () => transporter.close(),
  };
}

/** What the email send thread is started with. */
export interface SendThreadData {
  url: string;
  dkim: DkimSettings | undefined;
}

/**
 * {@link smtpTransport} on a thread of its own (`script`: dist/server/email-send-thread.js).
 * Composing a message's MIME, signing it and writing it to the SMTP connections costs some
 * milliseconds of CPU a message, as much as a guest's whole reply: on the request thread every
 * confirmation of a wave slowed the replies still coming. A refusal keeps its `responseCode`.
 */
export function threadedSmtpTransport(script: URL, url: string, dkim?: DkimSettings): EmailTransport {
  const data: SendThreadData = { url, dkim };
  const thread = new RequestThread<OutgoingMessage, null>(script, 'email send thread', '', { workerData: data });
  return {
    kind: 'smtp',
    concurrency: pooledSmtp(url).concurrency,
    send: async (message) => void (await thread.ask(message)),
    close: () => void thread.close(),
  };
}

/** The transport the settings ask for: SMTP on the send thread when its script is given, else on this thread. */
export function createTransport(settings: Pick<EmailSettings, 'smtpUrl' | 'dkim'>, sendThread?: URL): EmailTransport {
  if (!settings.smtpUrl) return localOutbox;
  return sendThread ? threadedSmtpTransport(sendThread, settings.smtpUrl, settings.dkim) : smtpTransport(settings.smtpUrl, settings.dkim);
}
