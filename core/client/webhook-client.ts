import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '../schemas/webhook';
import type { WebhookEndpointCreateBody, WebhookEndpointUpdateBody } from './bodies';
import { path } from './path';
import type { Send } from './request';
import type { Result } from './result';

/** The webhook routes of `/host/v1` (`docs/api/webhooks.md`), part of the host client. */
export interface WebhookClient {
  /** `GET /occasion/{occasionId}/webhooks`: the endpoints, without their secrets. */
  listWebhooks(occasionId: string): Promise<Result<WebhookEndpoint[]>>;
  /** `POST /occasion/{occasionId}/webhooks` `{ url, events, enabled? }` (owners): answers the secret, once. */
  createWebhook(occasionId: string, body: WebhookEndpointCreateBody): Promise<Result<WebhookEndpointWithSecret>>;
  /** `PUT /occasion/{occasionId}/webhook/{webhookId}` (owners): any of `url`, `events`, `enabled`. */
  updateWebhook(occasionId: string, webhookId: string, body: WebhookEndpointUpdateBody): Promise<Result<WebhookEndpoint>>;
  /** `DELETE /occasion/{occasionId}/webhook/{webhookId}` (owners): the endpoint and its log. */
  deleteWebhook(occasionId: string, webhookId: string): Promise<Result<void>>;
  /** `POST …/webhook/{webhookId}/rotate-secret` (owners): a new secret, the old one signing too for 24 hours. */
  rotateWebhookSecret(occasionId: string, webhookId: string): Promise<Result<WebhookEndpointWithSecret>>;
  /** `GET …/webhook/{webhookId}/deliveries`: the last 100 deliveries, newest first. */
  listWebhookDeliveries(occasionId: string, webhookId: string): Promise<Result<WebhookDelivery[]>>;
  /** `POST …/webhook/{webhookId}/test` (owners): queues a `webhook.test` delivery (202). */
  sendWebhookTest(occasionId: string, webhookId: string): Promise<Result<WebhookDelivery>>;
}

/** The webhook routes on the host area's `send`. */
export function createWebhookClient(send: Send): WebhookClient {
  const all = (occasionId: string) => path`/occasion/${occasionId}/webhooks`;
  const one = (occasionId: string, webhookId: string) => path`/occasion/${occasionId}/webhook/${webhookId}`;
  return {
    listWebhooks: (occasionId) => send(all(occasionId)),
    createWebhook: (occasionId, body) => send(all(occasionId), { method: 'POST', json: body }),
    updateWebhook: (occasionId, webhookId, body) => send(one(occasionId, webhookId), { method: 'PUT', json: body }),
    deleteWebhook: (occasionId, webhookId) => send<void>(one(occasionId, webhookId), { method: 'DELETE' }),
    rotateWebhookSecret: (occasionId, webhookId) => send(`${one(occasionId, webhookId)}/rotate-secret`, { method: 'POST' }),
    listWebhookDeliveries: (occasionId, webhookId) => send(`${one(occasionId, webhookId)}/deliveries`),
    sendWebhookTest: (occasionId, webhookId) => send(`${one(occasionId, webhookId)}/test`, { method: 'POST' }),
  };
}
