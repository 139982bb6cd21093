/**
 * Table types for Kysely. Columns are camelCase in both SQLite and PostgreSQL
 * (Kysely quotes every identifier), booleans are stored as 0/1 integers and
 * JSON values as text so that one set of migrations and queries serves both.
 */

import type { Generated } from 'kysely';

export interface AccountTable {
  id: string;
  email: string;
  emailKey: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  /** When the address was last proved by a link sent to it; null until then (migration 0013). */
  emailVerifiedAt: string | null;
  /** Base32 TOTP secret: being set up until `totpEnabledAt` is set. */
  totpSecret: string | null;
  totpEnabledAt: string | null;
  /** The time step of the last code that signed in (PostgreSQL may answer it as a string). */
  totpLastStep: number | string | null;
}

export interface HostSessionTable {
  id: string;
  accountId: string;
  createdAt: string;
  expiresAt: string;
  /** The browser's `User-Agent` and the client's address at sign-in ('' for sessions begun before migration 0013). */
  userAgent: Generated<string>;
  address: Generated<string>;
  /** 1 when the sign-in took a second factor (TOTP or recovery code), else 0. */
  secondFactor: Generated<number>;
}

/**
 * A single-use link of an account (verification, reset, email change): `id` is the link's public
 * selector, `secretHash` the SHA-256 of its secret half, compared in constant time.
 */
