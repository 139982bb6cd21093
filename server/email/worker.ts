import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable, Updateable } from 'kysely';
import pMap from 'p-map';
import type { DatabaseKind } from '../db/create-database';
import type { Database, EmailTable } from '../db/schema';
import { readJsonColumn, writeJsonColumn } from '../data/json-column';
import type { LogFunction } from '../logger';
import type { EmailSettings } from './email-settings';
import { sendAccountEmails } from './account-mail';
import { HourlyAllowance } from './hourly-allowance';
import { unsubscribeUrl, type EmailAttachment } from './outbox';
import { addressKey } from './recipients';
import { isUnrendered, renderConfirmations, type RenderedConfirmation } from './record-reply';
import type { EmailRenderer } from './render-email';
import { queueScheduledMail } from './scheduled-mail';
import type { EmailTransport } from './transport';

type EmailRow = Selectable<EmailTable>;

/** What a batch's messages need, read once for the batch (see `prepare`). */
interface Batch {
  /** Confirmations by message id; one whose household or occasion is gone is absent. */
  rendered: Map<string, RenderedConfirmation>;
  /** The messages whose address unsubscribed. */
  unsubscribed: Set<string>;
  allowance: HourlyAllowance;
}

/** What the worker needs. */
export interface EmailWorkerOptions {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  settings: EmailSettings;
  transport: EmailTransport;
  /** The server's public URL, for `List-Unsubscribe` and links in scheduled mail. */
  publicUrl: () => string;
  log: LogFunction;
  /** Renders scheduled mail and confirmations (the app's `renderEmail`). */
  renderEmail: EmailRenderer;
  /** Messages claimed at once (100 unless given). */
  batchSize?: number;
  /** Messages of a batch handled at once (the transport's, else 10, unless given). */
  concurrency?: number;
  /** How often scheduled reminders and digests are looked for (60 s unless given). */
  scheduleEveryMs?: number;
}

/** Six hours: the longest wait between two attempts. */
const MAX_BACKOFF_MS = 6 * 3600_000;
const DEFAULT_BATCH_SIZE = 100;
const DEFAULT_CONCURRENCY = 10;

/**
 * Sends the outbox. Each round claims due messages (PostgreSQL: `FOR UPDATE SKIP LOCKED`, so
 * instances on one database never claim the same one; SQLite: one atomic `UPDATE`), marks them
 * `SENDING` with a lease, and sends them several at once (as many as the transport's pool of
 * connections takes), and polls again at once after a full batch: accepted → `SENT`; an SMTP 5xx → `BOUNCED`;
 * any other failure (4xx, connection) → retried with exponential backoff, `FAILED` after the
 * last attempt. A lease that expires (its instance died) makes the message due again: a message
 * the SMTP server accepted just before the instance died, not yet marked, is sent again then.
 */
export class EmailWorker {
  readonly id = randomBytes(9).toString('base64url');
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<unknown> | undefined;
  private stopping = false;
  private lastSchedule = 0;
  private lastBatchFull = false;

  constructor(private readonly options: EmailWorkerOptions) {}

  /** Polls every `pollMs` until {@link stop}. */
  start(): void {
    this.stopping = false;
    const tick = async () => {
      this.running = this.runOnce().catch((error: unknown) => this.options.log(`email worker: ${describe(error)}`));
      await this.running;
      // A full batch leaves more due: the next round starts at once.
      if (!this.stopping) this.timer = setTimeout(tick, this.lastBatchFull ? 0 : this.options.settings.pollMs);
    };
    this.timer = setTimeout(tick, 0);
  }

  /** Stops polling and waits for the messages in flight; claimed messages not yet started are released. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One round: scheduled mail when due, then one batch of due messages. Answers how many were handled. */
  async runOnce(now = new Date()): Promise<number> {
    const scheduleEvery = this.options.scheduleEveryMs ?? 60_000;
    if (now.getTime() - this.lastSchedule >= scheduleEvery) {
      this.lastSchedule = now.getTime();
      await queueScheduledMail(this.options.db, this.options.dbKind, this.options.publicUrl(), now, this.options.renderEmail);
    }
    const claimed = await this.claim(now);
    this.lastBatchFull = claimed.length === (this.options.batchSize ?? DEFAULT_BATCH_SIZE);
    const batch = await this.prepare(claimed, now);
    const concurrency = this.options.concurrency ?? this.options.transport.concurrency ?? DEFAULT_CONCURRENCY;
    let handled = 0;
    await pMap(
      claimed,
      async (message) => {
        if (this.stopping) return this.release(message);
        // A database fault on one message leaves it to its lease and goes on with the others.
        await this.deliver(message, batch).catch((error: unknown) => this.options.log(`email worker: ${message.id}: ${describe(error)}`));
        handled += 1;
      },
      { concurrency },
    );
    // The accounts' own mail (verification, reset, notices) goes in the same round, not counted
    // among the occasions' messages (a round claims up to 50; they come a few at a time).
    if (!this.stopping) await sendAccountEmails({ ...this.options, now });
    return handled;
  }

  /** Runs rounds until nothing is due (tests and the demo). */
  async drain(): Promise<number> {
    let total = 0;
    for (let handled = await this.runOnce(); handled > 0; handled = await this.runOnce()) total += handled;
    return total;
  }

