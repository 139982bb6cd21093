import type { ApiToken, ApiTokenCreated, ApiTokenList } from '../schemas/api-token';
import type { Account, AccountDeletionPlan, HostSessionInfo, RecoveryCodes, TwoFactorSetup } from '../schemas/account';
import type { Activity } from '../schemas/activity';
import type { AttributeCategory } from '../schemas/attribute-category';
import type { Guest, GuestBulkResult } from '../schemas/guest';
import type { GuestBulkDeleteResult } from '../schemas/guest-bulk-delete';
import type { GuestImportResult, GuestImportUndoResult } from '../schemas/guest-import';
import type { HistoryPage, RepliesDay } from '../schemas/history';
import type { Household } from '../schemas/household';
import type { InviteLine } from '../schemas/invite-line';
import type { Occasion } from '../schemas/occasion';
import type { Answer } from '../schemas/answer';
import type { Question } from '../schemas/question';
import type { EmailKind, EmailRecipient, EmailSendResult, EmailTemplate, OutboxPage } from '../schemas/email';
import type { Reply } from '../schemas/reply';
import type { ErasureResult, Retention } from '../schemas/data-rights';
import type { ErasureRequest, HostPrivacyNote } from '../schemas/guest-data';
import type { DoorList, InvitationAccepted, InvitationPreview, PendingInvitation, People, Person } from '../schemas/people';
import type {
  AccountCreateBody,
  AccountDeletionBody,
  AccountUpdateBody,
  EmailChangeBody,
  PasswordChangeBody,
  PasswordConfirmBody,
  PasswordResetRequestBody,
  TwoFactorEnableBody,
  ActivityCreateBody,
  ActivityUpdateBody,
  AttributeCategoryCreateBody,
  AttributeCategoryUpdateBody,
  EmailSendBody,
  EmailTemplateUpdateBody,
  GuestBulkBody,
  GuestBulkDeleteBody,
  GuestImportBody,
  GuestCreateBody,
  GuestUpdateBody,
  HouseholdCreateBody,
  HouseholdUpdateBody,
  InviteLineCreateBody,
  InviteLinesBody,
  InviteLineUpdateBody,
  OccasionCreateBody,
  OccasionUpdateBody,
  OccasionSlugBody,
  PrivacyNoteBody,
  QuestionCreateBody,
  QuestionUpdateBody,
  AnswersBulkBody,
  InvitationCreateBody,
  InvitationTokenBody,
  ApiTokenCreateBody,
  PersonUpdateBody,
  RetentionPostponeBody,
  RetentionUpdateBody,
} from './bodies';
import type { AuthRedirect, HostCredentials, HostSession } from './host-session';
import { path } from './path';
import { createSend, type ClientOptions, type Revalidated, type Send } from './request';
import type { ClientError, Result } from './result';
import { createSeatingClient, type SeatingClient } from './seating-client';
import { createWebhookClient, type WebhookClient } from './webhook-client';
import { createCheckInClient, type CheckInClient } from './check-in-client';

