import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { WebhookEventType } from '../../core/schemas/webhook';
import type { Database, WebhookDeliveryTable } from '../db/schema';
import { readJsonColumn } from '../data/json-column';

/** An event to tell the occasion's endpoints. */
export interface WebhookEvent {
  type: WebhookEventType | 'webhook.test';
  data: Record<string, unknown>;
  /** Deliveries of one endpoint and household go out in the order they were queued; null: no order kept. */
  householdId: string | null;
}

interface EndpointRow {
  id: string;
  events: string;
}

/**
 * The enabled endpoints of an occasion, read once per transaction: a write that records history
 * in several steps (a reply and its answers) asks once.
 */
const endpointsOfTransaction = new WeakMap<Kysely<Database>, Map<string, Promise<EndpointRow[]>>>();

function enabledEndpoints(trx: Kysely<Database>, occasionId: string): Promise<EndpointRow[]> {
  let byOccasion = endpointsOfTransaction.get(trx);
  if (!byOccasion) endpointsOfTransaction.set(trx, (byOccasion = new Map()));
  let endpoints = byOccasion.get(occasionId);
  if (!endpoints) {
    endpoints = trx.selectFrom('webhookEndpoint').select(['id', 'events']).where('occasionId', '=', occasionId).where('enabled', '=', 1).execute();
    byOccasion.set(occasionId, endpoints);
  }
  return endpoints;
}

/** A delivery id, also its `webhook-id` header: `msg_` and 16 random bytes. */
export function newDeliveryId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/** The JSON body of an event as Standard Webhooks suggests it: `{ type, timestamp, data }`. */
export function webhookPayload(event: Pick<WebhookEvent, 'type' | 'data'>, now: Date): string {
  return JSON.stringify({ type: event.type, timestamp: now.toISOString(), data: event.data });
}

/**
 * Queues one event for every enabled endpoint of the occasion that takes its type; call it
 * inside the change's transaction, so a change that rolls back tells nothing. With no endpoint
 * it costs one indexed query.
 */
export function queueWebhookEvent(
  trx: Kysely<Database>,
  occasionId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
  householdId: string | null,
): Promise<void> {
  return queueWebhookEvents(trx, occasionId, [{ type, data, householdId }]);
}

/**
 * {@link queueWebhookEvent} for several events of one write, in their order. `events` may be a
 * function: it runs only when the occasion has an endpoint, so a bulk write on an occasion
 * without webhooks builds no events.
 */
export async function queueWebhookEvents(
  trx: Kysely<Database>,
  occasionId: string,
  events: readonly WebhookEvent[] | (() => readonly WebhookEvent[]),
  now = new Date(),
): Promise<void> {
  if (Array.isArray(events) && events.length === 0) return;
  const endpoints = await enabledEndpoints(trx, occasionId);
  if (endpoints.length === 0) return;
  const subscribed = endpoints.map((endpoint) => ({ id: endpoint.id, types: new Set(readJsonColumn<string[]>(endpoint.events, [])) }));
  const rows: Array<Insertable<WebhookDeliveryTable>> = [];
  for (const event of typeof events === 'function' ? events() : events) {
    for (const endpoint of subscribed) if (endpoint.types.has(event.type)) rows.push(newDelivery(endpoint.id, event, now));
  }
  await insertDeliveries(trx, rows);
}

/** A delivery row, due now. */
export function newDelivery(endpointId: string, event: WebhookEvent, now: Date): Insertable<WebhookDeliveryTable> {
  const at = now.toISOString();
  return {
    id: newDeliveryId(),
    endpointId,
    eventType: event.type,
    payload: webhookPayload(event, now),
    householdId: event.householdId,
    status: 'QUEUED',
    attempts: 0,
    nextAttemptAt: at,
    lease: null,
    leaseUntil: null,
    lastStatus: null,
    lastResponse: null,
    createdAt: at,
    deliveredAt: null,
  };
}

/** Inserts in order (so `seq` follows it), 500 rows a statement. */
export async function insertDeliveries(db: Kysely<Database>, rows: ReadonlyArray<Insertable<WebhookDeliveryTable>>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('webhookDelivery').values(rows.slice(i, i + 500)).execute();
}
