import { Hono } from 'hono';
import type { Account } from '../../../core/schemas/account';
import { AccountCreateSchema, PasswordChangeSchema } from '../../../core/schemas/account';
import type { AppEnv } from '../../app-env';
import { newId } from '../../db/ids';
import { ApiError } from '../../data/api-error';
import { clientAddress } from '../../http/client-address';
import { readBody } from '../../http/read-body';
import { requireHost } from '../../middleware/require-host/require-host';
import { HOST_RATE_LIMITS } from './host-rate-limits';

const emailTaken = () =>
  new ApiError(409, 'EMAIL_TAKEN', 'An account with this email already exists.', [
    { path: 'email', message: 'An account with this email already exists.' },
  ]);

/** `POST /account` (sign-up) and `GET /account`. */
export function accountRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/account', async (c) => {
    const { db, rateLimiter, passwords } = c.get('deps');
    await rateLimiter.consume([{ rule: HOST_RATE_LIMITS.accountCreation, key: clientAddress(c) }]);
    const input = await readBody(c, AccountCreateSchema);
    const emailKey = input.email.toLowerCase();
    const existing = await db.selectFrom('account').select('id').where('emailKey', '=', emailKey).executeTakeFirst();
    if (existing) throw emailTaken();
    const row = {
      id: newId(),
      email: input.email,
      emailKey,
      passwordHash: await passwords.hash(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      createdAt: new Date().toISOString(),
    };
    try {
      await db.insertInto('account').values(row).execute();
    } catch (error) {
      // Two sign-ups with one email at once: the unique index decides.
      if (await db.selectFrom('account').select('id').where('emailKey', '=', emailKey).executeTakeFirst()) throw emailTaken();
      throw error;
    }
    return c.json(toAccount(row), 201);
  });

  routes.put('/account/password', requireHost(), async (c) => {
    const { db, passwords } = c.get('deps');
    const { accountId, sessionId } = c.get('host');
    const input = await readBody(c, PasswordChangeSchema);
    const account = await db.selectFrom('account').select('passwordHash').where('id', '=', accountId).executeTakeFirstOrThrow();
    if (!(await passwords.verify(account.passwordHash, input.currentPassword))) {
      const message = 'The current password is not right.';
      throw new ApiError(400, 'VALIDATION_FAILED', message, [{ path: 'currentPassword', message }]);
    }
    const passwordHash = await passwords.hash(input.newPassword);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('account').set({ passwordHash }).where('id', '=', accountId).execute();
      // Whoever else holds a session of this account (a stolen cookie, an old device) is out.
      await trx.deleteFrom('hostSession').where('accountId', '=', accountId).where('id', '!=', sessionId).execute();
    });
    return c.body(null, 204);
  });

  routes.get('/account', requireHost(), async (c) => {
    const row = await c
      .get('deps')
      .db.selectFrom('account')
      .selectAll()
      .where('id', '=', c.get('host').accountId)
      .executeTakeFirstOrThrow();
    return c.json(toAccount(row));
  });

  return routes;
}

function toAccount(row: { id: string; email: string; firstName: string; lastName: string; createdAt: string }): Account {
  return { id: row.id, email: row.email, firstName: row.firstName, lastName: row.lastName, createdAt: row.createdAt };
}