/** One typed function per route of `/host/v1` (contract section 3). Every call sends cookies. */
export interface HostClient extends WebhookClient, CheckInClient, SeatingClient {
  /** `POST /account`: sign-up (409 `EMAIL_TAKEN`). Does not sign in; see `signUpHost`. */
  createAccount(body: AccountCreateBody): Promise<Result<Account>>;
  /** `GET /account`: the signed-in host's account. */
  getAccount(): Promise<Result<Account>>;
  /** `PUT /account/password`: a new password; every other session of the account ends (204). */
  changePassword(body: PasswordChangeBody): Promise<Result<void>>;
  /** `PUT /account`: new names. */
  updateAccount(body: AccountUpdateBody): Promise<Result<Account>>;
  /** `PUT /account/email` (202): sends a link to the new address and a notice to the old; the account with `pendingEmail`. */
  changeEmail(body: EmailChangeBody): Promise<Result<Account>>;
  /** `POST /account/verification` (202): a new verification link to the account's address (409 when verified). */
  requestEmailVerification(): Promise<Result<void>>;
  /** `POST /account/password-reset` (202, signed out): a reset link, if the address has an account; the same answer either way. */
  requestPasswordReset(body: PasswordResetRequestBody): Promise<Result<void>>;
  /** `GET /account/sessions`: the account's live sessions, newest first. */
  listHostSessions(): Promise<Result<HostSessionInfo[]>>;
  /** `DELETE /account/session/{id}`: ends one session (204). */
  endHostSession(sessionId: string): Promise<Result<void>>;
  /** `DELETE /account/sessions`: ends every session but this one (204). */
  endOtherHostSessions(): Promise<Result<void>>;
  /** `GET /account/deletion`: the occasions deleting the account would delete. */
  getAccountDeletion(): Promise<Result<AccountDeletionPlan>>;
  /** `POST /account/deletion` (204): deletes the account and the occasions it owns alone. */
  deleteAccount(body: AccountDeletionBody): Promise<Result<void>>;
  /** `POST /account/two-factor`: a new authenticator secret, not yet in use. */
  setUpTwoFactor(body: PasswordConfirmBody): Promise<Result<TwoFactorSetup>>;
  /** `PUT /account/two-factor`: turns two-factor sign-in on with a right code; ten recovery codes. */
  enableTwoFactor(body: TwoFactorEnableBody): Promise<Result<RecoveryCodes>>;
  /** `POST /account/two-factor/recovery-codes`: ten new recovery codes, replacing the old. */
  renewRecoveryCodes(body: PasswordConfirmBody): Promise<Result<RecoveryCodes>>;
  /** `POST /account/two-factor/deactivation` (204): turns two-factor sign-in off. */
  disableTwoFactor(body: PasswordConfirmBody): Promise<Result<void>>;
  /** `GET /auth/csrf`: a fresh Auth.js CSRF token (and its cookie). */
  getCsrfToken(): Promise<Result<{ csrfToken: string }>>;
  /** `GET /auth/session`: the session, or `null` when signed out. */
  getSession(): Promise<Result<HostSession | null>>;
  /**
   * `POST /auth/callback/credentials`. An answer whose URL carries `error=` resolves to a
   * 401 `INVALID_CREDENTIALS` error, whatever its HTTP status; a 429 passes through.
   */
  signIn(body: HostCredentials & { csrfToken: string }): Promise<Result<AuthRedirect>>;
  /** `POST /auth/signout`: ends the session on the server. */
  signOut(body: { csrfToken: string }): Promise<Result<AuthRedirect>>;

  /** `GET /occasions`: the host's occasions, newest first. */
  listOccasions(): Promise<Result<Occasion[]>>;
  createOccasion(body: OccasionCreateBody): Promise<Result<Occasion>>;
  getOccasion(occasionId: string): Promise<Result<Occasion>>;
  updateOccasion(occasionId: string, body: OccasionUpdateBody): Promise<Result<Occasion>>;
  /** `PUT /occasion/{occasionId}/slug` `{ slug }`: the RSVP page's address `/r/{slug}` (409 `SLUG_TAKEN`). */
  setOccasionSlug(occasionId: string, body: OccasionSlugBody): Promise<Result<Occasion>>;
  /** Deletes the occasion and everything under it. */
  deleteOccasion(occasionId: string): Promise<Result<void>>;

  listActivities(occasionId: string): Promise<Result<Activity[]>>;
  createActivity(occasionId: string, body: ActivityCreateBody): Promise<Result<Activity>>;
  getActivity(occasionId: string, activityId: string): Promise<Result<Activity>>;
  updateActivity(occasionId: string, activityId: string, body: ActivityUpdateBody): Promise<Result<Activity>>;
  deleteActivity(occasionId: string, activityId: string): Promise<Result<void>>;

