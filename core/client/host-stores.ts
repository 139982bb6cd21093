import type { ReadableAtom } from 'nanostores';
import type { ApiTokenCreated, ApiTokenList } from '../schemas/api-token';
import type { Account, AccountDeletionPlan, HostSessionInfo, RecoveryCodes } from '../schemas/account';
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
import type { ErasureRequest } from '../schemas/guest-data';
import type { DoorList, InvitationAccepted, PendingInvitation, People, Person } from '../schemas/people';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '../schemas/webhook';
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
  QuestionCreateBody,
  QuestionUpdateBody,
  AnswersBulkBody,
  InvitationCreateBody,
  InvitationTokenBody,
  ApiTokenCreateBody,
  PersonUpdateBody,
  RetentionPostponeBody,
  RetentionUpdateBody,
  WebhookEndpointCreateBody,
  WebhookEndpointUpdateBody,
} from './bodies';
import { createCheckInStores, type CheckInStores } from './check-in-client';
import { signInHost, signOutHost, signUpHost } from './host-auth';
import type { GuestBulkOptions, HostClient } from './host-client';
import { GUEST_FIRST_PAGE } from './screen-data';
import type { HostCredentials, HostSession } from './host-session';
import type { Mutation } from './mutation';
import { createQueryContext, type KeyArg, type Query } from './query-context';
import { sessionState, type SessionBox, type SessionState } from './session-state';
import { createSeatingStores, type SeatingStores } from './seating-client';
import { hostWriteTags as stale, type Tag } from './stale-tags';

/** Input of a write to an entity of an occasion. */
export interface OccasionInput<Body> {
  occasionId: string;
  body: Body;
}

/** The dashboard's stores over the host client (contract section 6). */
export interface HostStores extends CheckInStores, SeatingStores {
  /** The session: asked on first subscribe; render nothing until `ready`. */
  $session: ReadableAtom<SessionState<HostSession>>;
  $account: Query<Account>;
  /** The account's live sessions, newest first. */
  $hostSessions: Query<HostSessionInfo[]>;
  /** What deleting the account would delete (tag `Account`). */
  $accountDeletion: Query<AccountDeletionPlan>;
  $csrfToken: Query<{ csrfToken: string }>;
  /** The host's occasions, newest first. */
  $occasions: Query<Occasion[]>;
  occasion(occasionId: KeyArg): Query<Occasion>;
  activities(occasionId: KeyArg): Query<Activity[]>;
  activity(occasionId: KeyArg, activityId: KeyArg): Query<Activity>;
  guests(occasionId: KeyArg): Query<Guest[]>;
  /**
   * The list's first {@link GUEST_FIRST_PAGE} guests (`?limit=`, tag `Guest`, so writes mark it
   * stale like the list): what a screen paints while `guests(o)` downloads, never instead of it.
   */
  guestsFirstPage(occasionId: KeyArg): Query<Guest[]>;
  guest(occasionId: KeyArg, guestId: KeyArg): Query<Guest>;
  households(occasionId: KeyArg): Query<Household[]>;
  household(occasionId: KeyArg, householdId: KeyArg): Query<Household>;
  inviteLines(occasionId: KeyArg): Query<InviteLine[]>;
  inviteLine(occasionId: KeyArg, inviteLineId: KeyArg): Query<InviteLine>;
  attributeCategories(occasionId: KeyArg): Query<AttributeCategory[]>;
  attributeCategory(occasionId: KeyArg, attributeCategoryId: KeyArg): Query<AttributeCategory>;
  /** The occasion's questions by sort order. */
  questions(occasionId: KeyArg): Query<Question[]>;
  question(occasionId: KeyArg, questionId: KeyArg): Query<Question>;
  /** Every answer to the occasion's questions. */
  answers(occasionId: KeyArg): Query<Answer[]>;
  /** Replies, newest first (tag `Reply`: guests write them, so mark it stale on focus/open). */
  replies(occasionId: KeyArg): Query<Reply[]>;
  emailTemplates(occasionId: KeyArg): Query<EmailTemplate[]>;
  emailRecipients(occasionId: KeyArg): Query<EmailRecipient[]>;
  /** The outbox's first page (50, newest first); later pages through `host.listEmails`. */
  emails(occasionId: KeyArg): Query<OutboxPage>;
  /** The first page of the occasion's history (newest first); older pages through `getHistory`. */
  history(occasionId: KeyArg): Query<HistoryPage>;
  /** The first page of one household's history. */
  householdHistory(occasionId: KeyArg, householdId: KeyArg): Query<HistoryPage>;
  /** The first page of one guest's history. */
  guestHistory(occasionId: KeyArg, guestId: KeyArg): Query<HistoryPage>;
  /** Attending, declined and pending per day, for the overview's chart. */
  repliesOverTime(occasionId: KeyArg): Query<RepliesDay[]>;
  /** The occasion's people and pending invitations (tag `Person`). */
  people(occasionId: KeyArg): Query<People>;
  /** The occasion's API tokens (tag `ApiToken`; owners). */
  apiTokens(occasionId: KeyArg): Query<ApiTokenList>;
  /** The door's names-only list (tag `Door`; guest and household writes mark it stale). */
  doorList(occasionId: KeyArg): Query<DoorList>;
  /** How long the guests are kept (tag `Occasion`: activity writes move its dates). */
  retention(occasionId: KeyArg): Query<Retention>;
  /** The occasion's webhook endpoints (tag `Webhook`). */
  webhooks(occasionId: KeyArg): Query<WebhookEndpoint[]>;
  /** One endpoint's last 100 deliveries (tag `Webhook`). */
  webhookDeliveries(occasionId: KeyArg, webhookId: KeyArg): Query<WebhookDelivery[]>;

