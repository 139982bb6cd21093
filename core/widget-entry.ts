// Everything the widget needs from core, and nothing of the host area: the size-limit entry
// (package.json "size-limit") that keeps the widget small.
export { createGuestClient, guestTokenKey, type GuestClient, type GuestClientOptions, type TokenStorage } from './client/guest-client';
export { createGuestStores, type EventQuery, type EventQueryValue, type GuestStores } from './client/guest-stores';
export type { EventHouseholdUpdateBody, GuestCredentialsInput, GuestSignInBody, RsvpBody } from './client/event-bodies';
export type { Mutation, MutationValue } from './client/mutation';
export { errorMessage, isHttpError, type ClientError, type Result } from './client/result';
export type { SessionState } from './client/session-state';
export * from './fields';
export { formatPhone } from './format/format-phone';
export { countryOptions } from './options/countries';
export type { OptionEntry } from './options/option-entry';
export { platformOptions } from './options/platforms';
export { stateOptions, statesForCountry } from './options/states';
