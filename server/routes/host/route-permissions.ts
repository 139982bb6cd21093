import type { Permission } from '../../../core/schemas/people';

/**
 * What every host route under `/host/v1/occasion(s)` needs, keyed `METHOD path` as the route is
 * registered. `account`: any signed-in account (the routes that name no occasion). The role
 * guard (`middleware/require-role/`) refuses a route missing here, for every role, and the role
 * matrix test fails for it, so a new route cannot go out without a permission.
 */
export const HOST_ROUTE_PERMISSIONS: Readonly<Record<string, Permission | 'account'>> = {
  'GET /occasions': 'account',
  'POST /occasion': 'account',
  'GET /occasion/:occasionId': 'door',
  'PUT /occasion/:occasionId': 'write',
  'DELETE /occasion/:occasionId': 'own',
  'PUT /occasion/:occasionId/slug': 'write',

  'GET /occasion/:occasionId/door': 'door',

  'GET /occasion/:occasionId/people': 'read',
  'POST /occasion/:occasionId/invitations': 'own',
  'DELETE /occasion/:occasionId/invitation/:invitationId': 'own',
  'PUT /occasion/:occasionId/person/:accountId': 'own',
  'GET /occasion/:occasionId/api-tokens': 'own',
  'POST /occasion/:occasionId/api-tokens': 'own',
  'DELETE /occasion/:occasionId/api-token/:tokenId': 'own',
  'DELETE /occasion/:occasionId/person/:accountId': 'own',

  'GET /occasion/:occasionId/activities': 'read',
  'POST /occasion/:occasionId/activity': 'write',
  'GET /occasion/:occasionId/activity/:activityId': 'read',
  'PUT /occasion/:occasionId/activity/:activityId': 'write',
  'DELETE /occasion/:occasionId/activity/:activityId': 'write',

  'GET /occasion/:occasionId/attribute-categories': 'read',
  'POST /occasion/:occasionId/attribute-category': 'write',
  'GET /occasion/:occasionId/attribute-category/:categoryId': 'read',
  'PUT /occasion/:occasionId/attribute-category/:categoryId': 'write',
  'DELETE /occasion/:occasionId/attribute-category/:categoryId': 'write',

  'GET /occasion/:occasionId/households': 'read',
  'POST /occasion/:occasionId/household': 'write',
  'GET /occasion/:occasionId/household/:householdId': 'read',
  'PUT /occasion/:occasionId/household/:householdId': 'write',
  'DELETE /occasion/:occasionId/household/:householdId': 'write',

  'GET /occasion/:occasionId/guests': 'read',
  'POST /occasion/:occasionId/guest': 'write',
  'GET /occasion/:occasionId/guest/:guestId': 'read',
  'PUT /occasion/:occasionId/guest/:guestId': 'write',
  'DELETE /occasion/:occasionId/guest/:guestId': 'write',
  'POST /occasions/:occasionId/guests': 'write',
  'POST /occasions/:occasionId/guests/delete': 'write',
  'POST /occasion/:occasionId/import': 'write',
  'POST /occasion/:occasionId/import/:importId/undo': 'write',

  'GET /occasion/:occasionId/invite-lines': 'read',
  'POST /occasion/:occasionId/invite-line': 'write',
  'GET /occasion/:occasionId/invite-line/:inviteLineId': 'read',
  'PUT /occasion/:occasionId/invite-line/:inviteLineId': 'write',
  'DELETE /occasion/:occasionId/invite-line/:inviteLineId': 'write',
  'PUT /occasion/:occasionId/invite-lines': 'write',

  'GET /occasion/:occasionId/activity/:activityId/seating': 'read',
  'POST /occasion/:occasionId/activity/:activityId/tables': 'write',
  'PUT /occasion/:occasionId/table/:tableId': 'write',
  'DELETE /occasion/:occasionId/table/:tableId': 'write',
  'POST /occasion/:occasionId/activity/:activityId/seats': 'write',
  'DELETE /occasion/:occasionId/activity/:activityId/releases': 'write',

  'GET /occasion/:occasionId/questions': 'read',
  'POST /occasion/:occasionId/question': 'write',
  'GET /occasion/:occasionId/question/:questionId': 'read',
  'PUT /occasion/:occasionId/question/:questionId': 'write',
  'DELETE /occasion/:occasionId/question/:questionId': 'write',
  'GET /occasion/:occasionId/answers': 'read',
  'PUT /occasion/:occasionId/answers': 'write',

  'GET /occasion/:occasionId/replies': 'read',
  'GET /occasion/:occasionId/email-templates': 'read',
  'PUT /occasion/:occasionId/email-template/:kind': 'write',
  'GET /occasion/:occasionId/email-preview/:kind': 'read',
  'GET /occasion/:occasionId/email-recipients': 'read',
  'POST /occasion/:occasionId/emails': 'write',
  'GET /occasion/:occasionId/emails': 'read',
  'GET /occasion/:occasionId/email/:emailId/html': 'read',
  'GET /occasion/:occasionId/history': 'read',
  'GET /occasion/:occasionId/replies-over-time': 'read',

  'GET /occasion/:occasionId/export': 'read',
  'POST /occasion/:occasionId/guest/:guestId/erase': 'write',
  'POST /occasion/:occasionId/household/:householdId/erase': 'write',
  'GET /occasion/:occasionId/retention': 'read',
  'PUT /occasion/:occasionId/retention': 'own',
  'POST /occasion/:occasionId/retention/postpone': 'own',
  'GET /occasion/:occasionId/privacy-note': 'read',
  'PUT /occasion/:occasionId/privacy-note': 'write',
  'GET /occasion/:occasionId/erasure-requests': 'read',
  'POST /occasion/:occasionId/erasure-request/:requestId/confirm': 'own',
  'POST /occasion/:occasionId/erasure-request/:requestId/decline': 'own',
  'GET /occasion/:occasionId/webhooks': 'read',
  'POST /occasion/:occasionId/webhooks': 'own',
  'PUT /occasion/:occasionId/webhook/:webhookId': 'own',
  'DELETE /occasion/:occasionId/webhook/:webhookId': 'own',
  'POST /occasion/:occasionId/webhook/:webhookId/rotate-secret': 'own',
  'GET /occasion/:occasionId/webhook/:webhookId/deliveries': 'read',
  'POST /occasion/:occasionId/webhook/:webhookId/test': 'own',
};
