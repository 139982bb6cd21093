import { getToken } from '@auth/core/jwt';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../app-env';
import { isHostSessionLive } from '../../auth/auth-config';
import { unauthenticated } from '../../http/api-error';

/**
 * Lets a request through only with a live Auth.js session cookie: the JWT must decode and its
 * session id must still be in the sessions table. Sets `host` for the handlers.
 */
export function requireHost(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.get('deps');
    const cookie = c.req.header('cookie');
    if (!cookie) throw unauthenticated();
    const secureCookie = new URL(deps.config.authUrl ?? c.req.url).protocol === 'https:';
    const token = await getToken({
      req: { headers: new Headers({ cookie }) },
      secret: deps.config.authSecret,
      secureCookie,
    });
    if (!token?.sub || !(await isHostSessionLive(deps, token.sid))) throw unauthenticated();
    c.set('host', { accountId: token.sub, sessionId: token.sid! });
    await next();
  };
}
