import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, HostIdentity } from '../../app-env';
import { bearerToken, findApiToken } from '../../auth/api-tokens';
import { findLiveHostSession, type LiveHostSession } from '../../auth/host-sessions';
import { forbidden, unauthenticated } from '../../data/api-error';
import { tokenCookie } from '../../http/token-cookie';
import { HOST_RATE_LIMITS } from '../../routes/host/host-rate-limits';

const SESSION_COOKIE = 'authjs.session-token';
/** Auth.js prefixes the cookie's name on https. */
const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;

/** An occasion's routes: `/host/v1/occasion/{id}…` and `/host/v1/occasions/{id}…`, ids as we make them. */
const OCCASION_PATH = /^\/host\/v1\/occasions?\/([A-Za-z0-9_-]{1,64})(?:\/|$)/;

/**
 * Lets a request through only with a live host session: the cookie's opaque token must hash to
 * a `hostSession` row that has not expired (one primary-key lookup). Sets `host` for the handlers;
 * on an occasion's routes the same lookup reads whether the host owns it and its revision
 * (`host.occasion`, used by `assertOwnedOccasion` and `ownedOccasionRevision`). A request with an
 * `Authorization: Bearer` header is an API token's, whatever cookie it also carries.
 */
export function requireHost(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const bearer = bearerToken(c.req.header('authorization'));
    c.set('host', bearer === undefined ? await sessionHost(c) : await tokenHost(c, bearer));
    await next();
  };
}

async function sessionHost(c: Context<AppEnv>): Promise<HostIdentity> {
  const session = await cookieHostSession(c, OCCASION_PATH.exec(c.req.path)?.[1]);
  if (!session) throw unauthenticated();
  return session;
}

/**
 * The live host session of the request's cookie, if any, with its role on `occasionId` when
 * given (for pages outside `/host/v1` that act on who is signed in, like the check-in link).
 */
export function cookieHostSession(c: Context<AppEnv>, occasionId?: string): Promise<LiveHostSession | undefined> {
  const { db, config } = c.get('deps');
  const secure = (config.authUrl ?? c.req.url).startsWith('https:');
  const token = tokenCookie(c, secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);
  return findLiveHostSession(db, token, occasionId);
}

/**
 * An API token's identity: its role on its own occasion only (any other occasion reads as no
 * role, so 404); routes that name no occasion are 403. Counted against the token's rate limit
 * once the secret matched, so nobody without it can spend a token's allowance.
 */
async function tokenHost(c: Context<AppEnv>, bearer: string): Promise<HostIdentity> {
  const { db, rateLimiter } = c.get('deps');
  const token = await findApiToken(db, bearer);
  if (!token) throw invalidApiToken();
  const occasionId = OCCASION_PATH.exec(c.req.path)?.[1];
  if (occasionId === undefined) throw apiTokenOutsideItsOccasion();
  await rateLimiter.consume([{ rule: HOST_RATE_LIMITS.apiTokenRequests, key: token.id }]);
  const own = occasionId === token.occasionId;
  return {
    sessionId: '',
    accountId: token.createdByAccountId,
    secondFactor: true,
    apiToken: { id: token.id, name: token.name },
    occasion: { id: occasionId, revision: own ? token.revision : null, role: own ? token.role : null, requireTwoFactor: false },
  };
}

const invalidApiToken = () => unauthenticated('This API token is not valid: it may be mistyped or revoked.');
const apiTokenOutsideItsOccasion = () => forbidden('An API token opens only the routes of its own occasion.');

/**
 * Refuses an API token on every route of the host area that is not an occasion's (the account's
 * routes, Auth.js's, invitations): 401 for a token that is not valid, else 403. Such a request is
 * never answered by the cookie it may also carry.
 */
export function refuseApiTokenOutsideOccasions(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const bearer = bearerToken(c.req.header('authorization'));
    if (bearer === undefined || OCCASION_PATH.test(c.req.path)) return next();
    if (!(await findApiToken(c.get('deps').db, bearer))) throw invalidApiToken();
    throw apiTokenOutsideItsOccasion();
  };
}
