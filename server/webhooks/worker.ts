import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable, Updateable } from 'kysely';
import pMap from 'p-map';
import { Webhook } from 'standardwebhooks';
import type { DatabaseKind } from '../db/create-database';
import type { Database, WebhookDeliveryTable } from '../db/schema';
import type { LogFunction } from '../logger';
import { signingSecrets } from './endpoints';
import { KEPT_ANSWER_CHARS, postWebhook, type PostOutcome } from './post-webhook';
import type { WebhookSettings } from './webhook-settings';
import { PollingLoop } from '../polling-loop';

type DeliveryRow = Selectable<WebhookDeliveryTable>;

/** What the worker needs. */
export interface WebhookWorkerOptions {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  settings: WebhookSettings;
  log: LogFunction;
  /** Deliveries claimed at once (50 unless given). */
  batchSize?: number;
  /** Deliveries of a batch posted at once (10 unless given). */
  concurrency?: number;
}

/** Six hours: the longest wait between two attempts. */
const MAX_BACKOFF_MS = 6 * 3600_000;
/** Beyond the request's own time limit: the lease outlasts the slowest post. */
const LEASE_MARGIN_MS = 30_000;

/** How an answer is taken: delivered, retried later, or failed for good. */
function verdict(outcome: PostOutcome): 'DELIVERED' | 'RETRY' | 'FAILED' | 'GONE' {
  if (outcome.kind === 'refused') return 'FAILED';
  if (outcome.kind === 'failed') return 'RETRY';
  if (outcome.status >= 200 && outcome.status < 300) return 'DELIVERED';
  if (outcome.status === 410) return 'GONE';
  return outcome.status >= 500 || outcome.status === 408 || outcome.status === 429 ? 'RETRY' : 'FAILED';
}

/**
 * Posts queued webhook deliveries. Each round claims due deliveries (PostgreSQL: `FOR UPDATE
 * SKIP LOCKED`; SQLite: one atomic `UPDATE`), marks them `SENDING` with a lease, and posts them
 * several at once, signed per Standard Webhooks with each signing secret of the endpoint. A
 * delivery is due only when no earlier delivery of its endpoint and household is unfinished, so
 * one household's events arrive in order, a retried one holding back those after it. 2xx →
 * `DELIVERED`; network error, timeout, 5xx, 408 or 429 → retried with exponential backoff,
 * `FAILED` after the last attempt; 410 → `FAILED` and the endpoint turned off; anything else,
 * or a refused address → `FAILED`. A lease that expires (its instance died) makes it due again.
 */
export class WebhookWorker {
  readonly id = randomBytes(9).toString('base64url');
  private lastBatchFull = false;
  private readonly loop: PollingLoop;

  constructor(private readonly options: WebhookWorkerOptions) {
    this.loop = new PollingLoop(
      () => this.runOnce().then(() => this.lastBatchFull),
      options.settings.pollMs,
      (error) => options.log(`webhook worker: ${describe(error)}`),
    );
  }

  /** Polls every `pollMs` until {@link stop}. */
  start(): void {
    this.loop.start();
  }

  /** Stops polling and waits for the deliveries in flight. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One round: claims due deliveries and posts them. Answers how many were handled. */
  async runOnce(now = new Date()): Promise<number> {
    const claimed = await this.claim(now);
    this.lastBatchFull = claimed.length === (this.options.batchSize ?? 50);
    await pMap(
      claimed,
      (delivery) => (this.loop.stopping ? this.release(delivery) : this.deliver(delivery)).catch((error: unknown) => this.options.log(`webhook worker: ${delivery.id}: ${describe(error)}`)),
      { concurrency: this.options.concurrency ?? 10 },
    );
    return claimed.length;
  }

  /** Runs rounds until nothing is due now (tests). */
  async drain(): Promise<number> {
    let total = 0;
    for (let handled = await this.runOnce(); handled > 0; handled = await this.runOnce()) total += handled;
    return total;
  }

  private leaseUntil(from: number): string {
    return new Date(from + this.options.settings.timeoutMs + LEASE_MARGIN_MS).toISOString();
  }