  /** Creates the account, then signs in (fresh CSRF token first). */
  $signUp: Mutation<AccountCreateBody, HostSession>;
  /** Fresh CSRF token, then sign-in. */
  $signIn: Mutation<HostCredentials, HostSession>;
  /** Fresh CSRF token, then sign-out. */
  $signOut: Mutation<void, void>;
  /** Asks for a reset link (signed out): the same answer whether or not the address has an account. */
  $requestPasswordReset: Mutation<PasswordResetRequestBody, void>;
  $updateAccount: Mutation<AccountUpdateBody, Account>;
  $changeEmail: Mutation<EmailChangeBody, Account>;
  $changePassword: Mutation<PasswordChangeBody, void>;
  $requestEmailVerification: Mutation<void, void>;
  $endHostSession: Mutation<{ sessionId: string }, void>;
  $endOtherHostSessions: Mutation<void, void>;
  /** Deletes the account; nothing of it stays cached, and the session is gone. */
  $deleteAccount: Mutation<AccountDeletionBody, void>;
  $enableTwoFactor: Mutation<TwoFactorEnableBody, RecoveryCodes>;
  $renewRecoveryCodes: Mutation<PasswordConfirmBody, RecoveryCodes>;
  $disableTwoFactor: Mutation<PasswordConfirmBody, void>;

