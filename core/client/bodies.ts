import type * as v from 'valibot';
import type {
  AccountCreateSchema,
  AccountDeletionSchema,
  AccountUpdateSchema,
  EmailChangeSchema,
  PasswordChangeSchema,
  PasswordConfirmSchema,
  PasswordResetRequestSchema,
  TwoFactorEnableSchema,
} from '../schemas/account';
import type { ActivityCreateSchema, ActivityUpdateSchema } from '../schemas/activity';
import type { AttributeCategoryCreateSchema, AttributeCategoryUpdateSchema } from '../schemas/attribute-category';
import type { GuestBulkSchema, GuestCreateSchema, GuestUpdateSchema } from '../schemas/guest';
import type { GuestBulkDeleteSchema } from '../schemas/guest-bulk-delete';
import type { GuestImportSchema } from '../schemas/guest-import';
import type { HouseholdCreateSchema, HouseholdUpdateSchema } from '../schemas/household';
import type { InviteLineCreateSchema, InviteLinesBulkSchema, InviteLineUpdateSchema } from '../schemas/invite-line';
import type { OccasionCreateSchema, OccasionUpdateSchema } from '../schemas/occasion';
import type { OccasionSlugSchema } from '../schemas/occasion-slug';
import type { AnswersBulkSchema } from '../schemas/answer';
import type { RetentionPostponeSchema, RetentionUpdateSchema } from '../schemas/data-rights';
import type { ApiTokenCreateSchema } from '../schemas/api-token';
import type { QuestionCreateSchema, QuestionUpdateSchema } from '../schemas/question';
import type { EmailSendSchema, EmailTemplateUpdateSchema } from '../schemas/email';
import type { InvitationCreateSchema, InvitationTokenSchema, PersonUpdateSchema } from '../schemas/people';
import type { PrivacyNoteUpdateSchema } from '../schemas/guest-data';
import type { CheckInMarksSchema } from '../schemas/check-in';
import type { WebhookEndpointCreateSchema, WebhookEndpointUpdateSchema } from '../schemas/webhook';
import type { SeatAssignSchema, SeatingTableCreateSchema, SeatingTableUpdateSchema } from '../schemas/seating';

// Request bodies as the server accepts them: the schemas' *input* types, so fields that
// have a default may be left out (the schemas' `…Create` types are their validated output).

