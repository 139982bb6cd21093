/**
 * The contract's twelve cache categories (section 6), plus `Reply`, `Email` and
 * `EmailTemplate` for email and replies, and `Question` and `Answer`; every cached key starts with one.
 */
export type Tag =
  | 'Account'
  | 'CsrfToken'
  | 'Session'
  | 'Occasion'
  | 'Activity'
  | 'Guest'
  | 'Household'
  | 'InviteLine'
  | 'AttributeCategory'
  | 'EventInfo'
  | 'EventHousehold'
  | 'Rsvp'
  | 'Question'
  | 'Answer'
  /** Replies as hosts read them; guests write them, so the host's cache never hears: refetch on focus/open. */
  | 'Reply'
  /** The outbox and the recipients (who was invited when). */
  | 'Email'
  | 'EmailTemplate'
  /** The host's history feeds and the replies chart . */
  | 'History'
  /** The people of an occasion and its pending invitations. */
  | 'Person'
  /** The door's names-only list. */
  | 'Door'
  /** The door's check-in list (households, their check-in codes, arrivals) and a household by its code. */
  | 'CheckIn'
  /** The check-in counts every door screen polls. */
  | 'CheckInCount'
  /** An occasion's API tokens (owners). */
  | 'ApiToken'
  /** An occasion's webhook endpoints and their delivery logs. */
  | 'Webhook'
  /**
   * An activity's tables, seats and freed-seat notices. Every host write that can take a guest
   * away from an activity (another answer, a removed invitation or guest) marks it too: the
   * server frees the seat in that write. Guests' own replies never reach the host's cache, so the
   * seating screen refreshes on focus.
   */
  | 'Seating'

  /** The account's list of its sessions. */
  | 'HostSession';

/**
 * What each host write marks stale: the tags whose data it can change. Open stores of those
 * tags refetch (showing their old data meanwhile); others refetch when next used.
 * Sign-up, sign-in and sign-out instead forget every cached tag and set the session.
 * `CheckIn` (the door's list) follows every write to names, households and activities,
 * `CheckInCount` every write to who is expected; arrivals are the door's own write (`$checkIn`).
 */
