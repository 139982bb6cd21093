import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { OutboxEmailKind } from '../../core/schemas/email';
import { newId } from '../db/ids';
import type { Database, EmailTable } from '../db/schema';
import { writeJsonColumn } from '../data/json-column';
import type { RenderedEmail } from './render-email';

/** A file sent with a message (the confirmation's `.ics`). */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** A message ready for the outbox: rendered, addressed to one address. */
export interface NewEmail extends RenderedEmail, Pick<Selectable<EmailTable>, 'occasionId' | 'householdId' | 'to' | 'subject' | 'unsubscribeToken'> {
  kind: OutboxEmailKind;
  attachments?: EmailAttachment[];
}

/** 32 random bytes, base64url: the unsubscribe link of one message (and so of its address). */
export function newUnsubscribeToken(): string {
  return randomBytes(32).toString('base64url');
}

/** `…/unsubscribe/{token}` under the server's public URL. */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/unsubscribe/${token}`;
}

/** Writes messages to the outbox as `QUEUED`, due now; call it inside the action's transaction. */
export async function insertEmails(db: Kysely<Database>, emails: readonly NewEmail[], now: Date): Promise<void> {
  if (emails.length === 0) return;
  const at = now.toISOString();
  const rows = emails.map(({ attachments = [], ...email }) => ({
    id: newId(),
    ...email,
    attachments: writeJsonColumn(attachments),
    status: 'QUEUED',
    attempts: 0,
    nextAttemptAt: at,
    lastError: null,
    createdAt: at,
    sentAt: null,
    lease: null,
    leaseUntil: null,
  }));
  // 19 columns a row: stay far below SQLite's and PostgreSQL's parameter limits.
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('email').values(rows.slice(i, i + 500)).execute();
}