/** Body of `POST /account`. */
export type AccountCreateBody = v.InferInput<typeof AccountCreateSchema>;
/** Body of `PUT /account/password`. */
export type PasswordChangeBody = v.InferInput<typeof PasswordChangeSchema>;
/** Body of `PUT /account`: the names. */
export type AccountUpdateBody = v.InferInput<typeof AccountUpdateSchema>;
/** Body of `PUT /account/email`. */
export type EmailChangeBody = v.InferInput<typeof EmailChangeSchema>;
/** Body of `POST /account/password-reset`. */
export type PasswordResetRequestBody = v.InferInput<typeof PasswordResetRequestSchema>;
/** Body of `POST /account/deletion`. */
export type AccountDeletionBody = v.InferInput<typeof AccountDeletionSchema>;
/** Body of the two-factor routes that take only the password. */
export type PasswordConfirmBody = v.InferInput<typeof PasswordConfirmSchema>;
/** Body of `PUT /account/two-factor`. */
export type TwoFactorEnableBody = v.InferInput<typeof TwoFactorEnableSchema>;
/** Body of `POST /occasion`. */
export type OccasionCreateBody = v.InferInput<typeof OccasionCreateSchema>;
/** Body of `PUT /occasion/{id}`: any subset of the writable fields. */
export type OccasionUpdateBody = v.InferInput<typeof OccasionUpdateSchema>;
/** Body of `PUT /occasion/{occasionId}/slug`: `{ slug }` (null: no RSVP page). */
export type OccasionSlugBody = v.InferInput<typeof OccasionSlugSchema>;
/** Body of `POST /occasion/{id}/activity`. */
export type ActivityCreateBody = v.InferInput<typeof ActivityCreateSchema>;
/** Body of `PUT /occasion/{id}/activity/{id}`. */
export type ActivityUpdateBody = v.InferInput<typeof ActivityUpdateSchema>;
/** Body of `POST /occasion/{id}/guest`. */
export type GuestCreateBody = v.InferInput<typeof GuestCreateSchema>;
/** Body of `PUT /occasion/{id}/guest/{id}`. */
export type GuestUpdateBody = v.InferInput<typeof GuestUpdateSchema>;
/** Body of `POST /occasions/{id}/guests`: `{ guests: [GuestUpsert] }`. */
export type GuestBulkBody = v.InferInput<typeof GuestBulkSchema>;
/** Body of `POST /occasions/{id}/guests/delete`: `{ ids: [guestId] }`, 1 to 10,000. */
export type GuestBulkDeleteBody = v.InferInput<typeof GuestBulkDeleteSchema>;
/** Body of `POST /occasion/{id}/import`: a whole CSV import, with the client's key. */
export type GuestImportBody = v.InferInput<typeof GuestImportSchema>;
/** Body of `POST /occasion/{id}/household`. */
export type HouseholdCreateBody = v.InferInput<typeof HouseholdCreateSchema>;
/** Body of `PUT /occasion/{id}/household/{id}`. */
export type HouseholdUpdateBody = v.InferInput<typeof HouseholdUpdateSchema>;
/** Body of `POST /occasion/{id}/invite-line`. */
export type InviteLineCreateBody = v.InferInput<typeof InviteLineCreateSchema>;
/** Body of `PUT /occasion/{id}/invite-line/{id}`. */
export type InviteLineUpdateBody = v.InferInput<typeof InviteLineUpdateSchema>;
/** Body of `PUT /occasion/{id}/invite-lines`: `{ lines: [{ guestId, activityId, invited, … }] }`. */
export type InviteLinesBody = v.InferInput<typeof InviteLinesBulkSchema>;
/** Body of `POST /occasion/{id}/attribute-category`. */
export type AttributeCategoryCreateBody = v.InferInput<typeof AttributeCategoryCreateSchema>;
/** Body of `PUT /occasion/{id}/attribute-category/{id}`. */
export type AttributeCategoryUpdateBody = v.InferInput<typeof AttributeCategoryUpdateSchema>;
/** Body of `POST /occasion/{id}/question`. */
export type QuestionCreateBody = v.InferInput<typeof QuestionCreateSchema>;
/** Body of `PUT /occasion/{id}/question/{id}`. */
export type QuestionUpdateBody = v.InferInput<typeof QuestionUpdateSchema>;
/** Body of `PUT /occasion/{id}/answers`: `{ answers: [{ questionId, householdId, guestId, value }] }`. */
export type AnswersBulkBody = v.InferInput<typeof AnswersBulkSchema>;
/** Body of `PUT /occasion/{id}/email-template/{kind}`: `{ subject?, intro? }`. */
export type EmailTemplateUpdateBody = v.InferInput<typeof EmailTemplateUpdateSchema>;
/** Body of `POST /occasion/{id}/emails`: `{ kind, householdIds? }`. */
export type EmailSendBody = v.InferInput<typeof EmailSendSchema>;

/** Body of `POST /occasion/{id}/invitations`. */
export type InvitationCreateBody = v.InferInput<typeof InvitationCreateSchema>;
/** Body of `PUT /occasion/{id}/person/{accountId}`. */
export type PersonUpdateBody = v.InferInput<typeof PersonUpdateSchema>;
/** Body of `POST /invitation/lookup` and `POST /invitation/accept`. */
export type InvitationTokenBody = v.InferInput<typeof InvitationTokenSchema>;

/** `PUT /occasion/{occasionId}/retention`: `{ days }`. */
export type RetentionUpdateBody = v.InferInput<typeof RetentionUpdateSchema>;
/** `POST /occasion/{occasionId}/retention/postpone`: `{ days }` more. */
export type RetentionPostponeBody = v.InferInput<typeof RetentionPostponeSchema>;
/** Body of `POST /occasion/{id}/api-tokens`: `{ name, role }`. */
export type ApiTokenCreateBody = v.InferInput<typeof ApiTokenCreateSchema>;
/** Body of `PUT /occasion/{id}/privacy-note`: the hosts' text, or null for the default. */
export type PrivacyNoteBody = v.InferInput<typeof PrivacyNoteUpdateSchema>;
export type WebhookEndpointCreateBody = v.InferInput<typeof WebhookEndpointCreateSchema>;
export type WebhookEndpointUpdateBody = v.InferInput<typeof WebhookEndpointUpdateSchema>;

/** Body of `POST /occasion/{occasionId}/check-in`: 1 to 200 marks, applied in order. */
export type CheckInMarksBody = v.InferInput<typeof CheckInMarksSchema>;
/** Body of `POST …/activity/{activityId}/tables`: `{ name, number?, shape?, capacity }`. */
export type SeatingTableCreateBody = v.InferInput<typeof SeatingTableCreateSchema>;
/** Body of `PUT /occasion/{occasionId}/table/{tableId}`: any of `name`, `number`, `shape`, `capacity`. */
export type SeatingTableUpdateBody = v.InferInput<typeof SeatingTableUpdateSchema>;
/** Body of `POST …/activity/{activityId}/seats`: `{ guestIds, tableId, overCapacity? }`. */
export type SeatAssignBody = v.InferInput<typeof SeatAssignSchema>;
