import type { EventHousehold, EventInfo, GuestSessionInfo, GuestSignInResult, Rsvp } from '../schemas/event';
import type { GuestErasureRequest, HouseholdData, PrivacyNote } from '../schemas/guest-data';
import type { ErasureRequestBody, EventHouseholdUpdateBody, GuestSignInBody, RsvpBody } from './event-bodies';
import { path } from './path';
import { createSend, type ClientOptions } from './request';
import type { Result } from './result';

/** Where the guest token is kept between page loads (the widget wraps `localStorage`). */
export interface TokenStorage {
  get(key: string): string | null | undefined;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** Options of {@link createGuestClient}. */
export interface GuestClientOptions extends ClientOptions {
  /** Keeps the token per occasion under `kindly.guest-token.<occasionId>`; nothing is kept without it. */
  storage?: TokenStorage;
  /** Told each time the token changes: signed in (the token) or out (`null`). */
  onTokenChange?: (token: string | null, occasionId: string) => void;
}

/**
 * One typed function per route of `/event/v1` (contract section 4). Every call sends cookies
 * and, once the client holds a token, `Authorization: Bearer <token>`, so the flow also works
 * where third-party cookies are blocked.
 */
export interface GuestClient {
  /** `POST /auth/credentials`: by invite code, or by name (and passcode). Keeps the new token. */
  signIn(body: GuestSignInBody): Promise<Result<GuestSignInResult>>;
  /**
   * `GET /auth/session/{occasionId}`: the guest's session, or `null` (then the kept token it
   * was asked with is dropped, not one a sign-in kept meanwhile). Uses that occasion's stored token.
   */
  getSession(occasionId: string): Promise<Result<GuestSessionInfo | null>>;
  /** `POST /auth/signout`: ends the session on the server; the token is forgotten in any case. */
  signOut(): Promise<Result<void>>;
  /** `GET /info`: the occasion and the activities the household is invited to. */
  getInfo(): Promise<Result<EventInfo>>;
  /** `GET /household`. */
  getHousehold(): Promise<Result<EventHousehold>>;
  /** `PUT /household`: address fields, phone, email, members' names and dietary notes. */
  updateHousehold(body: EventHouseholdUpdateBody): Promise<Result<EventHousehold>>;
  /** `GET /rsvp`: the household's reply, or `null` until it has answered. */
  getRsvp(): Promise<Result<Rsvp | null>>;
  /** `POST /rsvp`: 409 `RSVP_EXISTS` if there is one; 403 `RSVP_CLOSED` after the deadline. */
  createRsvp(body: RsvpBody): Promise<Result<Rsvp>>;
  /** `PUT /rsvp`: 403 `RSVP_CLOSED` after the deadline. */
  updateRsvp(body: RsvpBody): Promise<Result<Rsvp>>;
  /** `GET /privacy?occasionId=`: the occasion's title and privacy note; no session needed. */
  getPrivacyNote(occasionId: string): Promise<Result<PrivacyNote>>;
  /** `GET /household/data`: everything kept about the guest's own household, for download. */
  getHouseholdData(): Promise<Result<HouseholdData>>;
  /** `POST /erasure-request`: asks the hosts to erase the household (201; 200 with the one already open). */
  requestErasure(body: ErasureRequestBody): Promise<Result<GuestErasureRequest>>;
  /** The token the client sends, or `null`. */
  getToken(): string | null;
}

/** The storage key of an occasion's guest token. */
export const guestTokenKey = (occasionId: string): string => `kindly.guest-token.${occasionId}`;

/**
 * Creates the guest-area client. It holds one token at a time: the one of the occasion last
 * signed in to, or asked about with `getSession`.
 *
 * @param options `baseUrl` of the API, optional `fetch`, `timeoutMs`, token `storage`, `onTokenChange`.
 * @returns One function per event route; each resolves to a {@link Result}.
 */
export function createGuestClient(options: GuestClientOptions): GuestClient {
  const { storage, onTokenChange } = options;
  let token: string | null = null;
  let occasion: string | undefined;
  const send = createSend({ ...options, baseUrl: `${options.baseUrl}/event/v1` }, (): Record<string, string> =>
    token ? { authorization: `Bearer ${token}` } : {},
  );

  const keep = (occasionId: string, value: string | null): void => {
    occasion = occasionId;
    if (value === token) return;
    token = value;
    if (value) storage?.set(guestTokenKey(occasionId), value);
    else storage?.remove(guestTokenKey(occasionId));
    onTokenChange?.(value, occasionId);
  };

  return {
    async signIn(body) {
      const result = await send<GuestSignInResult>('/auth/credentials', { method: 'POST', json: body });
      if (result.data) keep(result.data.occasionId, result.data.token);
      return result;
    },
    async getSession(occasionId) {
      if (occasionId !== occasion) {
        occasion = occasionId;
        token = storage?.get(guestTokenKey(occasionId)) ?? null;
      }
      const asked = token;
      const result = await send<GuestSessionInfo | null>(path`/auth/session/${occasionId}`);
      // Only the token it was asked with is dropped: a sign-in that ended meanwhile keeps its own.
      if (result.data === null && token === asked && occasion === occasionId) keep(occasionId, null);
      return result;
    },
    async signOut() {
      // A JSON body, so that a session carried by the cookie alone passes the server's CSRF check.
      const result = await send<void>('/auth/signout', { method: 'POST', json: {} });
      if (occasion !== undefined) keep(occasion, null);
      return result;
    },
    getInfo: () => send('/info'),
    getHousehold: () => send('/household'),
    updateHousehold: (body) => send('/household', { method: 'PUT', json: body }),
    getRsvp: () => send('/rsvp'),
    createRsvp: (body) => send('/rsvp', { method: 'POST', json: body }),
    updateRsvp: (body) => send('/rsvp', { method: 'PUT', json: body }),
    getPrivacyNote: (occasionId) => send(`/privacy?occasionId=${encodeURIComponent(occasionId)}`),
    getHouseholdData: () => send('/household/data'),
    requestErasure: (body) => send('/erasure-request', { method: 'POST', json: body }),
    getToken: () => token,
  };
}
