// `kindly/core/host`: the host area's client, sign-in flows and stores, a cookie-keeping `fetch`
// for runtimes without a browser's cookies (Node), and the types of every entity. The schemas
// themselves (valibot values) are in `kindly/core`.
export type * from '../client/bodies';
export { createCookieFetch } from '../client/cookie-fetch';
export { signInHost, signOutHost, signUpHost } from '../client/host-auth';
export { createHostClient, type GuestBulkOptions, type HistoryRequest, type HostClient } from '../client/host-client';
export type { AuthRedirect, HostCredentials, HostSession } from '../client/host-session';
export { createHostStores, type HostStores, type OccasionInput } from '../client/host-stores';
export { createMutation, type Mutation, type MutationValue } from '../client/mutation';
export { KEEP_UNUSED_MS, type KeyArg, type Query } from '../client/query-context';
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
export { historyStaleTags, hostStaleTags, hostWriteTags, type Tag } from '../client/stale-tags';
export type * from '../schemas';
