import type * as v from 'valibot';
import {
  ActivityCreateSchema,
  ActivityUpdateSchema,
  AnswersBulkSchema,
  AttributeCategoryCreateSchema,
  AttributeCategoryUpdateSchema,
  EMAIL_KINDS,
  EmailSendSchema,
  EmailTemplateUpdateSchema,
  GuestBulkDeleteSchema,
  GuestBulkQuerySchema,
  GuestBulkSchema,
  GuestCreateSchema,
  GuestListQuerySchema,
  GuestUpdateSchema,
  HistoryQuerySchema,
  HouseholdCreateSchema,
  HouseholdUpdateSchema,
  InvitationCreateSchema,
  InviteLineCreateSchema,
  InviteLinesBulkSchema,
  InviteLineUpdateSchema,
  OccasionCreateSchema,
  OccasionUpdateSchema,
  OccasionSlugSchema,
  PersonUpdateSchema,
  QuestionCreateSchema,
  QuestionUpdateSchema,
} from '../../core/schemas';
import { BULK_BODY_LIMIT } from '../http/read-body';
import { EMAIL_SEND_BODY_LIMIT } from '../routes/host/emails';
import { GUEST_BULK_DELETE_BODY_LIMIT } from '../routes/host/guests-bulk-delete';
import { arrayOf, id, oneOfValues, ref, type JsonSchema } from './json-schema';
import type { Operation, OperationTable } from './operation';

/** An entity of an occasion as its routes name it: `/occasion/{occasionId}/<one>/{<id>}`, `…/<many>`. */
interface EntityRoutes {
  /** How the summaries name one: `an activity`. */
  readonly name: string;
  readonly tag: string;
  readonly one: string;
  readonly many: string;
  readonly id: string;
  /** The answer's schema in `answer-schemas.ts`. */
  readonly schema: string;
}

/** The five routes of an entity of an occasion: list, create, read, update, delete. */
function crud(entity: EntityRoutes, create: v.GenericSchema, update: v.GenericSchema): Record<string, Operation> {
  const base = '/occasion/:occasionId';
  const one = `${base}/${entity.one}/:${entity.id}`;
  const { tag } = entity;
  const schema = ref(entity.schema);
  return {
    [`GET ${base}/${entity.many}`]: { summary: `List ${entity.tag.toLowerCase()}`, tag, caller: 'host', answers: { 200: arrayOf(schema) } },
    [`POST ${base}/${entity.one}`]: { summary: `Create ${entity.name}`, tag, caller: 'host', body: create, answers: { 201: schema } },
    [`GET ${one}`]: { summary: `Read ${entity.name}`, tag, caller: 'host', answers: { 200: schema } },
    [`PUT ${one}`]: { summary: `Update ${entity.name}`, tag, caller: 'host', body: update, answers: { 200: schema } },
    [`DELETE ${one}`]: { summary: `Delete ${entity.name}`, tag, caller: 'host', answers: { 204: 'none' } },
  };
}

const OCCASIONS = 'Occasions';
const PEOPLE = 'People and roles';
const EMAIL = 'Email';
const REPLIES = 'Replies and history';
const emailKind: Readonly<Record<string, JsonSchema>> = { kind: oneOfValues(EMAIL_KINDS) };

const ACTIVITY: EntityRoutes = { name: 'an activity', tag: 'Activities', one: 'activity', many: 'activities', id: 'activityId', schema: 'Activity' };
const CATEGORY: EntityRoutes = {
  name: 'an attribute category',
  tag: 'Attribute categories',
  one: 'attribute-category',
  many: 'attribute-categories',
  id: 'categoryId',
  schema: 'AttributeCategory',
};
const HOUSEHOLD: EntityRoutes = { name: 'a household', tag: 'Households', one: 'household', many: 'households', id: 'householdId', schema: 'Household' };
const GUEST: EntityRoutes = { name: 'a guest', tag: 'Guests', one: 'guest', many: 'guests', id: 'guestId', schema: 'Guest' };
const INVITE_LINE: EntityRoutes = { name: 'an invite line', tag: 'Invite lines', one: 'invite-line', many: 'invite-lines', id: 'inviteLineId', schema: 'InviteLine' };
const QUESTION: EntityRoutes = { name: 'a question', tag: 'Questions', one: 'question', many: 'questions', id: 'questionId', schema: 'Question' };

