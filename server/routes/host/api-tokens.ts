import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { ApiTokenCreateSchema, ApiTokenIdSchema, type ApiToken, type ApiTokenCreated, type ApiTokenList, type ApiTokenRole } from '../../../core/schemas/api-token';
import type { AppEnv } from '../../app-env';
import { newApiToken } from '../../auth/api-tokens';
import { notFound } from '../../data/api-error';
import { fullName } from '../../data/history';
import type { Database } from '../../db/schema';
import { readBody } from '../../http/read-body';

/**
 * An occasion's API tokens, for its owners (`own` in `route-permissions.ts`): the list (never a
 * secret), creation (the secret answered once) and revocation (the row deleted: the token's next
 * request is 401, and a write of it under way either commits before or is refused).
 */
export function apiTokenRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const base = '/occasion/:occasionId';

  routes.get(`${base}/api-tokens`, async (c) => {
    const answer: ApiTokenList = { tokens: await listApiTokens(c.get('deps').db, c.req.param('occasionId')) };
    return c.json(answer);
  });

  routes.post(`${base}/api-tokens`, async (c) => {
    const { db } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    const input = await readBody(c, ApiTokenCreateSchema);
    const { accountId } = c.get('host');
    const { id, secretHash, token } = newApiToken();
    const createdAt = new Date().toISOString();
    await db.transaction().execute((trx) =>
      trx.insertInto('apiToken').values({ id, occasionId, secretHash, name: input.name, role: input.role, createdByAccountId: accountId, createdAt, lastUsedAt: null }).execute(),
    );
    const creator = await db.selectFrom('account').select(['firstName', 'lastName']).where('id', '=', accountId).executeTakeFirstOrThrow();
    const created: ApiTokenCreated = { id, ...input, createdAt, createdByAccountId: accountId, createdByName: fullName(creator), lastUsedAt: null, secret: token };
    return c.json(created, 201);
  });

  routes.delete(`${base}/api-token/:tokenId`, async (c) => {
    const { db } = c.get('deps');
    const { occasionId, tokenId } = c.req.param();
    if (!v.is(ApiTokenIdSchema, tokenId)) throw notFound('No such API token.');
    const deleted = await db.transaction().execute((trx) => trx.deleteFrom('apiToken').where('id', '=', tokenId).where('occasionId', '=', occasionId).executeTakeFirst());
    if (Number(deleted.numDeletedRows) === 0) throw notFound('No such API token.');
    return c.body(null, 204);
  });

  return routes;
}

async function listApiTokens(db: Kysely<Database>, occasionId: string): Promise<ApiToken[]> {
  const rows = await db
    .selectFrom('apiToken')
    .innerJoin('account', 'account.id', 'apiToken.createdByAccountId')
    .select(['apiToken.id', 'apiToken.name', 'apiToken.role', 'apiToken.createdAt', 'apiToken.createdByAccountId', 'apiToken.lastUsedAt', 'account.firstName', 'account.lastName'])
    .where('apiToken.occasionId', '=', occasionId)
    .orderBy('apiToken.createdAt', 'desc')
    .orderBy('apiToken.id')
    .execute();
  return rows.map(({ firstName, lastName, role, ...row }) => ({ ...row, role: role as ApiTokenRole, createdByName: fullName({ firstName, lastName }) }));
}
