import { ApiTokenCreateSchema, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, WebhookEndpointCreateSchema } from '../../core/schemas';
import { arrayOf, count, entity, id, instant, nullable, oneOfValues, string, strictObject, type JsonSchema } from './json-schema';

/**
 * What the routes other programs use answer, as JSON Schema: API tokens, webhooks and the
 * server-side import. They mirror core's answer types in `core/schemas/api-token.ts`,
 * `webhook.ts` and `guest-import.ts`.
 */

const apiTokenFields = { id, createdAt: instant, createdByAccountId: id, createdByName: string, lastUsedAt: nullable(instant) };

const webhookFields = {
  id,
  occasionId: id,
  events: arrayOf(oneOfValues(WEBHOOK_EVENT_TYPES)),
  disabledReason: nullable(string),
  previousSecretExpiresAt: nullable(instant),
  createdAt: instant,
  updatedAt: instant,
};

const importCounts = strictObject({ created: count, updated: count, removed: count });

/** The host area's schemas of API tokens, webhooks and imports. */
export const HOST_INTEGRATION_SCHEMAS: Record<string, JsonSchema> = {
  ApiToken: entity(ApiTokenCreateSchema, apiTokenFields),
  ApiTokenCreated: entity(ApiTokenCreateSchema, { ...apiTokenFields, secret: { ...string, description: 'The whole token, `kndly_…`: shown this once.' } }),
  WebhookEndpoint: entity(WebhookEndpointCreateSchema, webhookFields),
  WebhookEndpointWithSecret: entity(WebhookEndpointCreateSchema, {
    ...webhookFields,
    secret: { ...string, description: 'The signing secret, `whsec_…`: shown this once.' },
  }),
  WebhookDelivery: strictObject({
    id,
    eventType: oneOfValues([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]),
    status: oneOfValues(['QUEUED', 'SENDING', 'DELIVERED', 'FAILED']),
    attempts: count,
    nextAttemptAt: instant,
    lastStatus: nullable({ type: 'integer' }),
    lastResponse: nullable(string),
    createdAt: instant,
    deliveredAt: nullable(instant),
  }),
  GuestImportResult: strictObject({
    importId: id,
    createdAt: instant,
    guestIds: arrayOf(id),
    householdIds: arrayOf(id),
    guests: importCounts,
    households: importCounts,
    invitations: importCounts,
    answers: importCounts,
  }),
  GuestImportUndoResult: strictObject({ importId: id, undoneAt: instant }),
};
