export type * from './bodies';
export type * from './event-bodies';
export { createCookieFetch } from './cookie-fetch';
export { createGuestClient, guestTokenKey, type GuestClient, type GuestClientOptions, type TokenStorage } from './guest-client';
export { createGuestStores, type EventQuery, type EventQueryValue, type GuestStores } from './guest-stores';
export { signInHost, signOutHost, signUpHost } from './host-auth';
export { createHostClient, type GuestBulkOptions, type HistoryRequest, type HostClient } from './host-client';
export type { AuthRedirect, HostCredentials, HostSession } from './host-session';
export { createHostStores, type HostStores, type OccasionInput } from './host-stores';
export { createKindlyClient, type KindlyClient } from './kindly-client';
export { createMutation, type Mutation, type MutationValue } from './mutation';
export { KEEP_UNUSED_MS, type KeyArg, type Query } from './query-context';
export { DEFAULT_TIMEOUT_MS, type ClientOptions } from './request';
export {
  errorMessage,
  isHttpError,
  type ClientError,
  type FetchError,
  type HttpError,
  type ParsingError,
  type Result,
  type TimeoutError,
} from './result';
export type { SessionState } from './session-state';
export { guestStaleTags, historyStaleTags, hostStaleTags, hostWriteTags, type Tag } from './stale-tags';
