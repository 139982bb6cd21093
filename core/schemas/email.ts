import * as v from 'valibot';
import { choice, list, uniqueItems } from './field';
import { strictBody } from './strict-body';
import { idField, longText, text } from './text';

/** The messages Kindly sends; each has a template whose subject and intro the host may edit. */
export const EMAIL_KINDS = ['INVITATION', 'REMINDER', 'CONFIRMATION', 'DIGEST'] as const;

/** One kind of message (see {@link EMAIL_KINDS}). */
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** Every kind a message in the outbox may be: the templates' kinds, and an invitation to help run an occasion. */
export type OutboxEmailKind = EmailKind | 'HOST_INVITATION';

/** The kinds a host sends by hand (`POST .../emails`); confirmations and digests are sent by Kindly. */
export const SENDABLE_EMAIL_KINDS = ['INVITATION', 'REMINDER'] as const;

/** A kind a host sends by hand. */
export type SendableEmailKind = (typeof SENDABLE_EMAIL_KINDS)[number];

/** Where a message is in the outbox. */
export type EmailStatus = 'QUEUED' | 'SENDING' | 'SENT' | 'FAILED' | 'BOUNCED';

/** Why a household was left out of a send. */
/** Why a household was left out of a send: no address, every address unsubscribed, nothing pending (reminders). */
export type EmailSkipReason = 'NO_ADDRESS' | 'UNSUBSCRIBED' | 'NOT_PENDING';

/** The most households one send names. */
export const EMAIL_SEND_MAX_HOUSEHOLDS = 10000;

/** Most characters of a template's subject. */
export const EMAIL_SUBJECT_MAX = 200;

/** Most characters of a template's intro paragraph. */
export const EMAIL_INTRO_MAX = 5000;

/* @__NO_SIDE_EFFECTS__ */
function emailTemplateUpdateSchema() {
  return v.partial(
    strictBody({
      subject: text({ label: 'Subject', min: 1, max: EMAIL_SUBJECT_MAX }),
      intro: longText({ label: 'Intro', max: EMAIL_INTRO_MAX }),
    }),
  );
}

/**
 * The body of `PUT /host/v1/occasion/{id}/email-template/{kind}`: `{ subject?, intro? }`;
 * the subject 1 to 200 characters on one line, the intro 0 to 5,000 (line breaks kept).
 * Fields left out keep their value (the default until first edited).
 */
export const EmailTemplateUpdateSchema: EmailTemplateUpdateSchemaType = /* @__PURE__ */ emailTemplateUpdateSchema();

/** The schema type of {@link EmailTemplateUpdateSchema}. */
export type EmailTemplateUpdateSchemaType = ReturnType<typeof emailTemplateUpdateSchema>;

/** A valid template update body. */
export type EmailTemplateUpdate = v.InferOutput<typeof EmailTemplateUpdateSchema>;

/* @__NO_SIDE_EFFECTS__ */
function emailSendSchema() {
  return strictBody({
    kind: choice(SENDABLE_EMAIL_KINDS, 'Kind'),
    householdIds: v.optional(
      v.pipe(
        list(idField({ label: 'Household id' }), { label: 'Household ids', min: 1, max: EMAIL_SEND_MAX_HOUSEHOLDS }),
        uniqueItems(
          (id: string) => id,
          (_, first) => `This household is already in householdIds.${first}.`,
        ),
      ),
    ),
  });
}

/**
 * The body of `POST /host/v1/occasion/{id}/emails`: `{ kind: 'INVITATION' | 'REMINDER',
 * householdIds? }`. Without `householdIds`, invitations go to every household not yet
 * invited and reminders to every pending one; with them (1 to 10,000, each once), to those.
 */
export const EmailSendSchema: EmailSendSchemaType = /* @__PURE__ */ emailSendSchema();

/** The schema type of {@link EmailSendSchema}. */
export type EmailSendSchemaType = ReturnType<typeof emailSendSchema>;

/** A valid send body. */
export type EmailSend = v.InferOutput<typeof EmailSendSchema>;

/** A template as the API answers it (defaults until the host edits it). */
export interface EmailTemplate extends Required<EmailTemplateUpdate> {
  kind: EmailKind;
}

/** Who gets a household's mail (`GET .../email-recipients`). */
export interface EmailRecipient {
  householdId: string;
  householdName: string;
  /** The household's email, else its members' emails; `[]`: no address, nothing can be sent. */
  addresses: string[];
  /** Those of `addresses` that unsubscribed from this occasion's mail. */
  unsubscribed: string[];
  /** Whether some invite line of the household is still `PENDING`. */
  pending: boolean;
  /** When the last invitation to the household was queued, or null. */
  invitedAt: string | null;
}

/** A household left out of a send, and why. */
export interface EmailSkip {
  householdId: string;
  reason: EmailSkipReason;
}

/** The answer of `POST .../emails` (202). */
export interface EmailSendResult {
  /** Messages written to the outbox: one per address of each household sent to. */
  queued: number;
  skipped: EmailSkip[];
}

/** One message of the outbox. */
export interface OutboxEmail {
  id: string;
  kind: OutboxEmailKind;
  /** Null for the digest, which goes to the host. */
  householdId: string | null;
  /** The one address the message goes to (a household with several gets one message each). */
  to: string;
  subject: string;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** A page of the outbox, newest first; `nextCursor` asks for the next page. */
export interface OutboxPage {
  emails: OutboxEmail[];
  nextCursor: string | null;
}
