import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { findLiveGuestSession } from '../../data/event-sessions';
import { ApiError, unauthenticated } from '../../data/api-error';
import { isJson } from '../../http/read-body';
import { tokenCookie } from '../../http/token-cookie';
import { checkOccasionOrigin } from '../../middleware/cors/event-cors';
import type { EventEnv, GuestIdentity } from './event-env';

export const GUEST_COOKIE = 'kindly_guest';
const GUEST_COOKIE_PATH = '/event/v1';
/** Tokens are 43 characters; anything much longer is not one of ours and is not worth hashing. */
const MAX_TOKEN_LENGTH = 200;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The token of the request: `Authorization: Bearer` wins over the cookie. */
export function guestToken(c: Context): { token: string; via: GuestIdentity['via'] } | undefined {
  const authorization = c.req.header('authorization');
  if (authorization !== undefined) {
    const bearer = /^Bearer +([A-Za-z0-9_-]+)\s*$/i.exec(authorization)?.[1];
    return bearer && bearer.length <= MAX_TOKEN_LENGTH ? { token: bearer, via: 'bearer' } : undefined;
  }
  const cookie = tokenCookie(c, GUEST_COOKIE);
  return cookie && cookie.length <= MAX_TOKEN_LENGTH ? { token: cookie, via: 'cookie' } : undefined;
}

/** The request's live guest session, or undefined (no token, unknown, revoked or expired). */
export async function currentGuest(c: Context<EventEnv>): Promise<GuestIdentity | undefined> {
  const found = guestToken(c);
  if (!found) return undefined;
  const session = await findLiveGuestSession(c.get('deps').db, found.token, new Date());
  return session ? { session, via: found.via } : undefined;
}

/**
 * Lets a request through only with a live guest session, from an origin its occasion allows.
 * A write carried by the cookie alone must also be JSON, which a cross-site form cannot send.
 * Sets `guest` for the handlers.
 */
export function requireGuest(): MiddlewareHandler<EventEnv> {
  return async (c, next) => {
    const guest = await currentGuest(c);
    if (!guest) throw unauthenticated('Your session has ended. Please sign in again.');
    await checkGuestRequest(c, guest);
    c.set('guest', guest);
    await next();
  };
}

/** The cross-site checks of a request made with a guest session. */
export async function checkGuestRequest(c: Context<EventEnv>, guest: GuestIdentity): Promise<void> {
  await checkOccasionOrigin(c, { allowedOrigins: guest.session.allowedOrigins });
  if (guest.via === 'cookie' && !SAFE_METHODS.has(c.req.method) && !isJson(c.req.header('content-type'))) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request as JSON (Content-Type: application/json).');
  }
}

/** Sets the session cookie: sent on cross-site requests, partitioned by the embedding site. */
export function setGuestCookie(c: Context, token: string, expiresAt: Date): void {
  setCookie(c, GUEST_COOKIE, token, {
    path: GUEST_COOKIE_PATH,
    httpOnly: true,
    secure: true,
    sameSite: 'None',
    partitioned: true,
    expires: expiresAt,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
  });
}

/** Clears the session cookie with the attributes it was set with. */
export function clearGuestCookie(c: Context): void {
  deleteCookie(c, GUEST_COOKIE, { path: GUEST_COOKIE_PATH, secure: true, sameSite: 'None', partitioned: true, httpOnly: true });
}
