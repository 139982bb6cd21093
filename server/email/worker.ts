import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import pMap from 'p-map';
import type { DatabaseKind } from '../db/create-database';
import type { Database, EmailSendLogTable, EmailTable } from '../db/schema';
import { groupedWrite } from '../db/queries';
import { readJsonColumn, writeJsonColumn } from '../data/json-column';
import type { LogFunction } from '../logger';
import type { EmailSettings } from './email-settings';
import { sendAccountEmails } from './account-mail';
import { unsubscribeUrl, type EmailAttachment } from './outbox';
import { addressKey } from './recipients';
import { isUnrendered, renderConfirmations, type RenderedConfirmation } from './record-reply';
import type { EmailRenderer } from './render-email';
import { queueScheduledMail } from './scheduled-mail';
import { runRetention } from '../data/retention-job';
import { SendingAllowance, type OccasionSender } from './sending-allowance';
import type { EmailTransport } from './transport';
import { queueWebhookEvent } from '../webhooks/queue';
import { PollingLoop } from '../polling-loop';

type EmailRow = Selectable<EmailTable>;

/** What a batch's messages need, read once for the batch (see `prepare`). */
interface Batch {
  /** Confirmations by message id; one whose household or occasion is gone is absent. */
  rendered: Map<string, RenderedConfirmation>;
  /** The messages whose address unsubscribed. */
  unsubscribed: Set<string>;
  /** Each occasion's account and where replies to its guests' mail go; a deleted occasion is absent. */
  senders: Map<string, OccasionMailSender>;
  allowance: SendingAllowance;
  /** The batch's sent messages, written to the send log in one statement when the batch ends. */
  sent: Array<Insertable<EmailSendLogTable>>;
}

/** Whose an occasion's mail is, and the `Reply-To` of its guests' mail. */
interface OccasionMailSender extends OccasionSender {
  /** The occasion's contact email, else its owner's address. */
  replyTo: string;
}

