import { ApiTokenCreateSchema, GuestImportSchema, WebhookEndpointCreateSchema, WebhookEndpointUpdateSchema } from '../../core/schemas';
import { IMPORT_BODY_LIMIT } from '../routes/host/guest-import';
import { arrayOf, ref, strictObject } from './json-schema';
import type { OperationTable } from './operation';

const API_TOKENS = 'API tokens';
const WEBHOOKS = 'Webhooks';
const IMPORT = 'Import';

/** The host area's routes for other programs: an occasion's API tokens, its webhooks, and the guest import. */
export const HOST_INTEGRATION_OPERATIONS: OperationTable = {
  'GET /occasion/:occasionId/api-tokens': {
    summary: 'List API tokens',
    tag: API_TOKENS,
    caller: 'host',
    description: 'Newest first, never a secret. Owners only.',
    answers: { 200: strictObject({ tokens: arrayOf(ref('ApiToken')) }) },
  },
  'POST /occasion/:occasionId/api-tokens': {
    summary: 'Create an API token',
    tag: API_TOKENS,
    caller: 'host',
    description:
      'A token opens this occasion’s routes with its role (`editor` or `viewer`), as `Authorization: Bearer <token>` (the `apiToken` scheme). The answer’s `secret` is the whole token, shown this once. Owners only.',
    body: ApiTokenCreateSchema,
    answers: { 201: ref('ApiTokenCreated') },
  },
  'DELETE /occasion/:occasionId/api-token/:tokenId': {
    summary: 'Revoke an API token',
    tag: API_TOKENS,
    caller: 'host',
    description: 'Its next request is 401. Owners only.',
    params: { tokenId: { type: 'string', pattern: '^[A-Za-z0-9_-]{16}$', description: 'A token’s `id`.' } },
    answers: { 204: 'none' },
  },

  'GET /occasion/:occasionId/webhooks': {
    summary: 'List webhook endpoints',
    tag: WEBHOOKS,
    caller: 'host',
    description: 'Oldest first, never a secret.',
    answers: { 200: arrayOf(ref('WebhookEndpoint')) },
  },
  'POST /occasion/:occasionId/webhooks': {
    summary: 'Add a webhook endpoint',
    tag: WEBHOOKS,
    caller: 'host',
    description: 'The answer’s `secret` signs every request (`webhook-signature`, Standard Webhooks) and is shown this once. A URL whose host is a non-public address is 400. Owners only.',
    body: WebhookEndpointCreateSchema,
    answers: { 201: ref('WebhookEndpointWithSecret') },
  },
  'PUT /occasion/:occasionId/webhook/:webhookId': {
    summary: 'Change a webhook endpoint',
    tag: WEBHOOKS,
    caller: 'host',
    description: 'Turning it on clears `disabledReason`. Owners only.',
    body: WebhookEndpointUpdateSchema,
    answers: { 200: ref('WebhookEndpoint') },
  },
  'DELETE /occasion/:occasionId/webhook/:webhookId': {
    summary: 'Remove a webhook endpoint',
    tag: WEBHOOKS,
    caller: 'host',
    description: 'Its delivery log goes with it. Owners only.',
    answers: { 204: 'none' },
  },
  'POST /occasion/:occasionId/webhook/:webhookId/rotate-secret': {
    summary: 'Rotate a webhook’s secret',
    tag: WEBHOOKS,
    caller: 'host',
    description: 'The old secret keeps signing beside the new one for 24 hours (`previousSecretExpiresAt`). Owners only.',
    answers: { 200: ref('WebhookEndpointWithSecret') },
  },
  'GET /occasion/:occasionId/webhook/:webhookId/deliveries': {
    summary: 'Read a webhook’s deliveries',
    tag: WEBHOOKS,
    caller: 'host',
    description: 'The last 100, newest first.',
    answers: { 200: arrayOf(ref('WebhookDelivery')) },
  },
  'POST /occasion/:occasionId/webhook/:webhookId/test': {
    summary: 'Send a test event',
    tag: WEBHOOKS,
    caller: 'host',
    description: 'Queues a `webhook.test` event to the endpoint, whatever events it takes. Owners only.',
    answers: { 202: ref('WebhookDelivery') },
  },

  'POST /occasion/:occasionId/import': {
    summary: 'Import guests',
    tag: IMPORT,
    caller: 'host',
    description:
      'A whole CSV import, all or nothing: guests (households by `householdName`), the households’ fields, invitations and answers, rows named by their index. ' +
      'The same `key` again answers the first import’s result and writes nothing; the key with another body is 409 `CONFLICT`.',
    body: GuestImportSchema,
    bodyLimit: IMPORT_BODY_LIMIT,
    answers: { 200: ref('GuestImportResult') },
    errors: [409],
  },
  'POST /occasion/:occasionId/import/:importId/undo': {
    summary: 'Undo an import',
    tag: IMPORT,
    caller: 'host',
    description:
      'Puts back every row the import wrote, in one transaction. 409 `IMPORT_CHANGED` when a row it wrote has changed since (nothing is undone); an import already undone answers its first undo again. A malformed id is 400.',
    answers: { 200: ref('GuestImportUndoResult') },
    errors: [400, 409],
  },
};