  listGuests(occasionId: string): Promise<Result<Guest[]>>;
  /**
   * `GET /occasion/{occasionId}/guests?limit=` (beyond the contract): the list's first `limit`
   * guests (1 to 500) in its order, for a first screen while the whole list downloads. Never
   * revalidated: it has no ETag, and the whole list's kept ETag is not touched.
   */
  listGuestsFirstPage(occasionId: string, limit: number): Promise<Result<Guest[]>>;
  createGuest(occasionId: string, body: GuestCreateBody): Promise<Result<Guest>>;
  getGuest(occasionId: string, guestId: string): Promise<Result<Guest>>;
  updateGuest(occasionId: string, guestId: string, body: GuestUpdateBody): Promise<Result<Guest>>;
  deleteGuest(occasionId: string, guestId: string): Promise<Result<void>>;
  /** `POST /occasions/{occasionId}/guests`: creates or updates up to 10,000 guests, all or nothing. */
  upsertGuests(occasionId: string, body: GuestBulkBody, options?: GuestBulkOptions): Promise<Result<GuestBulkResult>>;
  /**
   * `POST /occasions/{occasionId}/guests/delete` `{ ids }`: deletes up to 10,000 guests, all or
   * nothing (an id that is not the occasion's fails it with 400 and an issue on `ids.<index>`).
   */
  deleteGuests(occasionId: string, body: GuestBulkDeleteBody): Promise<Result<GuestBulkDeleteResult>>;
  /**
   * `POST /occasion/{occasionId}/import`: a whole CSV import in one transaction, all or nothing;
   * the same `key` again answers the first import's result without writing.
   */
  importGuests(occasionId: string, body: GuestImportBody): Promise<Result<GuestImportResult>>;
  /** `POST /occasion/{occasionId}/import/{importId}/undo`: 409 `IMPORT_CHANGED` when a row it wrote changed since. */
  undoImport(occasionId: string, importId: string): Promise<Result<GuestImportUndoResult>>;

  listHouseholds(occasionId: string): Promise<Result<Household[]>>;
  createHousehold(occasionId: string, body: HouseholdCreateBody): Promise<Result<Household>>;
  getHousehold(occasionId: string, householdId: string): Promise<Result<Household>>;
  updateHousehold(occasionId: string, householdId: string, body: HouseholdUpdateBody): Promise<Result<Household>>;
  deleteHousehold(occasionId: string, householdId: string): Promise<Result<void>>;

  listInviteLines(occasionId: string): Promise<Result<InviteLine[]>>;
  createInviteLine(occasionId: string, body: InviteLineCreateBody): Promise<Result<InviteLine>>;
  getInviteLine(occasionId: string, inviteLineId: string): Promise<Result<InviteLine>>;
  updateInviteLine(occasionId: string, inviteLineId: string, body: InviteLineUpdateBody): Promise<Result<InviteLine>>;
  deleteInviteLine(occasionId: string, inviteLineId: string): Promise<Result<void>>;
  /** `PUT /occasion/{occasionId}/invite-lines`: up to 50,000 rows, all or nothing; answers every line. */
  updateInviteLines(occasionId: string, body: InviteLinesBody): Promise<Result<InviteLine[]>>;

  listAttributeCategories(occasionId: string): Promise<Result<AttributeCategory[]>>;
  createAttributeCategory(occasionId: string, body: AttributeCategoryCreateBody): Promise<Result<AttributeCategory>>;
  getAttributeCategory(occasionId: string, attributeCategoryId: string): Promise<Result<AttributeCategory>>;
  updateAttributeCategory(
    occasionId: string,
    attributeCategoryId: string,
    body: AttributeCategoryUpdateBody,
  ): Promise<Result<AttributeCategory>>;
  deleteAttributeCategory(occasionId: string, attributeCategoryId: string): Promise<Result<void>>;

