import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../../app-env';
import { findLiveHostSession } from '../../auth/host-sessions';
import { unauthenticated } from '../../http/api-error';

const SESSION_COOKIE = 'authjs.session-token';
/** Auth.js prefixes the cookie's name on https. */
const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;

/**
 * Lets a request through only with a live host session: the cookie's opaque token must hash to
 * a `hostSession` row that has not expired (one primary-key lookup). Sets `host` for the handlers.
 */
export function requireHost(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { db, config } = c.get('deps');
    const secure = (config.authUrl ?? c.req.url).startsWith('https:');
    const session = await findLiveHostSession(db, getCookie(c, secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE));
    if (!session) throw unauthenticated();
    c.set('host', session);
    await next();
  };
}
