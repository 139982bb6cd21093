// `kindly/core/guest`: what a guest's page needs (the guest client and its stores), and nothing of
// the host area. Its size budget is in package.json's "size-limit".
export { createGuestClient, guestTokenKey, type GuestClient, type GuestClientOptions, type TokenStorage } from '../client/guest-client';
export { createGuestStores, type EventQuery, type EventQueryValue, type GuestStores } from '../client/guest-stores';
export type { EventHouseholdUpdateBody, GuestCredentialsInput, GuestSignInBody, RsvpBody } from '../client/event-bodies';
export type { Mutation, MutationValue } from '../client/mutation';
export { DEFAULT_TIMEOUT_MS, type ClientOptions } from '../client/request';
export {
  errorMessage,
  isHttpError,
  type ClientError,
  type FetchError,
  type HttpError,
  type ParsingError,
  type Result,
  type TimeoutError,
} from '../client/result';
export type { SessionState } from '../client/session-state';
export type { Tag } from '../client/stale-tags';
export type { ApiErrorBody, ApiErrorCode, ApiIssue } from '../schemas/error';
export type {
  EventActivity,
  EventGuest,
  EventHousehold,
  EventHouseholdGuest,
  EventHouseholdInvitation,
  EventInfo,
  EventOccasion,
  GuestSessionInfo,
  GuestSignInResult,
  Rsvp,
  RsvpPlusOne,
  RsvpResponse,
} from '../schemas/event';
