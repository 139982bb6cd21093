import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointUpdate,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '../../core/schemas/webhook';
import { newId } from '../db/ids';
import type { Database, WebhookDeliveryTable, WebhookEndpointTable } from '../db/schema';
import { notFound } from '../data/api-error';
import { readJsonColumn } from '../data/json-column';
import { insertDeliveries, newDelivery } from './queue';

export type EndpointRow = Selectable<WebhookEndpointTable>;

/** How long the secret a rotation replaced keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;

/** Entries the delivery log shows, newest first. */
export const DELIVERY_LOG_LENGTH = 100;

/** A signing secret as Standard Webhooks writes it: `whsec_` and 24 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** The secrets that sign a delivery now: the current one, and the replaced one during its overlap. */
export function signingSecrets(row: Pick<EndpointRow, 'secret' | 'previousSecret' | 'previousSecretUntil'>, now: Date): string[] {
  const previousValid = row.previousSecret !== null && row.previousSecretUntil !== null && row.previousSecretUntil > now.toISOString();
  return previousValid ? [row.secret, row.previousSecret!] : [row.secret];
}

export function toEndpoint(row: EndpointRow, now = new Date()): WebhookEndpoint {
  const overlapping = row.previousSecretUntil !== null && row.previousSecretUntil > now.toISOString();
  return {
    id: row.id,
    occasionId: row.occasionId,
    url: row.url,
    events: readJsonColumn<WebhookEventType[]>(row.events, []),
    enabled: Number(row.enabled) === 1,
    disabledReason: row.disabledReason,
    previousSecretExpiresAt: overlapping ? row.previousSecretUntil : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function listEndpoints(db: Kysely<Database>, occasionId: string): Promise<WebhookEndpoint[]> {
  const rows = await db.selectFrom('webhookEndpoint').selectAll().where('occasionId', '=', occasionId).orderBy('createdAt').orderBy('id').execute();
  return rows.map((row) => toEndpoint(row));
}

export async function findEndpoint(db: Kysely<Database>, occasionId: string, id: string): Promise<EndpointRow> {
  const row = await db.selectFrom('webhookEndpoint').selectAll().where('id', '=', id).where('occasionId', '=', occasionId).executeTakeFirst();
  if (!row) throw notFound('No such webhook.');
  return row;
}

export async function createEndpoint(db: Kysely<Database>, occasionId: string, input: WebhookEndpointCreate, now: Date): Promise<WebhookEndpointWithSecret> {
  const at = now.toISOString();
  const row: EndpointRow = {
    id: newId(),
    occasionId,
    url: input.url,
    events: JSON.stringify(input.events),
    secret: newWebhookSecret(),
    previousSecret: null,
    previousSecretUntil: null,
    enabled: input.enabled ? 1 : 0,
    disabledReason: null,
    createdAt: at,
    updatedAt: at,
  };
  await db.insertInto('webhookEndpoint').values(row).execute();
  return { ...toEndpoint(row, now), secret: row.secret };
}

/** Fields left out keep their values; turning an endpoint on clears why it was turned off. */
export async function updateEndpoint(db: Kysely<Database>, occasionId: string, id: string, input: WebhookEndpointUpdate, now: Date): Promise<WebhookEndpoint> {
  const row = await findEndpoint(db, occasionId, id);
  const changes: Partial<EndpointRow> = { updatedAt: now.toISOString() };
  if (input.url !== undefined) changes.url = input.url;
  if (input.events !== undefined) changes.events = JSON.stringify(input.events);
  if (input.enabled !== undefined) {
    changes.enabled = input.enabled ? 1 : 0;
    if (input.enabled) changes.disabledReason = null;
  }
  await db.updateTable('webhookEndpoint').set(changes).where('id', '=', row.id).execute();
  return toEndpoint({ ...row, ...changes }, now);
}

export async function deleteEndpoint(db: Kysely<Database>, occasionId: string, id: string): Promise<void> {
  const deleted = await db.deleteFrom('webhookEndpoint').where('id', '=', id).where('occasionId', '=', occasionId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound('No such webhook.');
}

/** A new secret; the current one keeps signing beside it for {@link ROTATION_OVERLAP_MS}. */
export async function rotateSecret(db: Kysely<Database>, occasionId: string, id: string, now: Date): Promise<WebhookEndpointWithSecret> {
  const row = await findEndpoint(db, occasionId, id);
  const changes = {
    secret: newWebhookSecret(),
    previousSecret: row.secret,
    previousSecretUntil: new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString(),
    updatedAt: now.toISOString(),
  };
  await db.updateTable('webhookEndpoint').set(changes).where('id', '=', row.id).where('secret', '=', row.secret).execute();
  return { ...toEndpoint({ ...row, ...changes }, now), secret: changes.secret };
}

/** Queues a `webhook.test` delivery to the endpoint, whatever events it takes (to an endpoint turned off it fails). */
export async function queueTestEvent(db: Kysely<Database>, occasionId: string, id: string, now: Date): Promise<WebhookDelivery> {
  const row = await findEndpoint(db, occasionId, id);
  const delivery = newDelivery(row.id, { type: WEBHOOK_TEST_EVENT, householdId: null, data: { occasionId, webhookId: row.id } }, now);
  await insertDeliveries(db, [delivery]);
  return toDelivery(delivery as Selectable<WebhookDeliveryTable>);
}

export async function listDeliveries(db: Kysely<Database>, occasionId: string, id: string): Promise<WebhookDelivery[]> {
  const row = await findEndpoint(db, occasionId, id);
  const rows = await db.selectFrom('webhookDelivery').selectAll().where('endpointId', '=', row.id).orderBy('seq', 'desc').limit(DELIVERY_LOG_LENGTH).execute();
  return rows.map(toDelivery);
}

function toDelivery(row: Selectable<WebhookDeliveryTable>): WebhookDelivery {
  return {
    id: row.id,
    eventType: row.eventType as WebhookDelivery['eventType'],
    status: row.status as WebhookDeliveryStatus,
    attempts: Number(row.attempts),
    nextAttemptAt: row.nextAttemptAt,
    lastStatus: row.lastStatus === null ? null : Number(row.lastStatus),
    lastResponse: row.lastResponse,
    createdAt: row.createdAt,
    deliveredAt: row.deliveredAt,
  };
}
