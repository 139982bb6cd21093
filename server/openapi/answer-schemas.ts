import {
  AccountCreateSchema,
  ActivityCreateSchema,
  AnswerBulkRowSchema,
  AttributeCategoryCreateSchema,
  EMAIL_KINDS,
  EmailTemplateUpdateSchema,
  GuestCreateSchema,
  HouseholdCreateSchema,
  InviteLineCreateSchema,
  OccasionCreateSchema,
  QuestionCreateSchema,
  ROLES,
  RsvpAnswerSchema,
  RsvpPlusOneSchema,
  RsvpResponseSchema,
  historyActorKinds,
  historyEntities,
  inviteResponseValues,
} from '../../core/schemas';
import {
  arrayOf,
  boolean,
  count,
  date,
  entity,
  id,
  instant,
  nullable,
  oneOfValues,
  pick,
  ref,
  string,
  strictObject,
  type JsonSchema,
} from './json-schema';
import { EVENT_DATA_RIGHTS_SCHEMAS, HOST_DATA_RIGHTS_SCHEMAS } from './data-rights-answer-schemas';
import { HOST_INTEGRATION_SCHEMAS } from './integration-answer-schemas';
import { HOST_SEATING_SCHEMAS } from './seating-answer-schemas';

/**
 * What the API answers, as JSON Schema: the document's `components.schemas`. Entities are built
 * from core's create schemas the way core types them; the rest mirror core's answer types
 * (`core/schemas/*.ts`), which nothing validates at run time: the OpenAPI test checks real
 * answers against these.
 */

const role = oneOfValues(ROLES);
const answerValue: JsonSchema = { anyOf: [string, arrayOf(string), boolean, { type: 'number' }] };
const emailKind = oneOfValues(EMAIL_KINDS);

const activitySummary = strictObject({ activityId: id, invited: count, attending: count, declined: count, pending: count });

const Occasion = entity(OccasionCreateSchema, {
  id,
  createdAt: instant,
  updatedAt: instant,
  summary: strictObject({ guests: count, households: count, activities: count, perActivity: arrayOf(activitySummary) }),
  role,
  slug: nullable(string),
});
const Activity = entity(ActivityCreateSchema, { id, occasionId: id });
const AttributeCategory = entity(AttributeCategoryCreateSchema, { id, occasionId: id });
const Household = entity(HouseholdCreateSchema, {
  id,
  occasionId: id,
  inviteCode: string,
  guestIds: arrayOf(id),
  createdAt: instant,
  updatedAt: instant,
});
const invitation = strictObject({
  inviteLineId: id,
  activityId: id,
  response: oneOfValues(inviteResponseValues),
  mealChoice: nullable(string),
});
const Guest = entity(GuestCreateSchema, {
  id,
  occasionId: id,
  plusOneOf: nullable(id),
  invitations: arrayOf(invitation),
  createdAt: instant,
  updatedAt: instant,
});
const InviteLine = entity(InviteLineCreateSchema, {
  id,
  occasionId: id,
  respondedAt: nullable(instant),
  respondedBy: nullable(oneOfValues(['GUEST', 'HOST'])),
});
const Question = entity(QuestionCreateSchema, { id, occasionId: id, createdAt: instant, updatedAt: instant });
const Answer = entity(AnswerBulkRowSchema, { value: answerValue, updatedAt: instant });
const Account = entity(
  AccountCreateSchema,
  {
    id,
    createdAt: instant,
    emailVerified: boolean,
    pendingEmail: nullable(string),
    twoFactorEnabled: boolean,
    recoveryCodesLeft: count,
  },
  { omit: ['password'] },
);

const person = strictObject({ accountId: id, firstName: string, lastName: string, email: string, role, addedAt: instant });
const PendingInvitation = strictObject({
  id,
  email: string,
  role,
  invitedByName: string,
  createdAt: instant,
  expiresAt: instant,
});
const doorGuest = strictObject({ id, firstName: string, lastName: string });

const outboxEmail = strictObject({
  id,
  kind: oneOfValues([...EMAIL_KINDS, 'HOST_INVITATION']),
  householdId: nullable(id),
  to: string,
  subject: string,
  status: oneOfValues(['QUEUED', 'SENDING', 'SENT', 'FAILED', 'BOUNCED']),
  attempts: count,
  lastError: nullable(string),
  createdAt: instant,
  sentAt: nullable(instant),
});

const historyEntry = strictObject({
  id,
  occasionId: id,
  at: instant,
  actorKind: oneOfValues(historyActorKinds),
  actorId: string,
  actorName: string,
  entity: oneOfValues(historyEntities),
  entityId: id,
  action: oneOfValues(['CREATE', 'UPDATE', 'DELETE']),
  householdId: nullable(id),
  guestId: nullable(id),
  activityId: nullable(id),
  subjectName: string,
  changes: { type: 'object', additionalProperties: { type: 'array', minItems: 2, maxItems: 2 } },
});