export interface AccountTokenTable {
  id: string;
  secretHash: string;
  accountId: string;
  purpose: string;
  /** Where the link was sent (for a change of email, the new address). */
  email: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

/** One of an account's ten two-factor recovery codes, as its SHA-256. */
export interface RecoveryCodeTable {
  accountId: string;
  codeHash: string;
  usedAt: string | null;
}

/** The outbox of an account's own mail (verification, reset, notices), sent by the email worker. */
export interface AccountEmailTable {
  id: string;
  accountId: string | null;
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  status: string;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  lease: string | null;
  leaseUntil: string | null;
}

export interface OccasionTable {
  id: string;
  accountId: string;
  title: string;
  description: string;
  startDate: string;
  endDate: string;
  timezone: string;
  venueName: string;
  venueAddress: string;
  rsvpDeadline: string | null;
  passcode: string | null;
  allowedOrigins: string;
  contactEmail: string;
  createdAt: string;
  updatedAt: string;
  /** `''` or the host's page that embeds the widget: invitation links point there. */
  rsvpPageUrl: Generated<string>;
  reminderDaysBeforeDeadline: number | null;
  /** 0 or 1. */
  digestEnabled: Generated<number>;
  /** The `rsvpDeadline` the scheduled reminder was queued for (so it goes once per deadline). */
  reminderSentFor: string | null;
  /** Replies updated up to this instant were in a digest. */
  digestSentAt: string | null;
  /** 0 or 1: everyone with a role must have signed in with a second factor to open the occasion. */
  requireTwoFactor: Generated<number>;
  /** Days after the last activity ends that the guests are erased (migration 0017; 365 unless set). */
  retentionDays: Generated<number>;
  /** The erasure date the owners were last reminded of. */
  retentionRemindedFor: Generated<string | null>;
  /** When retention erased the guests, or null. */
  retentionErasedAt: Generated<string | null>;
  /** The hosts' privacy note for guests (migration 0018); null for Kindly's default. */
  privacyNote: Generated<string | null>;
  /** The path of the occasion's RSVP page, `/r/{slug}` (migration 0021); null for none. Unique. */
  slug: Generated<string | null>;
}

/** A slug an occasion left (migration 0021): it redirects to the occasion's page for 90 days. */
export interface RetiredSlugTable {
  slug: string;
  occasionId: string;
  replacedAt: string;
}

/** A person's role on an occasion (migration 0012): what they may do there, read on every request. */
export interface OccasionRoleTable {
  occasionId: string;
  accountId: string;
  /** `owner`, `editor`, `viewer` or `door`. */
  role: string;
  createdAt: string;
}

/** An occasion's API token (migration 0020): `id` is the token's selector; its secret only as a SHA-256. */
export interface ApiTokenTable {
  id: string;
  occasionId: string;
  secretHash: string;
  name: string;
  /** `editor` or `viewer`. */
  role: string;
  createdByAccountId: string;
  createdAt: string;
  /** Written at most once a minute a token. */
  lastUsedAt: string | null;
}

/** An invitation to an occasion (migration 0012): the token only as its SHA-256; `acceptedAt` once used. */
export interface OccasionInvitationTable {
  id: string;
  occasionId: string;
  email: string;
  /** The address lower case: one pending invitation per address. */
  emailKey: string;
  role: string;
  tokenHash: string;
  invitedByAccountId: string | null;
  invitedByName: string;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  acceptedByAccountId: string | null;
}

/**
 * One origin an occasion allows (its `allowedOrigins`, one row each, in the host's order): the
 * index on `origin` answers "does any occasion allow this origin?" for a preflight.
 */
/**
 * An occasion's revision counters (migration 0011): database triggers add 1 to one of them in
 * every transaction that writes the occasion or its rows; their sum is the occasion's revision,
 * the guest list's ETag and what kept answers are checked against.
 */
export interface OccasionRevisionTable {
  occasionId: string;
  slot: number;
  /** A bigint: pg answers it as a string. */
  count: number | string;
}

export interface OccasionOriginTable {
  occasionId: string;
  origin: string;
  position: number;
}

export interface ActivityTable {
  id: string;
  occasionId: string;
  name: string;
  description: string;
  startsAt: string;
  endsAt: string | null;
  locationName: string;
  address: string;
  dressCode: string;
  mealOptions: string;
  sortOrder: number;
}

export interface AttributeCategoryTable {
  id: string;
  occasionId: string;
  name: string;
  multiple: number;
  options: string;
  sortOrder: number;
}

export interface HouseholdTable {
  id: string;
  occasionId: string;
  name: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  phone: string;
  email: string;
  notes: string;
  inviteCode: string;
  createdAt: string;
  updatedAt: string;
}

/** A household's own fields: what a host edits and history compares (not its keys, invite code or times). */
export const HOUSEHOLD_FIELDS = [
  'name',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'postalCode',
  'country',
  'phone',
  'email',
  'notes',
] as const satisfies ReadonlyArray<keyof HouseholdTable>;

export interface GuestTable {
  id: string;
  occasionId: string;
  householdId: string | null;
  firstName: string;
  lastName: string;
  /** normaliseName(firstName + ' ' + lastName): what guest sign-in by name matches. */
  nameKey: string;
  email: string;
  phone: string;
  ageGroup: string;
  plusOneAllowed: number;
  plusOneOf: string | null;
  dietaryNotes: string;
  attributes: string;
  notes: string;
  createdAt: string;
  updatedAt: string;
}

/** A guest's own fields: what a host edits and history compares (not its keys, sign-in key or times). */
export const GUEST_FIELDS = [
  'householdId',
  'firstName',
  'lastName',
  'email',
  'phone',
  'ageGroup',
  'plusOneAllowed',
  'plusOneOf',
  'dietaryNotes',
  'attributes',
  'notes',
] as const satisfies ReadonlyArray<keyof GuestTable>;

export interface InviteLineTable {
  id: string;
  occasionId: string;
  guestId: string;
  activityId: string;
  response: string;
  mealChoice: string | null;
  respondedAt: string | null;
  respondedBy: string | null;
}

/** An invite line's keys and answer: what the RSVP rules, history and a guest's invitations read. */
export const INVITE_LINE_ANSWER_COLUMNS = ['id', 'guestId', 'activityId', 'response', 'mealChoice'] as const satisfies ReadonlyArray<
  keyof InviteLineTable
>;

export interface RsvpTable {
  id: string;
  occasionId: string;
  householdId: string;
  message: string;
  submittedAt: string;
  updatedAt: string;
  /** The guest whose session sent the last write; null before migration 0005. */
  answeredByGuestId: Generated<string | null>;
}

export interface QuestionTable {
  id: string;
  occasionId: string;
  activityId: string | null;
  kind: string;
  prompt: string;
  helpText: string;
  options: string;
  min: number | null;
  max: number | null;
  scope: string;
  required: number;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
}

/** One answer: `householdId` set for household questions, `guestId` for guest questions. */
export interface AnswerTable {
  id: string;
  occasionId: string;
  questionId: string;
  householdId: string | null;
  guestId: string | null;
  /** The value as JSON. */
  value: string;
  updatedAt: string;
}

export interface GuestSessionTable {
  tokenHash: string;
  occasionId: string;
  householdId: string;
  guestId: string;
  platform: string | null;
  createdAt: string;
  expiresAt: string;
}

export interface RateLimitTable {
  key: string;
  count: number;
  resetAt: number;
}

export interface EmailTable {
  id: string;
  occasionId: string;
  householdId: string | null;
  kind: string;
  /** Comma-separated addresses. */
  to: string;
  subject: string;
  html: string;
  text: string;
  /** JSON `[{ filename, contentType, content }]`. */
  attachments: string;
  status: string;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  unsubscribeToken: string;
  createdAt: string;
  sentAt: string | null;
  /** The worker that holds the message while sending, and until when. */
  lease: string | null;
  leaseUntil: string | null;
}

export interface EmailTemplateTable {
  occasionId: string;
  kind: string;
  subject: string;
  intro: string;
  updatedAt: string;
}

export interface EmailUnsubscribeTable {
  occasionId: string;
  /** Lower case. */
  address: string;
  createdAt: string;
}

/** One message sent, kept a day for the account's daily limits (migration 0014); outlives its occasion. */
export interface EmailSendLogTable {
  emailId: string;
  accountId: string;
  occasionId: string;
  sentAt: string;
}

/** One change of one entity (migration 0007); `seq` rises with every entry and is the paging cursor. */
export interface HistoryEntryTable {
  /** A number on SQLite; PostgreSQL's bigint arrives as a string. Only compared and sent as the cursor. */
  seq: Generated<number | string>;
  id: string;
  occasionId: string;
  at: string;
  actorKind: string;
  actorId: string;
  actorName: string;
  entity: string;
  entityId: string;
  action: string;
  householdId: string | null;
  guestId: string | null;
  activityId: string | null;
  subjectName: string;
  /** JSON `{ field: [before, after] }`. */
  changes: string;
}

/**
 * One CSV import written by the server (migration 0016): the client's key, the answer it gave
 * (JSON), and what it wrote (JSON `ImportWritten`: each touched row before, and its mark after),
 * which its undo puts back.
 */
export interface GuestImportTable {
  id: string;
  occasionId: string;
  importKey: string;
  /** SHA-256 of the validated body without its key: the same key with another body is refused. */
  bodyHash: string;
  accountId: string;
  createdAt: string;
  result: string;
  written: string;
  undoneAt: string | null;
}

/**
 * Every household a guest's history entries were recorded under (migration 0009): how a guest's
 * history is found through the households' index. Written with the entries.
 */
export interface HistoryGuestHouseholdTable {
  occasionId: string;
  guestId: string;
  householdId: string;
}

/** A household's request to be erased (migration 0018); outlives its household. `status`: `open`, `confirmed`, `declined`. */
export interface ErasureRequestTable {
  id: string;
  occasionId: string;
  householdId: string;
  createdAt: string;
  message: string;
  status: string;
  decidedBy: string | null;
  decidedAt: string | null;
}

export interface Database {
  account: AccountTable;
  hostSession: HostSessionTable;
  accountToken: AccountTokenTable;
  recoveryCode: RecoveryCodeTable;
  accountEmail: AccountEmailTable;
  occasion: OccasionTable;
  occasionOrigin: OccasionOriginTable;
  occasionRevision: OccasionRevisionTable;
  occasionRole: OccasionRoleTable;
  occasionInvitation: OccasionInvitationTable;
  apiToken: ApiTokenTable;
  retiredSlug: RetiredSlugTable;
  activity: ActivityTable;
  attributeCategory: AttributeCategoryTable;
  household: HouseholdTable;
  guest: GuestTable;
  inviteLine: InviteLineTable;
  rsvp: RsvpTable;
  question: QuestionTable;
  answer: AnswerTable;
  guestSession: GuestSessionTable;
  rateLimit: RateLimitTable;
  email: EmailTable;
  emailTemplate: EmailTemplateTable;
  emailUnsubscribe: EmailUnsubscribeTable;
  emailSendLog: EmailSendLogTable;
  historyEntry: HistoryEntryTable;
  historyGuestHousehold: HistoryGuestHouseholdTable;
  erasureRequest: ErasureRequestTable;
  webhookEndpoint: WebhookEndpointTable;
  webhookDelivery: WebhookDeliveryTable;
  guestImport: GuestImportTable;
  seatingTable: SeatingTableTable;
  seat: SeatTable;
  seatRelease: SeatReleaseTable;
}

/** A table of an activity's seating plan (migration 0022); `number` is unique within the activity. */
export interface SeatingTableTable {
  id: string;
  occasionId: string;
  activityId: string;
  name: string;
  number: number;
  /** `ROUND` or `LONG`. */
  shape: string;
  capacity: number;
  createdAt: string;
  updatedAt: string;
}

/** A guest's seat at an activity: at most one per guest and activity, and only with an invite line. */
export interface SeatTable {
  guestId: string;
  activityId: string;
  occasionId: string;
  tableId: string;
  seatedAt: string;
}

/** A seat freed because its guest stopped attending: the host's notice until dismissed. */
export interface SeatReleaseTable {
  id: string;
  occasionId: string;
  activityId: string;
  /** The guest's id; the guest may be deleted since. */
  guestId: string;
  /** The table's id; the table may be deleted since. */
  tableId: string;
  tableName: string;
  releasedAt: string;
}

/** Where an occasion's webhooks go (migration 0019). */
export interface WebhookEndpointTable {
  id: string;
  occasionId: string;
  url: string;
  /** JSON list of the event types it takes. */
  events: string;
  /** `whsec_…`: signs every delivery. */
  secret: string;
  /** The secret a rotation replaced, signing too until `previousSecretUntil`. */
  previousSecret: string | null;
  previousSecretUntil: string | null;
  /** 0 or 1. */
  enabled: number;
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One event for one endpoint: queued with the change, posted by the webhook worker. */
export interface WebhookDeliveryTable {
  /** Orders deliveries of one endpoint and household. A number on SQLite; a string from PostgreSQL's bigint. */
  seq: Generated<number | string>;
  id: string;
  endpointId: string;
  eventType: string;
  /** The JSON body posted, signed as these bytes. */
  payload: string;
  householdId: string | null;
  /** `QUEUED`, `SENDING`, `DELIVERED` or `FAILED`. */
  status: string;
  attempts: number;
  nextAttemptAt: string;
  lease: string | null;
  leaseUntil: string | null;
  /** The last answer's HTTP status; null after a network error or before the first attempt. */
  lastStatus: number | null;
  /** The last answer's first characters, or what went wrong. */
  lastResponse: string | null;
  createdAt: string;
  deliveredAt: string | null;
}