  $createOccasion: Mutation<OccasionCreateBody, Occasion>;
  $updateOccasion: Mutation<{ occasionId: string; body: OccasionUpdateBody }, Occasion>;
  $setOccasionSlug: Mutation<{ occasionId: string; body: OccasionSlugBody }, Occasion>;
  $deleteOccasion: Mutation<{ occasionId: string }, void>;
  $createActivity: Mutation<OccasionInput<ActivityCreateBody>, Activity>;
  $updateActivity: Mutation<OccasionInput<ActivityUpdateBody> & { activityId: string }, Activity>;
  $deleteActivity: Mutation<{ occasionId: string; activityId: string }, void>;
  $createGuest: Mutation<OccasionInput<GuestCreateBody>, Guest>;
  $updateGuest: Mutation<OccasionInput<GuestUpdateBody> & { guestId: string }, Guest>;
  $deleteGuest: Mutation<{ occasionId: string; guestId: string }, void>;
  /** `POST /occasions/{id}/guests`: bulk create or update; `source: 'import'` for a CSV import. */
  $upsertGuests: Mutation<OccasionInput<GuestBulkBody> & GuestBulkOptions, GuestBulkResult>;
  /** `POST /occasions/{id}/guests/delete`: bulk delete, all or nothing. */
  $deleteGuests: Mutation<OccasionInput<GuestBulkDeleteBody>, GuestBulkDeleteResult>;
  /** `POST /occasion/{id}/import`: a whole CSV import, once per key. */
  $importGuests: Mutation<OccasionInput<GuestImportBody>, GuestImportResult>;
  /** `POST /occasion/{id}/import/{importId}/undo`. */
  $undoImport: Mutation<{ occasionId: string; importId: string }, GuestImportUndoResult>;
  $createHousehold: Mutation<OccasionInput<HouseholdCreateBody>, Household>;
  $updateHousehold: Mutation<OccasionInput<HouseholdUpdateBody> & { householdId: string }, Household>;
  $deleteHousehold: Mutation<{ occasionId: string; householdId: string }, void>;
  /** `POST …/erasure-request/{requestId}/confirm`: erases the household, so marks what its delete marks. */
  $confirmErasureRequest: Mutation<{ occasionId: string; requestId: string }, ErasureRequest>;
  $declineErasureRequest: Mutation<{ occasionId: string; requestId: string }, ErasureRequest>;
  $createInviteLine: Mutation<OccasionInput<InviteLineCreateBody>, InviteLine>;
  $updateInviteLine: Mutation<OccasionInput<InviteLineUpdateBody> & { inviteLineId: string }, InviteLine>;
  $deleteInviteLine: Mutation<{ occasionId: string; inviteLineId: string }, void>;
  /** `PUT /occasion/{id}/invite-lines`: bulk update; also marks guests stale. */
  $updateInviteLines: Mutation<OccasionInput<InviteLinesBody>, InviteLine[]>;
  $createAttributeCategory: Mutation<OccasionInput<AttributeCategoryCreateBody>, AttributeCategory>;
  $updateAttributeCategory: Mutation<
    OccasionInput<AttributeCategoryUpdateBody> & { attributeCategoryId: string },
    AttributeCategory
  >;
  $deleteAttributeCategory: Mutation<{ occasionId: string; attributeCategoryId: string }, void>;
  $createQuestion: Mutation<OccasionInput<QuestionCreateBody>, Question>;
  $updateQuestion: Mutation<OccasionInput<QuestionUpdateBody> & { questionId: string }, Question>;
  /** Deletes the question and its answers. */
  $deleteQuestion: Mutation<{ occasionId: string; questionId: string }, void>;
  /** `PUT /occasion/{id}/answers`: the host's bulk (CSV import), all or nothing. */
  $updateAnswers: Mutation<OccasionInput<AnswersBulkBody> & GuestBulkOptions, Answer[]>;
  $updateEmailTemplate: Mutation<OccasionInput<EmailTemplateUpdateBody> & { kind: EmailKind }, EmailTemplate>;
  /** Queues invitations or reminders; marks `Email` stale. */
  $sendEmails: Mutation<OccasionInput<EmailSendBody>, EmailSendResult>;

  /** Erases a guest everywhere; history stays without their data. */
  $eraseGuest: Mutation<{ occasionId: string; guestId: string }, ErasureResult>;
  /** Erases a household and every member. */
  $eraseHousehold: Mutation<{ occasionId: string; householdId: string }, ErasureResult>;
  $updateRetention: Mutation<OccasionInput<RetentionUpdateBody>, Retention>;
  $postponeRetention: Mutation<OccasionInput<RetentionPostponeBody>, Retention>;

  /** Emails an invitation to help run the occasion (owners). */
  $invitePerson: Mutation<OccasionInput<InvitationCreateBody>, PendingInvitation>;
  $revokeInvitation: Mutation<{ occasionId: string; invitationId: string }, void>;
  $updatePerson: Mutation<OccasionInput<PersonUpdateBody> & { accountId: string }, Person>;
  $removePerson: Mutation<{ occasionId: string; accountId: string }, void>;
  /** Creates an API token; the answer holds its secret, shown once. */
  $createApiToken: Mutation<OccasionInput<ApiTokenCreateBody>, ApiTokenCreated>;
  $revokeApiToken: Mutation<{ occasionId: string; tokenId: string }, void>;
  /** Takes the invitation's role for the signed-in account; marks `Occasion` stale. */
  $acceptInvitation: Mutation<InvitationTokenBody, InvitationAccepted>;
  /** Webhooks (owners): the answers of create and rotate carry the secret, shown once. */
  $createWebhook: Mutation<OccasionInput<WebhookEndpointCreateBody>, WebhookEndpointWithSecret>;
  $updateWebhook: Mutation<OccasionInput<WebhookEndpointUpdateBody> & { webhookId: string }, WebhookEndpoint>;
  $deleteWebhook: Mutation<{ occasionId: string; webhookId: string }, void>;
  $rotateWebhookSecret: Mutation<{ occasionId: string; webhookId: string }, WebhookEndpointWithSecret>;
  $sendWebhookTest: Mutation<{ occasionId: string; webhookId: string }, WebhookDelivery>;