const eventGuest = strictObject({ id, firstName: string, lastName: string });
const EventInfo = strictObject({
  occasion: pick(
    Occasion,
    ['id', 'title', 'description', 'startDate', 'endDate', 'timezone', 'venueName', 'venueAddress', 'rsvpDeadline', 'contactEmail'],
    { rsvpOpen: boolean },
  ),
  activities: arrayOf(entity(ActivityCreateSchema, { id, occasionId: id }, { omit: ['sortOrder'] })),
  questions: arrayOf(entity(QuestionCreateSchema, { id })),
});
const EventHousehold = entity(
  HouseholdCreateSchema,
  {
    guests: arrayOf(
      pick(Guest, ['id', 'firstName', 'lastName', 'ageGroup', 'dietaryNotes', 'plusOneAllowed', 'plusOneOf'], {
        invitations: arrayOf(pick(invitation, ['activityId', 'response', 'mealChoice'])),
      }),
    ),
  },
  { omit: ['notes'] },
);
const Rsvp = strictObject({
  responses: arrayOf(entity(RsvpResponseSchema, {})),
  message: string,
  answers: arrayOf(entity(RsvpAnswerSchema, {})),
  plusOnes: arrayOf(entity(RsvpPlusOneSchema, {}, { omit: ['meals'] })),
  submittedAt: instant,
  updatedAt: instant,
});

/** The contract's error body (section 1), every error status of both areas. */
const ErrorBody = strictObject({
  error: {
    type: 'object',
    properties: {
      code: string,
      message: string,
      issues: arrayOf(strictObject({ path: string, message: string })),
    },
    required: ['code', 'message'],
    additionalProperties: false,
  },
});

/** The host area's named schemas. */
export const HOST_SCHEMAS: Record<string, JsonSchema> = {
  ErrorBody,
  Account,
  Occasion,
  Activity,
  AttributeCategory,
  Household,
  Guest,
  InviteLine,
  Question,
  Answer,
  PendingInvitation,
  People: strictObject({ people: arrayOf(person), invitations: arrayOf(ref('PendingInvitation')) }),
  Person: person,
  DoorList: strictObject({
    households: arrayOf(strictObject({ id, name: string, guests: arrayOf(doorGuest) })),
    guests: arrayOf(doorGuest),
  }),
  EmailTemplate: entity(EmailTemplateUpdateSchema, { kind: emailKind }),
  EmailRecipient: strictObject({
    householdId: id,
    householdName: string,
    addresses: arrayOf(string),
    unsubscribed: arrayOf(string),
    pending: boolean,
    invitedAt: nullable(instant),
  }),
  EmailSendResult: strictObject({
    queued: count,
    skipped: arrayOf(strictObject({ householdId: id, reason: oneOfValues(['NO_ADDRESS', 'UNSUBSCRIBED', 'NOT_PENDING']) })),
  }),
  OutboxPage: strictObject({ emails: arrayOf(outboxEmail), nextCursor: nullable(string) }),
  HistoryPage: strictObject({ entries: arrayOf(historyEntry), nextCursor: nullable(string) }),
  RepliesDay: strictObject({ date, attending: count, declined: count, pending: count }),
  Reply: strictObject({
    householdId: id,
    householdName: string,
    message: string,
    submittedAt: instant,
    updatedAt: instant,
    answeredBy: nullable(strictObject({ guestId: id, firstName: string, lastName: string })),
  }),
  GuestBulkResult: strictObject({ created: count, updated: count, guests: arrayOf(ref('Guest')) }),
  GuestBulkDeleteResult: strictObject({ deleted: count }),
  HostSession: strictObject({ id, createdAt: instant, expiresAt: instant, userAgent: string, address: string, current: boolean }),
  AccountDeletionPlan: strictObject({ occasionsOwnedAlone: arrayOf(strictObject({ id, title: string })) }),
  TwoFactorSetup: strictObject({ secret: string, uri: string }),
  RecoveryCodes: strictObject({ recoveryCodes: arrayOf(string) }),
  InvitationPreview: strictObject({ occasionTitle: string, role, invitedByName: string, email: string, expiresAt: instant }),
  InvitationAccepted: strictObject({ occasionId: id, role }),
  ...HOST_DATA_RIGHTS_SCHEMAS,
  ...HOST_INTEGRATION_SCHEMAS,
  ...HOST_SEATING_SCHEMAS,
};

/** The guest area's named schemas. */
export const EVENT_SCHEMAS: Record<string, JsonSchema> = {
  ErrorBody,
  EventInfo,
  EventHousehold,
  Rsvp,
  GuestSession: strictObject({ occasionId: id, householdId: id, guest: eventGuest, expiresAt: instant }),
  GuestSignIn: strictObject({
    token: string,
    expiresAt: instant,
    occasionId: id,
    householdId: id,
    guest: eventGuest,
    info: ref('EventInfo'),
    household: ref('EventHousehold'),
    rsvp: nullable(ref('Rsvp')),
  }),
  ...EVENT_DATA_RIGHTS_SCHEMAS,
};