  /** `GET /occasion/{occasionId}/questions`: by sort order. */
  listQuestions(occasionId: string): Promise<Result<Question[]>>;
  createQuestion(occasionId: string, body: QuestionCreateBody): Promise<Result<Question>>;
  getQuestion(occasionId: string, questionId: string): Promise<Result<Question>>;
  updateQuestion(occasionId: string, questionId: string, body: QuestionUpdateBody): Promise<Result<Question>>;
  /** Deletes the question and its answers. */
  deleteQuestion(occasionId: string, questionId: string): Promise<Result<void>>;
  /** `GET /occasion/{occasionId}/answers`: every answer to the occasion's questions. */
  listAnswers(occasionId: string): Promise<Result<Answer[]>>;
  /** `PUT /occasion/{occasionId}/answers`: up to 20,000 rows, all or nothing (null value removes); answers every answer. */
  updateAnswers(occasionId: string, body: AnswersBulkBody, options?: GuestBulkOptions): Promise<Result<Answer[]>>;
  /** `GET /occasion/{id}/replies`: each household's reply, newest `updatedAt` first. */
  listReplies(occasionId: string): Promise<Result<Reply[]>>;
  /** `GET /occasion/{id}/email-templates`: the four kinds, defaults until edited. */
  listEmailTemplates(occasionId: string): Promise<Result<EmailTemplate[]>>;
  /** `PUT /occasion/{id}/email-template/{kind}` `{ subject?, intro? }`. */
  updateEmailTemplate(occasionId: string, kind: EmailKind, body: EmailTemplateUpdateBody): Promise<Result<EmailTemplate>>;
  /** `GET /occasion/{id}/email-recipients`: who gets mail, by household name. */
  listEmailRecipients(occasionId: string): Promise<Result<EmailRecipient[]>>;
  /** `POST /occasion/{id}/emails` `{ kind, householdIds? }`: queues invitations or reminders (202). */
  sendEmails(occasionId: string, body: EmailSendBody): Promise<Result<EmailSendResult>>;
  /** `GET /occasion/{id}/emails`: the outbox, newest first; pass `nextCursor` for the next page. */
  listEmails(occasionId: string, cursor?: string, limit?: number): Promise<Result<OutboxPage>>;
  /** The URL of `GET /occasion/{id}/email-preview/{kind}` (an HTML document for an `<iframe src>`). */
  emailPreviewUrl(occasionId: string, kind: EmailKind, householdId?: string): string;
  /** The URL of `GET /occasion/{id}/email/{emailId}/html`: a sent message as rendered, for an `<iframe src>`. */
  emailHtmlUrl(occasionId: string, emailId: string): string;
  /**
   * `GET /occasion/{occasionId}/history`: a page of changes, newest first; pass the page's
   * `nextCursor` as `cursor` for the next one. `householdId` or `guestId` filter it.
   */
  getHistory(occasionId: string, query?: HistoryRequest): Promise<Result<HistoryPage>>;
  /** `GET /occasion/{occasionId}/replies-over-time`: attending, declined and pending per day. */
  getRepliesOverTime(occasionId: string): Promise<Result<RepliesDay[]>>;

  /** `GET /occasion/{occasionId}/people`: the people and their roles, and the pending invitations. */
  listPeople(occasionId: string): Promise<Result<People>>;
  /** `POST /occasion/{occasionId}/invitations` `{ email, role }`: emails an invitation (owners; 409 if the person already has a role). */
  invitePerson(occasionId: string, body: InvitationCreateBody): Promise<Result<PendingInvitation>>;
  /** `DELETE /occasion/{occasionId}/invitation/{invitationId}`: withdraws a pending invitation; its link stops working. */
  revokeInvitation(occasionId: string, invitationId: string): Promise<Result<void>>;
  /** `PUT /occasion/{occasionId}/person/{accountId}` `{ role }` (409 when it would leave no owner). */
  updatePerson(occasionId: string, accountId: string, body: PersonUpdateBody): Promise<Result<Person>>;
  /** `DELETE /occasion/{occasionId}/person/{accountId}`: ends the person's role (409 for the last owner). */
  removePerson(occasionId: string, accountId: string): Promise<Result<void>>;
  /** `GET /occasion/{occasionId}/api-tokens`: the occasion's API tokens, newest first, never their secrets (owners). */
  listApiTokens(occasionId: string): Promise<Result<ApiTokenList>>;
  /** `POST /occasion/{occasionId}/api-tokens` `{ name, role }`: a new token; its `secret` is in this answer only (owners). */
  createApiToken(occasionId: string, body: ApiTokenCreateBody): Promise<Result<ApiTokenCreated>>;
  /** `DELETE /occasion/{occasionId}/api-token/{tokenId}`: revokes a token; its next request is 401 (owners). */
  revokeApiToken(occasionId: string, tokenId: ApiToken['id']): Promise<Result<void>>;
  /** `GET /occasion/{occasionId}/door`: households and guests by name only, for the door on the day. */
  getDoorList(occasionId: string): Promise<Result<DoorList>>;
  /** `POST /invitation/lookup` `{ token }`: what an invitation offers (no session needed; 404 unknown, 409 used or expired). */
  lookUpInvitation(body: InvitationTokenBody): Promise<Result<InvitationPreview>>;
  /** `POST /invitation/accept` `{ token }`: the signed-in account takes the invitation's role. */
  acceptInvitation(body: InvitationTokenBody): Promise<Result<InvitationAccepted>>;