/** The host area's routes under `/occasion(s)`: each also has a permission in `routes/host/route-permissions.ts`. */
export const HOST_OCCASION_OPERATIONS: OperationTable = {
  'GET /occasions': {
    summary: 'List occasions',
    tag: OCCASIONS,
    caller: 'host',
    description: 'Every occasion the account has a role on, newest first.',
    answers: { 200: arrayOf(ref('Occasion')) },
  },
  'POST /occasion': { summary: 'Create an occasion', tag: OCCASIONS, caller: 'host', body: OccasionCreateSchema, answers: { 201: ref('Occasion') } },
  'GET /occasion/:occasionId': { summary: 'Read an occasion', tag: OCCASIONS, caller: 'host', answers: { 200: ref('Occasion') } },
  'PUT /occasion/:occasionId': { summary: 'Update an occasion', tag: OCCASIONS, caller: 'host', body: OccasionUpdateSchema, answers: { 200: ref('Occasion') } },
  'PUT /occasion/:occasionId/slug': {
    summary: 'Set the RSVP page’s address',
    tag: OCCASIONS,
    caller: 'host',
    description: 'The occasion’s page at `/r/{slug}`, or null for none. The slug it leaves redirects there for 90 days. 409 `SLUG_TAKEN`: another occasion uses it or left it less than 90 days ago.',
    body: OccasionSlugSchema,
    answers: { 200: ref('Occasion') },
    errors: [409],
  },
  'DELETE /occasion/:occasionId': {
    summary: 'Delete an occasion',
    tag: OCCASIONS,
    caller: 'host',
    description: 'Deletes everything under it. Owners only.',
    answers: { 204: 'none' },
  },

  'GET /occasion/:occasionId/door': { summary: 'The door’s list', tag: PEOPLE, caller: 'host', answers: { 200: ref('DoorList') } },
  'GET /occasion/:occasionId/people': { summary: 'List people and pending invitations', tag: PEOPLE, caller: 'host', answers: { 200: ref('People') } },
  'POST /occasion/:occasionId/invitations': {
    summary: 'Invite a co-host',
    tag: PEOPLE,
    caller: 'host',
    body: InvitationCreateSchema,
    answers: { 201: ref('PendingInvitation') },
    errors: [409],
  },
  'DELETE /occasion/:occasionId/invitation/:invitationId': { summary: 'Withdraw an invitation', tag: PEOPLE, caller: 'host', answers: { 204: 'none' } },
  'PUT /occasion/:occasionId/person/:accountId': {
    summary: 'Change a person’s role',
    tag: PEOPLE,
    caller: 'host',
    body: PersonUpdateSchema,
    answers: { 200: ref('Person') },
    errors: [409],
  },
  'DELETE /occasion/:occasionId/person/:accountId': { summary: 'Remove a person', tag: PEOPLE, caller: 'host', answers: { 204: 'none' }, errors: [409] },

  ...crud(ACTIVITY, ActivityCreateSchema, ActivityUpdateSchema),
  ...crud(CATEGORY, AttributeCategoryCreateSchema, AttributeCategoryUpdateSchema),
  ...crud(HOUSEHOLD, HouseholdCreateSchema, HouseholdUpdateSchema),
  ...crud(GUEST, GuestCreateSchema, GuestUpdateSchema),
  'GET /occasion/:occasionId/guests': {
    summary: 'List guests',
    tag: 'Guests',
    caller: 'host',
    description: 'Revalidates with `If-None-Match` (304). `limit` answers only the first guests.',
    query: GuestListQuerySchema,
    answers: { 200: arrayOf(ref('Guest')), 304: 'none' },
  },
  'POST /occasions/:occasionId/guests': {
    summary: 'Create and update guests in bulk',
    tag: 'Guests',
    caller: 'host',
    description: 'Up to 10,000 rows, all or nothing.',
    query: GuestBulkQuerySchema,
    body: GuestBulkSchema,
    bodyLimit: BULK_BODY_LIMIT,
    answers: { 200: ref('GuestBulkResult') },
  },
  'POST /occasions/:occasionId/guests/delete': {
    summary: 'Delete guests in bulk',
    tag: 'Guests',
    caller: 'host',
    body: GuestBulkDeleteSchema,
    bodyLimit: GUEST_BULK_DELETE_BODY_LIMIT,
    answers: { 200: ref('GuestBulkDeleteResult') },
  },
  ...crud(INVITE_LINE, InviteLineCreateSchema, InviteLineUpdateSchema),
  'PUT /occasion/:occasionId/invite-lines': {
    summary: 'Invite, answer and uninvite in bulk',
    tag: 'Invite lines',
    caller: 'host',
    description: 'Up to 50,000 rows, all or nothing; `invited: false` removes a line. Answers the occasion’s invite lines.',
    body: InviteLinesBulkSchema,
    bodyLimit: BULK_BODY_LIMIT,
    answers: { 200: arrayOf(ref('InviteLine')) },
  },
  ...crud(QUESTION, QuestionCreateSchema, QuestionUpdateSchema),
  'GET /occasion/:occasionId/answers': {
    summary: 'List answers to the questions',
    tag: 'Questions',
    caller: 'host',
    answers: { 200: arrayOf(ref('Answer')) },
  },
  'PUT /occasion/:occasionId/answers': {
    summary: 'Record answers in bulk',
    tag: 'Questions',
    caller: 'host',
    query: GuestBulkQuerySchema,
    body: AnswersBulkSchema,
    bodyLimit: BULK_BODY_LIMIT,
    answers: { 200: arrayOf(ref('Answer')) },
  },

  'GET /occasion/:occasionId/replies': { summary: 'List the households’ replies', tag: REPLIES, caller: 'host', answers: { 200: arrayOf(ref('Reply')) } },
  'GET /occasion/:occasionId/history': {
    summary: 'Read the history',
    tag: REPLIES,
    caller: 'host',
    query: HistoryQuerySchema,
    answers: { 200: ref('HistoryPage') },
  },
  'GET /occasion/:occasionId/replies-over-time': { summary: 'Replies by day', tag: REPLIES, caller: 'host', answers: { 200: arrayOf(ref('RepliesDay')) } },

  'GET /occasion/:occasionId/email-templates': {
    summary: 'List the email templates',
    tag: EMAIL,
    caller: 'host',
    answers: { 200: arrayOf(ref('EmailTemplate')) },
  },
  'PUT /occasion/:occasionId/email-template/:kind': {
    summary: 'Save an email template',
    tag: EMAIL,
    caller: 'host',
    params: emailKind,
    body: EmailTemplateUpdateSchema,
    answers: { 200: ref('EmailTemplate') },
  },
  'GET /occasion/:occasionId/email-preview/:kind': {
    summary: 'Preview an email',
    tag: EMAIL,
    caller: 'host',
    params: emailKind,
    query: { householdId: { ...id, description: 'The household to fill it in for; the first one without it.' } },
    answers: { 200: 'html' },
  },
  'GET /occasion/:occasionId/email-recipients': {
    summary: 'List who would get an email',
    tag: EMAIL,
    caller: 'host',
    answers: { 200: arrayOf(ref('EmailRecipient')) },
  },
  'POST /occasion/:occasionId/emails': {
    summary: 'Send invitations or reminders',
    tag: EMAIL,
    caller: 'host',
    description: 'Queues the emails; `EMAIL_NOT_VERIFIED` (403) until the account’s address is verified.',
    body: EmailSendSchema,
    bodyLimit: EMAIL_SEND_BODY_LIMIT,
    answers: { 202: ref('EmailSendResult') },
  },
  'GET /occasion/:occasionId/emails': {
    summary: 'Read the outbox',
    tag: EMAIL,
    caller: 'host',
    query: {
      limit: { type: 'string', pattern: '^[0-9]+$', description: 'Emails per page, 1 to 200.' },
      cursor: { type: 'string', description: 'The `nextCursor` of the page before.' },
    },
    answers: { 200: ref('OutboxPage') },
  },
  'GET /occasion/:occasionId/email/:emailId/html': { summary: 'Read a sent email', tag: EMAIL, caller: 'host', answers: { 200: 'html' } },
};