  private async claim(now: Date): Promise<DeliveryRow[]> {
    const { db, dbKind, batchSize = 50 } = this.options;
    const at = now.toISOString();
    let due = db
      .selectFrom('webhookDelivery as d')
      .select('d.id')
      .where((eb) =>
        eb.or([
          eb.and([eb('d.status', '=', 'QUEUED'), eb('d.nextAttemptAt', '<=', at)]),
          eb.and([eb('d.status', '=', 'SENDING'), eb('d.leaseUntil', '<', at)]),
        ]),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('webhookDelivery as e')
              .select('e.id')
              .whereRef('e.endpointId', '=', 'd.endpointId')
              .whereRef('e.householdId', '=', 'd.householdId')
              .whereRef('e.seq', '<', 'd.seq')
              .where('e.status', 'in', ['QUEUED', 'SENDING']),
          ),
        ),
      )
      .orderBy('d.seq')
      .limit(batchSize);
    if (dbKind === 'postgres') due = due.forUpdate().skipLocked();
    return await db
      .updateTable('webhookDelivery')
      .set({ status: 'SENDING', lease: this.id, leaseUntil: this.leaseUntil(now.getTime()) })
      .where('id', 'in', due)
      .returningAll()
      .execute();
  }

  private async deliver(delivery: DeliveryRow): Promise<void> {
    const { db, settings } = this.options;
    const endpoint = await db.selectFrom('webhookEndpoint').selectAll().where('id', '=', delivery.endpointId).executeTakeFirst();
    if (!endpoint || Number(endpoint.enabled) !== 1) return this.finish(delivery, { status: 'FAILED', lastResponse: 'The webhook is turned off.' });
    // The lease may have run short while earlier deliveries of the batch were posted: renew it,
    // and post only if it is still ours, with a whole lease ahead.
    if ((await this.mine({ leaseUntil: this.leaseUntil(Date.now()) }, delivery)) === 0) return;
    const sentAt = new Date();
    const signatures = signingSecrets(endpoint, sentAt).map((secret) => new Webhook(secret).sign(delivery.id, sentAt, delivery.payload));
    const outcome = await postWebhook({
      url: endpoint.url,
      body: delivery.payload,
      timeoutMs: settings.timeoutMs,
      allowedHosts: settings.allowedHosts,
      headers: {
        'webhook-id': delivery.id,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signatures.join(' '),
      },
    });
    const answer = outcome.kind === 'answered' ? { lastStatus: outcome.status, lastResponse: outcome.body.slice(0, KEPT_ANSWER_CHARS) } : { lastStatus: null, lastResponse: outcome.reason };
    switch (verdict(outcome)) {
      case 'DELIVERED':
        return this.finish(delivery, { status: 'DELIVERED', deliveredAt: new Date().toISOString(), ...answer });
      case 'GONE':
        await this.finish(delivery, { status: 'FAILED', ...answer });
        return this.turnOff(delivery.endpointId, `The endpoint answered 410 Gone on ${new Date().toISOString()}.`);
      case 'FAILED':
        return this.finish(delivery, { status: 'FAILED', ...answer });
      case 'RETRY':
        return this.retry(delivery, answer);
    }
  }

  private async retry(delivery: DeliveryRow, answer: Pick<DeliveryRow, 'lastStatus' | 'lastResponse'>): Promise<void> {
    const { retryBaseMs, maxAttempts } = this.options.settings;
    const attempts = Number(delivery.attempts) + 1;
    if (attempts >= maxAttempts) return this.finish(delivery, { status: 'FAILED', ...answer });
    const delay = Math.min(retryBaseMs * 2 ** (attempts - 1), MAX_BACKOFF_MS);
    await this.mine({ status: 'QUEUED', attempts, ...answer, nextAttemptAt: new Date(Date.now() + delay).toISOString(), lease: null, leaseUntil: null }, delivery);
  }

  /** Turns the endpoint off and fails its queued deliveries: it said it is gone. */
  private async turnOff(endpointId: string, reason: string): Promise<void> {
    await this.options.db.transaction().execute(async (trx) => {
      await trx.updateTable('webhookEndpoint').set({ enabled: 0, disabledReason: reason, updatedAt: new Date().toISOString() }).where('id', '=', endpointId).execute();
      await trx.updateTable('webhookDelivery').set({ status: 'FAILED', lastResponse: 'The webhook was turned off before this was sent.' }).where('endpointId', '=', endpointId).where('status', '=', 'QUEUED').execute();
    });
  }

  private async finish(delivery: DeliveryRow, outcome: Updateable<WebhookDeliveryTable>): Promise<void> {
    const updated = await this.mine({ ...outcome, attempts: Number(delivery.attempts) + 1, lease: null, leaseUntil: null }, delivery);
    if (updated === 0) this.options.log(`webhook worker: lost the lease of ${delivery.id} before marking it ${String(outcome.status)}`);
  }

  private async release(delivery: DeliveryRow): Promise<void> {
    await this.mine({ status: 'QUEUED', lease: null, leaseUntil: null }, delivery);
  }

  /** Updates the delivery only while this worker holds its lease; answers the rows changed. */
  private async mine(changes: Updateable<WebhookDeliveryTable>, delivery: DeliveryRow): Promise<number> {
    const result = await this.options.db.updateTable('webhookDelivery').set(changes).where('id', '=', delivery.id).where('lease', '=', this.id).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