  /** The URL of `GET /occasion/{id}/export`: the occasion's whole data as a ZIP, for a download link. */
  exportUrl(occasionId: string): string;
  /** `POST /occasion/{id}/guest/{guestId}/erase`: the guest erased everywhere (history kept without their data). */
  eraseGuest(occasionId: string, guestId: string): Promise<Result<ErasureResult>>;
  /** `POST /occasion/{id}/household/{householdId}/erase`: the household and every member erased. */
  eraseHousehold(occasionId: string, householdId: string): Promise<Result<ErasureResult>>;
  /** `GET /occasion/{id}/retention`: how long the guests are kept, and the dates. */
  getRetention(occasionId: string): Promise<Result<Retention>>;
  /** `PUT /occasion/{id}/retention` `{ days }` (owners). */
  updateRetention(occasionId: string, body: RetentionUpdateBody): Promise<Result<Retention>>;
  /** `POST /occasion/{id}/retention/postpone` `{ days }`: the erasure that many days later (owners). */
  postponeRetention(occasionId: string, body: RetentionPostponeBody): Promise<Result<Retention>>;
  /** `GET /occasion/{occasionId}/privacy-note`: the hosts' note (or null) and the default guests see without one. */
  getPrivacyNote(occasionId: string): Promise<Result<HostPrivacyNote>>;
  /** `PUT /occasion/{occasionId}/privacy-note` `{ privacyNote }` (null or blank: the default). */
  updatePrivacyNote(occasionId: string, body: PrivacyNoteBody): Promise<Result<HostPrivacyNote>>;
  /** `GET /occasion/{occasionId}/erasure-requests`: open ones first, then newest first. */
  listErasureRequests(occasionId: string): Promise<Result<ErasureRequest[]>>;
  /** `POST /occasion/{occasionId}/erasure-request/{requestId}/confirm`: erases the household (owners; 409 once decided). */
  confirmErasureRequest(occasionId: string, requestId: string): Promise<Result<ErasureRequest>>;
  /** `POST /occasion/{occasionId}/erasure-request/{requestId}/decline`: keeps the household (owners; 409 once decided). */
  declineErasureRequest(occasionId: string, requestId: string): Promise<Result<ErasureRequest>>;
}

/**
 * How long an import or its undo may take before the client stops waiting: 20,000 rows are one
 * transaction. Stopping changes nothing on the server; the same import sent again is recognised.
 */
export const IMPORT_TIMEOUT_MS = 120_000;

/** Options of {@link HostClient.upsertGuests} and `updateAnswers`: `source: 'import'` records the write as a CSV import. */
export interface GuestBulkOptions {
  source?: 'import';
}

/** The query of {@link HostClient.getHistory}; every field optional. */
export interface HistoryRequest {
  limit?: number;
  cursor?: string;
  householdId?: string;
  guestId?: string;
}

/** `?a=1&b=2` of the fields that are set, or `''`. */
function queryString(query: object): string {
  const given = Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
  return given.length === 0 ? '' : `?${new URLSearchParams(given.map(([key, value]) => [key, String(value)])).toString()}`;
}

/** The header that makes Auth.js answer `{ url }` as JSON instead of redirecting. */
const RETURN_REDIRECT = { 'x-auth-return-redirect': '1' };

/**
 * Creates the host-area client.
 *
 * @param options `baseUrl` of the API, optional `fetch` and `timeoutMs` (10 s).
 * @returns One function per host route; each resolves to a {@link Result}.
 */