export const hostStaleTags = {
  createOccasion: ['Occasion'],
  /** A pending invitation, and its email in the outbox. */
  invitePerson: ['Person', 'Email'],
  revokeInvitation: ['Person'],
  /** The occasion answers the account's own `role`. */
  updatePerson: ['Person', 'Occasion'],
  removePerson: ['Person', 'Occasion'],
  createApiToken: ['ApiToken'],
  revokeApiToken: ['ApiToken'],
  /** The account gains an occasion. */
  acceptInvitation: ['Occasion', 'Person'],
  /** The templates' defaults name the occasion's title. */
  updateOccasion: ['Occasion', 'EmailTemplate'],
  /** Invitations link to the page when the hosts have none of their own. */
  setOccasionSlug: ['Occasion', 'EmailTemplate'],
  /** Deletes everything under it. */
  deleteOccasion: ['Occasion', 'Activity', 'Guest', 'Household', 'InviteLine', 'AttributeCategory', 'Question', 'Answer', 'Reply', 'Email', 'EmailTemplate', 'Door', 'ApiToken', 'Webhook', 'CheckIn', 'CheckInCount', 'Seating'],
  /** The occasion's `summary` counts activities. */
  createActivity: ['Activity', 'Occasion', 'CheckIn', 'CheckInCount'],
  /** Start time and sort order reorder the summary's `perActivity`. */
  updateActivity: ['Activity', 'Occasion', 'CheckIn', 'CheckInCount'],
  /** Its invite lines go, and with them guests' `invitations`; its questions and their answers go. */
  deleteActivity: ['Activity', 'Occasion', 'InviteLine', 'Guest', 'Question', 'Answer', 'CheckIn', 'CheckInCount', 'Seating'],
  /** Summary counts guests; a household's `guestIds` lists them. */
  createGuest: ['Guest', 'Occasion', 'Household', 'Door', 'CheckIn'],
  /** A new `householdId` moves the guest between households' `guestIds` (and their answers with them). */
  updateGuest: ['Guest', 'Household', 'Answer', 'Door', 'CheckIn'],
  deleteGuest: ['Guest', 'Occasion', 'Household', 'InviteLine', 'Answer', 'Door', 'CheckIn', 'CheckInCount', 'Seating'],
  /** Rows may name households that are then created. */
  upsertGuests: ['Guest', 'Occasion', 'Household', 'Door', 'CheckIn'],
  deleteGuests: ['Guest', 'Occasion', 'Household', 'InviteLine', 'Answer', 'Door', 'CheckIn', 'CheckInCount', 'Seating'],
  /** Guests, households (their fields and recipients' addresses), invitations and answers. */
  importGuests: ['Guest', 'Occasion', 'Household', 'InviteLine', 'Answer', 'Email', 'Door', 'CheckIn', 'CheckInCount', 'Seating'],
  undoImport: ['Guest', 'Occasion', 'Household', 'InviteLine', 'Answer', 'Email', 'Door', 'CheckIn', 'CheckInCount', 'Seating'],
  createHousehold: ['Household', 'Occasion', 'Email', 'Door', 'CheckIn'],
  /** Its email is a recipient's address. */
  updateHousehold: ['Household', 'Email', 'Door', 'CheckIn'],
  /** Its guests are left with `householdId: null`; its household answers go. */
  deleteHousehold: ['Household', 'Occasion', 'Guest', 'Answer', 'Door', 'CheckIn'],
  /** Lines are guests' `invitations` and the summary's `perActivity` counts. */
  createInviteLine: ['InviteLine', 'Guest', 'Occasion', 'CheckIn', 'CheckInCount', 'Seating'],
  updateInviteLine: ['InviteLine', 'Guest', 'Occasion', 'CheckIn', 'CheckInCount', 'Seating'],
  deleteInviteLine: ['InviteLine', 'Guest', 'Occasion', 'CheckIn', 'CheckInCount', 'Seating'],
  updateInviteLines: ['InviteLine', 'Guest', 'Occasion', 'CheckIn', 'CheckInCount', 'Seating'],
  createAttributeCategory: ['AttributeCategory'],
  /** A removed option is removed from every guest's `attributes`. */
  updateAttributeCategory: ['AttributeCategory', 'Guest'],
  deleteAttributeCategory: ['AttributeCategory', 'Guest'],
  createQuestion: ['Question'],
  updateQuestion: ['Question'],
  /** Its answers go with it. */
  deleteQuestion: ['Question', 'Answer'],
  updateAnswers: ['Answer', 'History'],
  updateEmailTemplate: ['EmailTemplate'],
  /** New messages in the outbox; recipients' `invitedAt`. */
  sendEmails: ['Email'],
  createWebhook: ['Webhook'],
  updateWebhook: ['Webhook'],
  deleteWebhook: ['Webhook'],
  rotateWebhookSecret: ['Webhook'],
  /** A new entry in the endpoint's log. */
  sendWebhookTest: ['Webhook'],
  /** The session carries the names. */
  updateAccount: ['Account', 'Session'],
  changeEmail: ['Account'],
  requestEmailVerification: [],
  /** Ends sessions of the account (other ones). */
  endHostSession: ['HostSession'],
  endOtherHostSessions: ['HostSession'],
  changePassword: ['HostSession'],
  enableTwoFactor: ['Account'],
  renewRecoveryCodes: ['Account'],
  disableTwoFactor: ['Account'],
  /** Everything of the guests goes: their replies, answers and messages in the outbox with them. */
  eraseGuest: ['Guest', 'Occasion', 'Household', 'InviteLine', 'Answer', 'Reply', 'Email', 'Door', 'CheckIn', 'CheckInCount', 'Seating'],
  eraseHousehold: ['Guest', 'Occasion', 'Household', 'InviteLine', 'Answer', 'Reply', 'Email', 'Door', 'CheckIn', 'CheckInCount', 'Seating'],
  /** The retention is read under the `Occasion` tag: activity and occasion writes move its dates too. */
  updateRetention: ['Occasion'],
  postponeRetention: ['Occasion'],
  /** Confirming erases the household, as its delete does. */
  confirmErasureRequest: ['Household', 'Occasion', 'Guest', 'Answer', 'Door', 'CheckIn', 'CheckInCount', 'Seating'],
  declineErasureRequest: [],
} as const satisfies Record<string, readonly Tag[]>;

/**
 * The host writes that record history (guests, households, invite lines, their bulks) also
 * mark the `History` tag stale: the feeds and the replies chart follow every change.
 */
export const historyStaleTags = {
  deleteOccasion: ['History'],
  createGuest: ['History'],
  updateGuest: ['History'],
  deleteGuest: ['History'],
  upsertGuests: ['History'],
  deleteGuests: ['History'],
  importGuests: ['History'],
  undoImport: ['History'],
  createHousehold: ['History'],
  updateHousehold: ['History'],
  deleteHousehold: ['History'],
  createInviteLine: ['History'],
  updateInviteLine: ['History'],
  deleteInviteLine: ['History'],
  updateInviteLines: ['History'],
  eraseGuest: ['History'],
  eraseHousehold: ['History'],
  confirmErasureRequest: ['History'],
} as const satisfies Partial<Record<keyof typeof hostStaleTags, readonly Tag[]>>;

/** Every host write's tags: {@link hostStaleTags} plus `History` where the write records history. */
export const hostWriteTags: Record<keyof typeof hostStaleTags, readonly Tag[]> = /* @__PURE__ */ (() => {
  const history: Partial<Record<string, readonly Tag[]>> = historyStaleTags;
  const entries = Object.entries(hostStaleTags).map(([write, tags]) => [write, [...tags, ...(history[write] ?? [])]]);
  return Object.fromEntries(entries) as Record<keyof typeof hostStaleTags, readonly Tag[]>;
})();

/** What each guest write marks stale (the guest area's counterpart of {@link hostStaleTags}). */
export const guestStaleTags = {
  updateHousehold: ['EventHousehold'],
  /** Named plus-ones become members of the household. */
  createRsvp: ['Rsvp', 'EventHousehold'],
  updateRsvp: ['Rsvp', 'EventHousehold'],
} as const satisfies Record<string, readonly Tag[]>;