/** Mail to guests, answered by the hosts (`Reply-To`); the digest goes to the host. */
const GUEST_KINDS = new Set(['INVITATION', 'REMINDER', 'CONFIRMATION']);

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
  /** How often retention's reminders and erasures are looked for (an hour unless given). */
  retentionEveryMs?: number;
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
  private lastSchedule = 0;
  private lastBatchFull = false;
  private readonly loop: PollingLoop;
  /** Retention's pass, on a loop of its own: its walk over every occasion holds no confirmation back. */
  private readonly retentionLoop: PollingLoop;

  constructor(private readonly options: EmailWorkerOptions) {
    this.loop = new PollingLoop(
      () => this.runOnce().then(() => this.lastBatchFull),
      options.settings.pollMs,
      (error) => options.log(`email worker: ${describe(error)}`),
    );
    this.retentionLoop = new PollingLoop(
      () => this.runRetention().then(() => false),
      options.retentionEveryMs ?? 3_600_000,
      (error) => options.log(`retention: ${describe(error)}`),
    );
  }

  /** Polls every `pollMs`, and runs retention's pass now and every `retentionEveryMs`, until {@link stop}. */
  start(): void {
    this.loop.start();
    this.retentionLoop.start();
  }

  /** Stops polling and waits for the messages in flight and retention's pass; claimed messages not yet started are released. */
  async stop(): Promise<void> {
    await Promise.all([this.loop.stop(), this.retentionLoop.stop()]);
  }

  /** Retention's reminders and erasures as of `now` (the owners' notices go out in the next round). */
  runRetention(now = new Date()): Promise<void> {
    return runRetention(this.options.db, this.options.dbKind, this.options.publicUrl(), now, { stopping: () => this.retentionLoop.stopping });
  }

  /** One round: scheduled mail when due, then one batch of due messages. Answers how many were handled. */
  async runOnce(now = new Date()): Promise<number> {
    const scheduleEvery = this.options.scheduleEveryMs ?? 60_000;
    if (now.getTime() - this.lastSchedule >= scheduleEvery) {
      this.lastSchedule = now.getTime();
      await queueScheduledMail(this.options.db, this.options.dbKind, this.options.publicUrl(), now, this.options.renderEmail);
      await sweepSendLog(this.options.db, now);
    }
    const claimed = await this.claim(now);
    this.lastBatchFull = claimed.length === (this.options.batchSize ?? DEFAULT_BATCH_SIZE);
    const batch = await this.prepare(claimed, now);
    const concurrency = this.options.concurrency ?? this.options.transport.concurrency ?? DEFAULT_CONCURRENCY;
    let handled = 0;
    await pMap(
      claimed,
      async (message) => {
        if (this.loop.stopping) return this.release(message);
        // A database fault on one message leaves it to its lease and goes on with the others.
        await this.deliver(message, batch).catch((error: unknown) => this.options.log(`email worker: ${message.id}: ${describe(error)}`));
        handled += 1;
      },
      { concurrency },
    );
    await this.logSent(batch.sent);
    // The accounts' own mail (verification, reset, notices) goes in the same round, not counted
    // among the occasions' messages (a round claims up to 50; they come a few at a time).
    if (!this.loop.stopping) await sendAccountEmails({ ...this.options, now });
    return handled;
  }

  /**
   * Writes a batch's sent messages to the send log the account limits count, once the batch is
   * done (the batch itself spent its allowance in memory). A message sent again after a lost
   * `SENT` counts once. An instance that dies mid-batch leaves its batch uncounted: with the
   * other instances' batches, the account limits may be passed by at most a batch each.
   */
  private async logSent(sent: Array<Insertable<EmailSendLogTable>>): Promise<void> {
    for (let i = 0; i < sent.length; i += 500) {
      await this.options.db
        .insertInto('emailSendLog')
        .values(sent.slice(i, i + 500))
        .onConflict((oc) => oc.column('emailId').doNothing())
        .execute()
        .catch((error: unknown) => this.options.log(`email worker: send log: ${describe(error)}`));
    }
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
    const [rendered, unsubscribed, senders] = await Promise.all([
      renderConfirmations(db, claimed.filter(isUnrendered), this.options.publicUrl(), now, this.options.renderEmail),
      this.unsubscribed(claimed),
      this.senders(claimed),
    ]);
    return { rendered, unsubscribed, senders, allowance: new SendingAllowance(db, settings, senders, now), sent: [] };
  }

  private async deliver(claimed: EmailRow, batch: Batch): Promise<void> {
    const { settings, transport } = this.options;
    const rendered = isUnrendered(claimed) ? batch.rendered.get(claimed.id) : undefined;
    if (isUnrendered(claimed) && !rendered) {
      return this.finish(claimed, { status: 'FAILED', lastError: 'The household or occasion was deleted before the message was sent.' });
    }
    const stored = rendered ? { ...rendered, attachments: writeJsonColumn(rendered.attachments) } : {};
    const message: EmailRow = { ...claimed, ...stored };
    if (batch.unsubscribed.has(claimed.id)) return this.finish(message, { status: 'FAILED', lastError: UNSUBSCRIBED });
    const sender = batch.senders.get(message.occasionId);
    if (!sender) return this.finish(message, { status: 'FAILED', lastError: 'The occasion was deleted before the message was sent.' });
    const wait = await batch.allowance.take(message.occasionId, message.kind);
    // A confirmation that waits stays unrendered: it is rendered from the reply as it is then.
    if (wait !== undefined) {
      await this.mine({ status: 'QUEUED', nextAttemptAt: wait, lease: null, leaseUntil: null }, message);
      return;
    }
    // The lease taken at the claim may have run out while earlier messages of the batch were
    // sent, and another instance may have claimed this one since. Renew it now (storing a
    // confirmation as it is sent), and send only if it is still ours, so the send starts with a
    // whole lease ahead of it. The same statement looks again for an unsubscribe: one made
    // since the batch began stops the message here.
    if ((await this.renew({ ...stored, leaseUntil: new Date(Date.now() + settings.leaseMs).toISOString() }, message)) === 0) {
      if (await this.stillMine(message)) await this.finish(message, { status: 'FAILED', lastError: UNSUBSCRIBED });
      return;
    }
    const unsubscribe = unsubscribeUrl(this.options.publicUrl(), message.unsubscribeToken);
    const headers: Record<string, string> = { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    if (GUEST_KINDS.has(message.kind)) headers['Reply-To'] = sender.replyTo;
    try {
      await transport.send({
        id: message.id,
        from: settings.mailFrom,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: readJsonColumn<EmailAttachment[]>(message.attachments, []),
        headers,
      });
    } catch (error) {
      await this.failed(message, error);
      return;
    }
    const sentAt = new Date().toISOString();
    batch.sent.push({ emailId: message.id, accountId: sender.accountId, occasionId: message.occasionId, sentAt });
    await this.finish(message, { status: 'SENT', lastError: null, sentAt });
  }

  private async failed(message: EmailRow, error: unknown): Promise<void> {
    const attempts = Number(message.attempts) + 1;
    const code = (error as { responseCode?: unknown }).responseCode;
    const text = describe(error).slice(0, 1000);
    if (typeof code === 'number' && code >= 500 && code < 600) return this.bounced(message, text);
    if (attempts >= this.options.settings.maxAttempts) return this.finish(message, { status: 'FAILED', lastError: text });
    const delay = Math.min(this.options.settings.retryBaseMs * 2 ** (attempts - 1), MAX_BACKOFF_MS);
    const nextAttemptAt = new Date(Date.now() + delay).toISOString();
    await this.mine({ status: 'QUEUED', attempts, lastError: text, nextAttemptAt, lease: null, leaseUntil: null }, message);
  }

  /** Marks the message `BOUNCED` and tells the occasion's webhooks in the same transaction. */
  private async bounced(message: EmailRow, reason: string): Promise<void> {
    await this.options.db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable('email')
        .set({ status: 'BOUNCED', lastError: reason, attempts: Number(message.attempts) + 1, lease: null, leaseUntil: null })
        .where('id', '=', message.id)
        .where('lease', '=', this.id)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 0) return;
      const data = { occasionId: message.occasionId, householdId: message.householdId, emailId: message.id, kind: message.kind, to: message.to, reason };
      await queueWebhookEvent(trx, message.occasionId, 'email.bounced', data, message.householdId);
    });
  }

  private async finish(message: EmailRow, outcome: { status: string; lastError: string | null; sentAt?: string }): Promise<void> {
    const attempts = Number(message.attempts) + 1;
    const updated = await this.mine({ ...outcome, attempts, lease: null, leaseUntil: null }, message);
    if (updated === 0) this.options.log(`email worker: lost the lease of ${message.id} before marking it ${outcome.status}`);
  }

  /** Renews the lease of a message (with `changes`) unless its address unsubscribed from the occasion; answers the rows changed. */
  private async renew(changes: Updateable<EmailTable>, message: EmailRow): Promise<number> {
    const result = await groupedWrite(this.options.db, (db) =>
      db
        .updateTable('email')
        .set(changes)
        .where('id', '=', message.id)
        .where('lease', '=', this.id)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('emailUnsubscribe').select('address').where('occasionId', '=', message.occasionId).where('address', '=', addressKey(message.to)))),
        )
        .executeTakeFirst(),
    );
    return Number(result.numUpdatedRows);
  }

  private async stillMine(message: EmailRow): Promise<boolean> {
    const row = await this.options.db.selectFrom('email').select('id').where('id', '=', message.id).where('lease', '=', this.id).executeTakeFirst();
    return row !== undefined;
  }

  private async release(message: EmailRow): Promise<void> {
    await this.mine({ status: 'QUEUED', lease: null, leaseUntil: null }, message);
  }

  /**
   * Runs an update of the message only while this worker still holds its lease; answers the rows
   * changed. Like the renewal, it joins the embedded database's group commit: the messages sent
   * at once over the pool's connections are marked in one commit.
   */
  private async mine(changes: Updateable<EmailTable>, message: EmailRow): Promise<number> {
    const result = await groupedWrite(this.options.db, (db) =>
      db.updateTable('email').set(changes).where('id', '=', message.id).where('lease', '=', this.id).executeTakeFirst(),
    );
    return Number(result.numUpdatedRows);
  }

  /**
   * Each occasion's account, its age and the `Reply-To` of its guests' mail: the contact email,
   * else the address of its longest-standing owner (the digest's reader), else its creator's.
   */
  private async senders(messages: EmailRow[]): Promise<Map<string, OccasionMailSender>> {
    if (messages.length === 0) return new Map();
    const rows = await this.options.db
      .selectFrom('occasion')
      .innerJoin('account', 'account.id', 'occasion.accountId')
      .select(['occasion.id', 'occasion.accountId', 'occasion.contactEmail', 'account.email', 'account.createdAt'])
      .select((eb) =>
        eb
          .selectFrom('occasionRole')
          .innerJoin('account as owner', 'owner.id', 'occasionRole.accountId')
          .select('owner.email')
          .whereRef('occasionRole.occasionId', '=', 'occasion.id')
          .where('occasionRole.role', '=', 'owner')
          .orderBy('occasionRole.createdAt')
          .orderBy('occasionRole.accountId')
          .limit(1)
          .as('ownerEmail'),
      )
      .where('occasion.id', 'in', [...new Set(messages.map((message) => message.occasionId))])
      .execute();
    return new Map(
      rows.map((row) => [row.id, { accountId: row.accountId, accountCreatedAt: row.createdAt, replyTo: row.contactEmail.trim() || row.ownerEmail || row.email }]),
    );
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

const UNSUBSCRIBED = 'The address unsubscribed before the message was sent.';

/** Drops the send log's rows older than the longest window that counts them (a day). */
async function sweepSendLog(db: Kysely<Database>, now: Date): Promise<void> {
  await db.deleteFrom('emailSendLog').where('sentAt', '<', new Date(now.getTime() - 25 * 3600_000).toISOString()).execute();
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { responseCode?: unknown }).responseCode;
    return typeof code === 'number' ? `${code} ${error.message}` : error.message;
  }
  return String(error);
}