export function createHostClient(options: ClientOptions): HostClient {
  const hostBase = `${options.baseUrl}/host/v1`;
  const send = createSend({ ...options, baseUrl: hostBase });
  const get = <T>(p: string) => send<T>(p);
  const post = <T>(p: string, json: unknown) => send<T>(p, { method: 'POST', json });
  const put = <T>(p: string, json: unknown) => send<T>(p, { method: 'PUT', json });
  const del = (p: string) => send<void>(p, { method: 'DELETE' });
  const o = (occasionId: string) => path`/occasion/${occasionId}`;
  // The last guest list of each occasion and its ETag: when a cache tag marks the list stale,
  // the refetch asks with If-None-Match and an unchanged list costs a 304, not megabytes.
  const guestLists = new Map<string, Revalidated>();
  const listGuests = (occasionId: string) => {
    const kept = guestLists.get(occasionId) ?? {};
    guestLists.set(occasionId, kept);
    return send<Guest[]>(`${o(occasionId)}/guests`, { revalidate: kept });
  };

  return {
    createAccount: (body) => post('/account', body),
    getAccount: () => get('/account'),
    changePassword: (body) => send<void>('/account/password', { method: 'PUT', json: body }),
    updateAccount: (body) => put('/account', body),
    changeEmail: (body) => put('/account/email', body),
    requestEmailVerification: () => send<void>('/account/verification', { method: 'POST' }),
    requestPasswordReset: (body) => post('/account/password-reset', body),
    listHostSessions: () => get('/account/sessions'),
    endHostSession: (sessionId) => del(path`/account/session/${sessionId}`),
    endOtherHostSessions: () => del('/account/sessions'),
    getAccountDeletion: () => get('/account/deletion'),
    deleteAccount: (body) => post('/account/deletion', body),
    setUpTwoFactor: (body) => post('/account/two-factor', body),
    enableTwoFactor: (body) => put('/account/two-factor', body),
    renewRecoveryCodes: (body) => post('/account/two-factor/recovery-codes', body),
    disableTwoFactor: (body) => post('/account/two-factor/deactivation', body),
    getCsrfToken: () => get('/auth/csrf'),
    getSession: () => get('/auth/session'),
    signIn: async ({ email, password, code, csrfToken }) =>
      authAnswer(await send<AuthRedirect>('/auth/callback/credentials', authForm({ email, password, csrfToken, ...(code ? { code } : {}) }))),
    signOut: async ({ csrfToken }) => authAnswer(await send<AuthRedirect>('/auth/signout', authForm({ csrfToken }))),

    listOccasions: () => get('/occasions'),
    createOccasion: (body) => post('/occasion', body),
    getOccasion: (id) => get(o(id)),
    updateOccasion: (id, body) => put(o(id), body),
    setOccasionSlug: (id, body) => put(`${o(id)}/slug`, body),
    deleteOccasion: (id) => del(o(id)),

    listActivities: (occasionId) => get(`${o(occasionId)}/activities`),
    createActivity: (occasionId, body) => post(`${o(occasionId)}/activity`, body),
    getActivity: (occasionId, id) => get(`${o(occasionId)}${path`/activity/${id}`}`),
    updateActivity: (occasionId, id, body) => put(`${o(occasionId)}${path`/activity/${id}`}`, body),
    deleteActivity: (occasionId, id) => del(`${o(occasionId)}${path`/activity/${id}`}`),

    listGuests,
    listGuestsFirstPage: (occasionId, limit) => get(`${o(occasionId)}/guests${queryString({ limit })}`),
    createGuest: (occasionId, body) => post(`${o(occasionId)}/guest`, body),
    getGuest: (occasionId, id) => get(`${o(occasionId)}${path`/guest/${id}`}`),
    updateGuest: (occasionId, id, body) => put(`${o(occasionId)}${path`/guest/${id}`}`, body),
    deleteGuest: (occasionId, id) => del(`${o(occasionId)}${path`/guest/${id}`}`),
    upsertGuests: (occasionId, body, options = {}) => post(`${path`/occasions/${occasionId}/guests`}${queryString(options)}`, body),
    deleteGuests: (occasionId, body) => post(path`/occasions/${occasionId}/guests/delete`, body),
    importGuests: (occasionId, body) => send(`${o(occasionId)}/import`, { method: 'POST', json: body, timeoutMs: IMPORT_TIMEOUT_MS }),
    undoImport: (occasionId, importId) => send(`${o(occasionId)}${path`/import/${importId}/undo`}`, { method: 'POST', json: {}, timeoutMs: IMPORT_TIMEOUT_MS }),

    listHouseholds: (occasionId) => get(`${o(occasionId)}/households`),
    createHousehold: (occasionId, body) => post(`${o(occasionId)}/household`, body),
    getHousehold: (occasionId, id) => get(`${o(occasionId)}${path`/household/${id}`}`),
    updateHousehold: (occasionId, id, body) => put(`${o(occasionId)}${path`/household/${id}`}`, body),
    deleteHousehold: (occasionId, id) => del(`${o(occasionId)}${path`/household/${id}`}`),

    listInviteLines: (occasionId) => get(`${o(occasionId)}/invite-lines`),
    createInviteLine: (occasionId, body) => post(`${o(occasionId)}/invite-line`, body),
    getInviteLine: (occasionId, id) => get(`${o(occasionId)}${path`/invite-line/${id}`}`),
    updateInviteLine: (occasionId, id, body) => put(`${o(occasionId)}${path`/invite-line/${id}`}`, body),
    deleteInviteLine: (occasionId, id) => del(`${o(occasionId)}${path`/invite-line/${id}`}`),
    updateInviteLines: (occasionId, body) => put(`${o(occasionId)}/invite-lines`, body),

    listAttributeCategories: (occasionId) => get(`${o(occasionId)}/attribute-categories`),
    createAttributeCategory: (occasionId, body) => post(`${o(occasionId)}/attribute-category`, body),
    getAttributeCategory: (occasionId, id) => get(`${o(occasionId)}${path`/attribute-category/${id}`}`),
    updateAttributeCategory: (occasionId, id, body) => put(`${o(occasionId)}${path`/attribute-category/${id}`}`, body),
    deleteAttributeCategory: (occasionId, id) => del(`${o(occasionId)}${path`/attribute-category/${id}`}`),

    listQuestions: (occasionId) => get(`${o(occasionId)}/questions`),
    createQuestion: (occasionId, body) => post(`${o(occasionId)}/question`, body),
    getQuestion: (occasionId, id) => get(`${o(occasionId)}${path`/question/${id}`}`),
    updateQuestion: (occasionId, id, body) => put(`${o(occasionId)}${path`/question/${id}`}`, body),
    deleteQuestion: (occasionId, id) => del(`${o(occasionId)}${path`/question/${id}`}`),
    listAnswers: (occasionId) => get(`${o(occasionId)}/answers`),
    updateAnswers: (occasionId, body, options = {}) => put(`${o(occasionId)}/answers${queryString(options)}`, body),
    listReplies: (occasionId) => get(`${o(occasionId)}/replies`),
    listEmailTemplates: (occasionId) => get(`${o(occasionId)}/email-templates`),
    updateEmailTemplate: (occasionId, kind, body) => put(`${o(occasionId)}${path`/email-template/${kind}`}`, body),
    listEmailRecipients: (occasionId) => get(`${o(occasionId)}/email-recipients`),
    sendEmails: (occasionId, body) => post(`${o(occasionId)}/emails`, body),
    listEmails: (occasionId, cursor, limit) => get(`${o(occasionId)}/emails${queryString({ cursor, limit })}`),
    emailPreviewUrl: (occasionId, kind, householdId) =>
      `${hostBase}${o(occasionId)}${path`/email-preview/${kind}`}${queryString({ householdId })}`,
    emailHtmlUrl: (occasionId, emailId) => `${hostBase}${o(occasionId)}${path`/email/${emailId}/html`}`,
    getHistory: (occasionId, query = {}) => get(`${o(occasionId)}/history${queryString(query)}`),
    getRepliesOverTime: (occasionId) => get(`${o(occasionId)}/replies-over-time`),

    listPeople: (occasionId) => get(`${o(occasionId)}/people`),
    invitePerson: (occasionId, body) => post(`${o(occasionId)}/invitations`, body),
    revokeInvitation: (occasionId, id) => del(`${o(occasionId)}${path`/invitation/${id}`}`),
    updatePerson: (occasionId, accountId, body) => put(`${o(occasionId)}${path`/person/${accountId}`}`, body),
    removePerson: (occasionId, accountId) => del(`${o(occasionId)}${path`/person/${accountId}`}`),
    listApiTokens: (occasionId) => get(`${o(occasionId)}/api-tokens`),
    createApiToken: (occasionId, body) => post(`${o(occasionId)}/api-tokens`, body),
    revokeApiToken: (occasionId, id) => del(`${o(occasionId)}${path`/api-token/${id}`}`),
    getDoorList: (occasionId) => get(`${o(occasionId)}/door`),
    lookUpInvitation: (body) => post('/invitation/lookup', body),
    acceptInvitation: (body) => post('/invitation/accept', body),

    exportUrl: (occasionId) => `${hostBase}${o(occasionId)}/export`,
    eraseGuest: (occasionId, id) => post(`${o(occasionId)}${path`/guest/${id}`}/erase`, undefined),
    eraseHousehold: (occasionId, id) => post(`${o(occasionId)}${path`/household/${id}`}/erase`, undefined),
    getRetention: (occasionId) => get(`${o(occasionId)}/retention`),
    updateRetention: (occasionId, body) => put(`${o(occasionId)}/retention`, body),
    postponeRetention: (occasionId, body) => post(`${o(occasionId)}/retention/postpone`, body),
    getPrivacyNote: (occasionId) => get(`${o(occasionId)}/privacy-note`),
    updatePrivacyNote: (occasionId, body) => put(`${o(occasionId)}/privacy-note`, body),
    listErasureRequests: (occasionId) => get(`${o(occasionId)}/erasure-requests`),
    confirmErasureRequest: (occasionId, id) => post(`${o(occasionId)}${path`/erasure-request/${id}/confirm`}`, {}),
    declineErasureRequest: (occasionId, id) => post(`${o(occasionId)}${path`/erasure-request/${id}/decline`}`, {}),
    ...createWebhookClient(send),
    ...createCheckInClient(send),
    ...createSeatingClient(send),
  };
}