  /** Marks tags stale by hand (e.g. after a write made with the plain client). */
  markStale(tags: readonly Tag[]): void;
  /** Asks again for everything shown whose last answer was a failure (a screen's one "Try again"). */
  retryFailed(): void;
}

/** The first page's key beside the guests' (`Guest/<o>/first-page`): 10 characters, never a guest's 12-character id. */
const FIRST_PAGE_KEY = 'first-page';

/**
 * Creates the dashboard's stores: one fetcher store per list and entity, one mutator store per
 * write, each write marking stale the tags of {@link hostStaleTags}. Create them once per app.
 *
 * @param host The host client.
 * @returns The stores.
 */
export function createHostStores(host: HostClient): HostStores {
  const context = createQueryContext();
  const { mutation, markStale, forget, put, retryFailed } = context;
  /** A fetcher store whose 401 (the session ended elsewhere) asks for the session again. */
  const query: typeof context.query = (tag, ids, load) =>
    context.query(tag, ids, async (...args) => {
      const result = await load(...args);
      if (result.error?.status === 401) markStale(['Session']);
      return result;
    });
  const $sessionQuery = context.query<SessionBox<HostSession>>('Session', [], async () => {
    const result = await host.getSession();
    return result.error ? result : { data: { session: result.data } };
  });
  /** After sign-in or sign-out: nothing of the previous host stays cached. */
  const signedIn = (session: HostSession | null): void => {
    forget('Session');
    put('Session', [], { session });
  };

  return {
    $session: sessionState($sessionQuery),
    $account: query('Account', [], host.getAccount),
    $hostSessions: query('HostSession', [], host.listHostSessions),
    $accountDeletion: query('Account', ['deletion'], host.getAccountDeletion),
    $csrfToken: query('CsrfToken', [], host.getCsrfToken),
    $occasions: query('Occasion', [], host.listOccasions),
    occasion: (o) => query('Occasion', [o], host.getOccasion),
    activities: (o) => query('Activity', [o], host.listActivities),
    activity: (o, id) => query('Activity', [o, id], host.getActivity),
    guests: (o) => query('Guest', [o], host.listGuests),
    guestsFirstPage: (o) => query('Guest', [o, FIRST_PAGE_KEY], (id) => host.listGuestsFirstPage(id!, GUEST_FIRST_PAGE)),
    guest: (o, id) => query('Guest', [o, id], host.getGuest),
    households: (o) => query('Household', [o], host.listHouseholds),
    household: (o, id) => query('Household', [o, id], host.getHousehold),
    inviteLines: (o) => query('InviteLine', [o], host.listInviteLines),
    inviteLine: (o, id) => query('InviteLine', [o, id], host.getInviteLine),
    attributeCategories: (o) => query('AttributeCategory', [o], host.listAttributeCategories),
    attributeCategory: (o, id) => query('AttributeCategory', [o, id], host.getAttributeCategory),
    questions: (o) => query('Question', [o], host.listQuestions),
    question: (o, id) => query('Question', [o, id], host.getQuestion),
    answers: (o) => query('Answer', [o], host.listAnswers),
    replies: (o) => query('Reply', [o], host.listReplies),
    emailTemplates: (o) => query('EmailTemplate', [o], host.listEmailTemplates),
    emailRecipients: (o) => query('Email', [o, 'recipients'], host.listEmailRecipients),
    emails: (o) => query('Email', [o, 'outbox'], (occasionId) => host.listEmails(occasionId!)),
    history: (o) => query('History', [o], (id) => host.getHistory(id)),
    householdHistory: (o, h) => query('History', [o, 'household', h], (id, _, householdId) => host.getHistory(id, { householdId })),
    guestHistory: (o, g) => query('History', [o, 'guest', g], (id, _, guestId) => host.getHistory(id, { guestId })),
    repliesOverTime: (o) => query('History', [o, 'replies'], (id) => host.getRepliesOverTime(id)),
    people: (o) => query('Person', [o], host.listPeople),
    apiTokens: (o) => query('ApiToken', [o], host.listApiTokens),
    doorList: (o) => query('Door', [o], host.getDoorList),
    retention: (o) => query('Occasion', [o, 'retention'], host.getRetention),
    webhooks: (o) => query('Webhook', [o], host.listWebhooks),
    webhookDeliveries: (o, w) => query('Webhook', [o, 'deliveries', w], (id, _, webhookId) => host.listWebhookDeliveries(id!, webhookId!)),

    $signUp: mutation((account) => signUpHost(host, account), [], signedIn),
    $signIn: mutation((credentials) => signInHost(host, credentials), [], signedIn),
    $signOut: mutation(() => signOutHost(host), [], () => signedIn(null)),
    $requestPasswordReset: mutation((body) => host.requestPasswordReset(body), []),
    $updateAccount: mutation((body) => host.updateAccount(body), stale.updateAccount),
    $changeEmail: mutation((body) => host.changeEmail(body), stale.changeEmail),
    $changePassword: mutation((body) => host.changePassword(body), stale.changePassword),
    $requestEmailVerification: mutation(() => host.requestEmailVerification(), stale.requestEmailVerification),
    $endHostSession: mutation((i) => host.endHostSession(i.sessionId), stale.endHostSession),
    $endOtherHostSessions: mutation(() => host.endOtherHostSessions(), stale.endOtherHostSessions),
    $deleteAccount: mutation((body) => host.deleteAccount(body), [], () => signedIn(null)),
    $enableTwoFactor: mutation((body) => host.enableTwoFactor(body), stale.enableTwoFactor),
    $renewRecoveryCodes: mutation((body) => host.renewRecoveryCodes(body), stale.renewRecoveryCodes),
    $disableTwoFactor: mutation((body) => host.disableTwoFactor(body), stale.disableTwoFactor),

    $createOccasion: mutation((body) => host.createOccasion(body), stale.createOccasion),
    $updateOccasion: mutation((i) => host.updateOccasion(i.occasionId, i.body), stale.updateOccasion),
    $setOccasionSlug: mutation((i) => host.setOccasionSlug(i.occasionId, i.body), stale.setOccasionSlug),
    $deleteOccasion: mutation((i) => host.deleteOccasion(i.occasionId), stale.deleteOccasion),
    $createActivity: mutation((i) => host.createActivity(i.occasionId, i.body), stale.createActivity),
    $updateActivity: mutation((i) => host.updateActivity(i.occasionId, i.activityId, i.body), stale.updateActivity),
    $deleteActivity: mutation((i) => host.deleteActivity(i.occasionId, i.activityId), stale.deleteActivity),
    $createGuest: mutation((i) => host.createGuest(i.occasionId, i.body), stale.createGuest),
    $updateGuest: mutation((i) => host.updateGuest(i.occasionId, i.guestId, i.body), stale.updateGuest),
    $deleteGuest: mutation((i) => host.deleteGuest(i.occasionId, i.guestId), stale.deleteGuest),
    $upsertGuests: mutation((i) => host.upsertGuests(i.occasionId, i.body, i.source ? { source: i.source } : {}), stale.upsertGuests),
    $deleteGuests: mutation((i) => host.deleteGuests(i.occasionId, i.body), stale.deleteGuests),
    $importGuests: mutation((i) => host.importGuests(i.occasionId, i.body), stale.importGuests),
    $undoImport: mutation((i) => host.undoImport(i.occasionId, i.importId), stale.undoImport),
    $createHousehold: mutation((i) => host.createHousehold(i.occasionId, i.body), stale.createHousehold),
    $updateHousehold: mutation((i) => host.updateHousehold(i.occasionId, i.householdId, i.body), stale.updateHousehold),
    $deleteHousehold: mutation((i) => host.deleteHousehold(i.occasionId, i.householdId), stale.deleteHousehold),
    $confirmErasureRequest: mutation((i) => host.confirmErasureRequest(i.occasionId, i.requestId), stale.confirmErasureRequest),
    $declineErasureRequest: mutation((i) => host.declineErasureRequest(i.occasionId, i.requestId), stale.declineErasureRequest),
    $createInviteLine: mutation((i) => host.createInviteLine(i.occasionId, i.body), stale.createInviteLine),
    $updateInviteLine: mutation(
      (i) => host.updateInviteLine(i.occasionId, i.inviteLineId, i.body),
      stale.updateInviteLine,
    ),
    $deleteInviteLine: mutation((i) => host.deleteInviteLine(i.occasionId, i.inviteLineId), stale.deleteInviteLine),
    $updateInviteLines: mutation((i) => host.updateInviteLines(i.occasionId, i.body), stale.updateInviteLines),
    $createAttributeCategory: mutation(
      (i) => host.createAttributeCategory(i.occasionId, i.body),
      stale.createAttributeCategory,
    ),
    $updateAttributeCategory: mutation(
      (i) => host.updateAttributeCategory(i.occasionId, i.attributeCategoryId, i.body),
      stale.updateAttributeCategory,
    ),
    $deleteAttributeCategory: mutation(
      (i) => host.deleteAttributeCategory(i.occasionId, i.attributeCategoryId),
      stale.deleteAttributeCategory,
    ),
    $createQuestion: mutation((i) => host.createQuestion(i.occasionId, i.body), stale.createQuestion),
    $updateQuestion: mutation((i) => host.updateQuestion(i.occasionId, i.questionId, i.body), stale.updateQuestion),
    $deleteQuestion: mutation((i) => host.deleteQuestion(i.occasionId, i.questionId), stale.deleteQuestion),
    $updateAnswers: mutation((i) => host.updateAnswers(i.occasionId, i.body, i.source ? { source: i.source } : {}), stale.updateAnswers),
    $updateEmailTemplate: mutation((i) => host.updateEmailTemplate(i.occasionId, i.kind, i.body), stale.updateEmailTemplate),
    $sendEmails: mutation((i) => host.sendEmails(i.occasionId, i.body), stale.sendEmails),
    $eraseGuest: mutation((i) => host.eraseGuest(i.occasionId, i.guestId), stale.eraseGuest),
    $eraseHousehold: mutation((i) => host.eraseHousehold(i.occasionId, i.householdId), stale.eraseHousehold),
    $updateRetention: mutation((i) => host.updateRetention(i.occasionId, i.body), stale.updateRetention),
    $postponeRetention: mutation((i) => host.postponeRetention(i.occasionId, i.body), stale.postponeRetention),
    $invitePerson: mutation((i) => host.invitePerson(i.occasionId, i.body), stale.invitePerson),
    $revokeInvitation: mutation((i) => host.revokeInvitation(i.occasionId, i.invitationId), stale.revokeInvitation),
    $updatePerson: mutation((i) => host.updatePerson(i.occasionId, i.accountId, i.body), stale.updatePerson),
    $removePerson: mutation((i) => host.removePerson(i.occasionId, i.accountId), stale.removePerson),
    $createApiToken: mutation((i) => host.createApiToken(i.occasionId, i.body), stale.createApiToken),
    $revokeApiToken: mutation((i) => host.revokeApiToken(i.occasionId, i.tokenId), stale.revokeApiToken),
    $acceptInvitation: mutation((body) => host.acceptInvitation(body), stale.acceptInvitation),
    $createWebhook: mutation((i) => host.createWebhook(i.occasionId, i.body), stale.createWebhook),
    $updateWebhook: mutation((i) => host.updateWebhook(i.occasionId, i.webhookId, i.body), stale.updateWebhook),
    $deleteWebhook: mutation((i) => host.deleteWebhook(i.occasionId, i.webhookId), stale.deleteWebhook),
    $rotateWebhookSecret: mutation((i) => host.rotateWebhookSecret(i.occasionId, i.webhookId), stale.rotateWebhookSecret),
    $sendWebhookTest: mutation((i) => host.sendWebhookTest(i.occasionId, i.webhookId), stale.sendWebhookTest),
    ...createCheckInStores(context, host),
    ...createSeatingStores(host, { query, mutation, put }),
    markStale,
    retryFailed,
  };
}
