import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../app-env';
import { findLiveHostSession } from '../../auth/host-sessions';
import { unauthenticated } from '../../data/api-error';
import { tokenCookie } from '../../http/token-cookie';

const SESSION_COOKIE = 'authjs.session-token';
/** Auth.js prefixes the cookie's name on https. */
const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;

/** An occasion's routes: `/host/v1/occasion/{id}…` and `/host/v1/occasions/{id}…`, ids as we make them. */
const OCCASION_PATH = /^\/host\/v1\/occasions?\/([A-Za-z0-9_-]{1,64})(?:\/|$)/;

/**
 * Lets a request through only with a live host session: the cookie's opaque token must hash to
 * a `hostSession` row that has not expired (one primary-key lookup). Sets `host` for the handlers;
 * on an occasion's routes the same lookup reads whether the host owns it and its revision
 * (`host.occasion`, used by `assertOwnedOccasion` and `ownedOccasionRevision`).
 */
export function requireHost(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { db, config } = c.get('deps');
    const secure = (config.authUrl ?? c.req.url).startsWith('https:');
    const token = tokenCookie(c, secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);
    const session = await findLiveHostSession(db, token, OCCASION_PATH.exec(c.req.path)?.[1]);
    if (!session) throw unauthenticated();
    c.set('host', session);
    await next();
  };
}