/** An Auth.js POST: form-encoded, answered with `{ url }` rather than a redirect. */
function authForm(form: Record<string, string>): Parameters<Send>[1] {
  return { method: 'POST', form, headers: RETURN_REDIRECT };
}

/**
 * Auth.js reports a failed sign-in in the URL it answers (`…?error=CredentialsSignin`), often with
 * status 200: whatever the status, such an answer becomes a 401 with the contract's error body.
 * Any other answer (success, or a 429 with its body) passes through unchanged.
 */
function authAnswer(result: Result<AuthRedirect>): Result<AuthRedirect> {
  const body = (result.data ?? (result.error as { data?: unknown } | undefined)?.data) as Partial<AuthRedirect> | undefined;
  const failure = typeof body?.url === 'string' ? /[?&]error=([^&#]*)/.exec(body.url) : null;
  if (!failure) return result;
  // The password was right, and the account wants its second factor (`code=` beside `error=`).
  const secondFactor = /[?&]code=(two-factor-required|two-factor-invalid)(?:[&#]|$)/.exec(body!.url!)?.[1];
  const error: ClientError =
    secondFactor === 'two-factor-required'
      ? { status: 401, data: { error: { code: 'TWO_FACTOR_REQUIRED', message: 'Enter the code from your authenticator app.' } } }
      : secondFactor === 'two-factor-invalid'
        ? { status: 401, data: { error: { code: 'TWO_FACTOR_INVALID', message: 'That code is not right, or was used already.' } } }
        : failure[1] === 'CredentialsSignin'
          ? { status: 401, data: { error: { code: 'INVALID_CREDENTIALS', message: 'Wrong email or password.' } } }
          : { status: 401, data: { error: { code: 'UNAUTHENTICATED', message: 'Authentication failed. Please try again.' } } };
  return { error };
}
