import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Kysely } from 'kysely';
import type { Permission } from '../../../core/schemas/people';
import type { AppDeps, AppEnv } from '../../app-env';
import { apiTokenRoleInTransaction } from '../../auth/api-tokens';
import type { Database } from '../../db/schema';
import { meetsTwoFactorRequirement, twoFactorRequired } from '../../data/accounts';
import { forbidden } from '../../data/api-error';
import { assertRoleCan, checkedDatabase, roleCheckedDatabase } from '../../data/occasion-roles';
import { HOST_ROUTE_PERMISSIONS } from '../../routes/host/route-permissions';

const HOST_AREA = '/host/v1';

/**
 * Authorises every route under `/host/v1/occasion(s)` by the permission the route table
 * (`routes/host/route-permissions.ts`) gives it and the role the session's lookup read
 * (`host.occasion.role`): no role is 404, as if the occasion did not exist; a role without the
 * permission is 403 `FORBIDDEN`, before the body is read; on an occasion that requires two-factor
 * sign-in, a role whose session began without a second factor is 403 `TWO_FACTOR_REQUIRED` on
 * every route (the same lookup read the setting). A route of ours missing from the table
 * is refused for everyone. For a route that changes something, every transaction the handler
 * opens checks the role again as its first statement (`roleCheckedDatabase`), so a change of
 * role takes effect on the person's next request, and no write commits after its role was gone;
 * an API token's writes check that the token was not revoked the same way.
 */
export function requireRole(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const route = handlerRoute(c);
    if (!route) return next();
    const permission = HOST_ROUTE_PERMISSIONS[`${route.method} ${route.path.slice(HOST_AREA.length)}`];
    if (permission === undefined) throw forbidden('This route has no permission.');
    if (permission === 'account') return next();
    const host = c.get('host');
    const occasion = host.occasion;
    assertRoleCan(occasion?.role, permission);
    if (!meetsTwoFactorRequirement(host, occasion!)) throw twoFactorRequired();
    // A door person's check-in marks change data too: every route but a read checks the role in its transactions.
    if (permission === 'write' || permission === 'own' || c.req.method !== 'GET') {
      const deps = c.get('deps');
      const db = host.apiToken
        ? apiTokenCheckedDatabase(deps, host.apiToken.id, occasion!.id, permission)
        : roleCheckedDatabase(deps.db, deps.dbKind, occasion!.id, host.accountId, permission);
      c.set('deps', { ...deps, db });
    }
    await next();
  };
}

/** For an API token's writes: every transaction checks first that the token is still there with a role that may. */
function apiTokenCheckedDatabase(deps: AppDeps, tokenId: string, occasionId: string, permission: Permission): Kysely<Database> {
  return checkedDatabase(deps.db, async (trx) => assertRoleCan(await apiTokenRoleInTransaction(trx, deps.dbKind, tokenId, occasionId), permission));
}

/** The route whose handler will answer: the first one matched after the middleware, if it is of the host area. */
function handlerRoute(c: Context<AppEnv>): { method: string; path: string } | undefined {
  const route = matchedRoutes(c).find((matched) => matched.method !== 'ALL');
  return route && route.path.startsWith(`${HOST_AREA}/`) ? route : undefined;
}