  private async claim(now: Date): Promise<EmailRow[]> {
    const { db, dbKind, settings, batchSize = DEFAULT_BATCH_SIZE } = this.options;
    const at = now.toISOString();
    let due = db
      .selectFrom('email')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'QUEUED'), eb('nextAttemptAt', '<=', at)]),
          eb.and([eb('status', '=', 'SENDING'), eb('leaseUntil', '<', at)]),
        ]),
      )
      .orderBy('nextAttemptAt')
      .orderBy('id')
      .limit(batchSize);
    if (dbKind === 'postgres') due = due.forUpdate().skipLocked();
    return await db
      .updateTable('email')
      .set({ status: 'SENDING', lease: this.id, leaseUntil: new Date(now.getTime() + settings.leaseMs).toISOString() })
      .where('id', 'in', due)
      .returningAll()
      .execute();
  }

  /**
   * What a batch's messages need before they are sent, read once for the batch: confirmations
   * rendered (from each reply as it is now), the addresses that unsubscribed, the hourly allowances.
   */
  private async prepare(claimed: EmailRow[], now: Date): Promise<Batch> {
    const { db, settings } = this.options;
    const [rendered, unsubscribed] = await Promise.all([
      renderConfirmations(db, claimed.filter(isUnrendered), this.options.publicUrl(), now, this.options.renderEmail),
      this.unsubscribed(claimed),
    ]);
    return { rendered, unsubscribed, allowance: new HourlyAllowance(db, settings, now) };
  }

  private async deliver(claimed: EmailRow, batch: Batch): Promise<void> {
    const { settings, transport } = this.options;
    const rendered = isUnrendered(claimed) ? batch.rendered.get(claimed.id) : undefined;
    if (isUnrendered(claimed) && !rendered) {
      return this.finish(claimed, { status: 'FAILED', lastError: 'The household or occasion was deleted before the message was sent.' });
    }
    const stored = rendered ? { ...rendered, attachments: writeJsonColumn(rendered.attachments) } : {};
    const message: EmailRow = { ...claimed, ...stored };
    if (batch.unsubscribed.has(claimed.id)) return this.finish(message, { status: 'FAILED', lastError: 'The address unsubscribed before the message was sent.' });
    const wait = await batch.allowance.take(message.occasionId, message.kind);
    // A confirmation that waits stays unrendered: it is rendered from the reply as it is then.
    if (wait !== undefined) {
      await this.mine({ status: 'QUEUED', nextAttemptAt: wait, lease: null, leaseUntil: null }, message);
      return;
    }
    // The lease taken at the claim may have run out while earlier messages of the batch were
    // sent, and another instance may have claimed this one since. Renew it now (storing a
    // confirmation as it is sent), and send only if it is still ours, so the send starts with a
    // whole lease ahead of it.
    if ((await this.mine({ ...stored, leaseUntil: new Date(Date.now() + settings.leaseMs).toISOString() }, message)) === 0) return;
    const unsubscribe = unsubscribeUrl(this.options.publicUrl(), message.unsubscribeToken);
    try {
      await transport.send({
        id: message.id,
        from: settings.mailFrom,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: readJsonColumn<EmailAttachment[]>(message.attachments, []),
        headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
    } catch (error) {
      await this.failed(message, error);
      return;
    }
    await this.finish(message, { status: 'SENT', lastError: null, sentAt: new Date().toISOString() });
  }

  private async failed(message: EmailRow, error: unknown): Promise<void> {
    const attempts = Number(message.attempts) + 1;
    const code = (error as { responseCode?: unknown }).responseCode;
    const text = describe(error).slice(0, 1000);
    if (typeof code === 'number' && code >= 500 && code < 600) return this.finish(message, { status: 'BOUNCED', lastError: text });
    if (attempts >= this.options.settings.maxAttempts) return this.finish(message, { status: 'FAILED', lastError: text });
    const delay = Math.min(this.options.settings.retryBaseMs * 2 ** (attempts - 1), MAX_BACKOFF_MS);
    const nextAttemptAt = new Date(Date.now() + delay).toISOString();
    await this.mine({ status: 'QUEUED', attempts, lastError: text, nextAttemptAt, lease: null, leaseUntil: null }, message);
  }

  private async finish(message: EmailRow, outcome: { status: string; lastError: string | null; sentAt?: string }): Promise<void> {
    const attempts = Number(message.attempts) + 1;
    const updated = await this.mine({ ...outcome, attempts, lease: null, leaseUntil: null }, message);
    if (updated === 0) this.options.log(`email worker: lost the lease of ${message.id} before marking it ${outcome.status}`);
  }

  private async release(message: EmailRow): Promise<void> {
    await this.mine({ status: 'QUEUED', lease: null, leaseUntil: null }, message);
  }

  /** Runs an update of the message only while this worker still holds its lease; answers the rows changed. */
  private async mine(changes: Updateable<EmailTable>, message: EmailRow): Promise<number> {
    const result = await this.options.db
      .updateTable('email')
      .set(changes)
      .where('id', '=', message.id)
      .where('lease', '=', this.id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The ids of the messages whose address unsubscribed from the occasion's mail. */
  private async unsubscribed(messages: EmailRow[]): Promise<Set<string>> {
    if (messages.length === 0) return new Set();
    const rows = await this.options.db
      .selectFrom('emailUnsubscribe')
      .select(['occasionId', 'address'])
      .where('occasionId', 'in', [...new Set(messages.map((message) => message.occasionId))])
      .where('address', 'in', [...new Set(messages.map((message) => addressKey(message.to)))])
      .execute();
    const stopped = new Set(rows.map((row) => `${row.occasionId} ${row.address}`));
    return new Set(messages.filter((message) => stopped.has(`${message.occasionId} ${addressKey(message.to)}`)).map((message) => message.id));
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { responseCode?: unknown }).responseCode;
    return typeof code === 'number' ? `${code} ${error.message}` : error.message;
  }
  return String(error);
}
