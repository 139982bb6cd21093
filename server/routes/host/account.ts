import { hash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { Account, AccountDeletionPlan, HostSessionInfo } from '../../../core/schemas/account';
import {
  AccountCreateSchema,
  AccountDeletionSchema,
  AccountUpdateSchema,
  EmailChangeSchema,
  PasswordChangeSchema,
  PasswordResetRequestSchema,
} from '../../../core/schemas/account';
import type { AppEnv } from '../../app-env';
import { issueAccountToken } from '../../auth/account-tokens';
import { newId } from '../../db/ids';
import type { AccountTable } from '../../db/schema';
import { handOverCreatedOccasions, isVerified, occasionsOwnedAlone } from '../../data/accounts';
import { ApiError, conflict, notFound } from '../../data/api-error';
import { changeEmailMessage, emailChangeNotice, queueAccountEmails, resetPasswordMessage, verifyEmailMessage } from '../../email/account-mail';
import { publicUrlOf } from '../../email/public-url';
import { clientAddress } from '../../http/client-address';
import { readBody } from '../../http/read-body';
import { requireHost } from '../../middleware/require-host/require-host';
import { HOST_RATE_LIMITS } from './host-rate-limits';

const emailTaken = () =>
  new ApiError(409, 'EMAIL_TAKEN', 'An account with this email already exists.', [
    { path: 'email', message: 'An account with this email already exists.' },
  ]);

const wrongPassword = () => {
  const message = 'The current password is not right.';
  return new ApiError(400, 'VALIDATION_FAILED', message, [{ path: 'currentPassword', message }]);
};

/** The public links of the account's mail (answered by `routes/account-links/`). */
export const accountLink = (publicUrl: string, kind: 'verify' | 'reset' | 'email', token: string) => `${publicUrl}/account/${kind}/${token}`;

/**
 * The account: sign-up (`POST /account`, which also sends the verification link), reading and
 * renaming it, the password, a change of address, a reset link for a forgotten password, its
 * sessions, and its deletion.
 */
export function accountRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/account', async (c) => {
    const { db, rateLimiter, passwords, config } = c.get('deps');
    await rateLimiter.consume([{ rule: HOST_RATE_LIMITS.accountCreation, key: clientAddress(c) }]);
    const input = await readBody(c, AccountCreateSchema);
    const emailKey = input.email.toLowerCase();
    const existing = await db.selectFrom('account').select('id').where('emailKey', '=', emailKey).executeTakeFirst();
    if (existing) throw emailTaken();
    const now = new Date();
    const row = {
      id: newId(),
      email: input.email,
      emailKey,
      passwordHash: await passwords.hash(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      createdAt: now.toISOString(),
      emailVerifiedAt: null,
      totpEnabledAt: null,
    };
    try {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('account').values(row).execute();
        const token = await issueAccountToken(trx, { accountId: row.id, purpose: 'VERIFY_EMAIL', email: row.email }, now);
        await queueAccountEmails(trx, row.id, [verifyEmailMessage(row.email, row.firstName, accountLink(publicUrlOf(c, config), 'verify', token))], now);
      });
    } catch (error) {
      // Two sign-ups with one email at once: the unique index decides.
      if (await db.selectFrom('account').select('id').where('emailKey', '=', emailKey).executeTakeFirst()) throw emailTaken();
      throw error;
    }
    return c.json(toAccount(row, null), 201);
  });

  routes.get('/account', requireHost(), async (c) => {
    const { accountId } = c.get('host');
    return c.json(await readAccount(c, accountId));
  });

  routes.put('/account', requireHost(), async (c) => {
    const { db } = c.get('deps');
    const { accountId } = c.get('host');
    const input = await readBody(c, AccountUpdateSchema);
    if (input.firstName !== undefined || input.lastName !== undefined) {
      await db.updateTable('account').set(input).where('id', '=', accountId).execute();
    }
    return c.json(await readAccount(c, accountId));
  });

  routes.put('/account/password', requireHost(), async (c) => {
    const { db, passwords } = c.get('deps');
    const { accountId, sessionId } = c.get('host');
    const input = await readBody(c, PasswordChangeSchema);
    const account = await db.selectFrom('account').select('passwordHash').where('id', '=', accountId).executeTakeFirstOrThrow();
    if (!(await passwords.verify(account.passwordHash, input.currentPassword))) throw wrongPassword();
    const passwordHash = await passwords.hash(input.newPassword);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('account').set({ passwordHash }).where('id', '=', accountId).execute();
      // Whoever else holds a session of this account (a stolen cookie, an old device) is out.
      await trx.deleteFrom('hostSession').where('accountId', '=', accountId).where('id', '!=', sessionId).execute();
    });
    return c.body(null, 204);
  });

  // A new verification link for the account's address (the first may be lost or expired).
  routes.post('/account/verification', requireHost(), async (c) => {
    const { db, rateLimiter, config } = c.get('deps');
    const { accountId } = c.get('host');
    await rateLimiter.consume([{ rule: HOST_RATE_LIMITS.accountMailPerAccount, key: accountId }]);
    const account = await db.selectFrom('account').selectAll().where('id', '=', accountId).executeTakeFirstOrThrow();
    if (isVerified(account)) throw conflict('This address is verified already.');
    const now = new Date();
    await db.transaction().execute(async (trx) => {
      const token = await issueAccountToken(trx, { accountId, purpose: 'VERIFY_EMAIL', email: account.email }, now);
      await queueAccountEmails(trx, accountId, [verifyEmailMessage(account.email, account.firstName, accountLink(publicUrlOf(c, config), 'verify', token))], now);
    });
    return c.body(null, 202);
  });

  routes.put('/account/email', requireHost(), async (c) => {
    const { db, passwords, rateLimiter, config } = c.get('deps');
    const { accountId } = c.get('host');
    const input = await readBody(c, EmailChangeSchema);
    const account = await db.selectFrom('account').selectAll().where('id', '=', accountId).executeTakeFirstOrThrow();
    if (!(await passwords.verify(account.passwordHash, input.currentPassword))) throw wrongPassword();
    const emailKey = input.email.toLowerCase();
    if (emailKey === account.emailKey) {
      const message = 'This is the address the account uses already.';
      throw new ApiError(400, 'VALIDATION_FAILED', message, [{ path: 'email', message }]);
    }
    if (await db.selectFrom('account').select('id').where('emailKey', '=', emailKey).executeTakeFirst()) throw emailTaken();
    await rateLimiter.consume([{ rule: HOST_RATE_LIMITS.accountMailPerAccount, key: accountId }]);
    const now = new Date();
    await db.transaction().execute(async (trx) => {
      const token = await issueAccountToken(trx, { accountId, purpose: 'CHANGE_EMAIL', email: input.email }, now);
      await queueAccountEmails(
        trx,
        accountId,
        [
          changeEmailMessage(input.email, account.firstName, accountLink(publicUrlOf(c, config), 'email', token)),
          emailChangeNotice(account.email, account.firstName, input.email),
        ],
        now,
      );
    });
    return c.json(await readAccount(c, accountId), 202);
  });

  // Forgotten password. The answer is the same 202, after the same work, whether or not the
  // address has an account: the lookup and the message happen after the answer is sent.
  routes.post('/account/password-reset', async (c) => {
    const { db, rateLimiter, config, log } = c.get('deps');
    await rateLimiter.consume([{ rule: HOST_RATE_LIMITS.passwordResetPerClient, key: clientAddress(c) }]);
    const input = await readBody(c, PasswordResetRequestSchema);
    const emailKey = input.email.toLowerCase();
    await rateLimiter.consume([{ rule: HOST_RATE_LIMITS.passwordResetPerAddress, key: hash('sha256', emailKey, 'hex') }]);
    const publicUrl = publicUrlOf(c, config);
    const afterAnswer = c.get('deps').afterAnswer ?? runSoon;
    afterAnswer(async () => {
      try {
        const account = await db.selectFrom('account').select(['id', 'email', 'firstName']).where('emailKey', '=', emailKey).executeTakeFirst();
        if (!account) return;
        const now = new Date();
        await db.transaction().execute(async (trx) => {
          const token = await issueAccountToken(trx, { accountId: account.id, purpose: 'RESET_PASSWORD', email: account.email }, now);
          await queueAccountEmails(trx, account.id, [resetPasswordMessage(account.email, account.firstName, accountLink(publicUrl, 'reset', token))], now);
        });
      } catch (error) {
        log.error({ err: error }, 'password reset: the link could not be queued');
      }
    });
    return c.body(null, 202);
  });

  routes.get('/account/sessions', requireHost(), async (c) => {
    const { accountId, sessionId } = c.get('host');
    const rows = await c
      .get('deps')
      .db.selectFrom('hostSession')
      .selectAll()
      .where('accountId', '=', accountId)
      .where('expiresAt', '>', new Date().toISOString())
      .orderBy('createdAt', 'desc')
      .execute();
    return c.json(
      rows.map(
        (row): HostSessionInfo => ({
          id: sessionName(row.id),
          createdAt: row.createdAt,
          expiresAt: row.expiresAt,
          userAgent: row.userAgent,
          address: row.address,
          current: row.id === sessionId,
        }),
      ),
    );
  });

  // Ends every session of the account but this one.
  routes.delete('/account/sessions', requireHost(), async (c) => {
    const { accountId, sessionId } = c.get('host');
    await c.get('deps').db.deleteFrom('hostSession').where('accountId', '=', accountId).where('id', '!=', sessionId).execute();
    return c.body(null, 204);
  });

  routes.delete('/account/session/:name', requireHost(), async (c) => {
    const { db } = c.get('deps');
    const { accountId } = c.get('host');
    const rows = await db.selectFrom('hostSession').select('id').where('accountId', '=', accountId).execute();
    const row = rows.find(({ id }) => sessionName(id) === c.req.param('name'));
    if (!row) throw notFound('No such session.');
    await db.deleteFrom('hostSession').where('id', '=', row.id).execute();
    return c.body(null, 204);
  });

  routes.get('/account/deletion', requireHost(), async (c) => {
    const plan: AccountDeletionPlan = { occasionsOwnedAlone: await occasionsOwnedAlone(c.get('deps').db, c.get('host').accountId) };
    return c.json(plan);
  });

  // Deletes the account, its sessions and links, and the occasions it owns alone.
  routes.post('/account/deletion', requireHost(), async (c) => {
    const { db, passwords } = c.get('deps');
    const { accountId } = c.get('host');
    const input = await readBody(c, AccountDeletionSchema);
    const account = await db.selectFrom('account').selectAll().where('id', '=', accountId).executeTakeFirstOrThrow();
    if (input.confirmation.toLowerCase() !== account.emailKey) {
      const message = "Type the account's email address to confirm.";
      throw new ApiError(400, 'VALIDATION_FAILED', message, [{ path: 'confirmation', message }]);
    }
    if (!(await passwords.verify(account.passwordHash, input.currentPassword))) throw wrongPassword();
    await db.transaction().execute(async (trx) => {
      const alone = await occasionsOwnedAlone(trx, accountId);
      if (alone.length > 0) await trx.deleteFrom('occasion').where('id', 'in', alone.map(({ id }) => id)).execute();
      await handOverCreatedOccasions(trx, accountId);
      await trx.deleteFrom('account').where('id', '=', accountId).execute();
    });
    return c.body(null, 204);
  });

  return routes;
}

/** Runs work after the answer has gone: the reset request's default. */
function runSoon(task: () => Promise<void>): void {
  setImmediate(() => void task());
}

/**
 * The name a session goes by in the sessions list: derived from its row's id (itself the hash of
 * the token) so that neither the token nor what a lookup takes is shown.
 */
function sessionName(rowId: string): string {
  return hash('sha256', `session-name:${rowId}`, 'base64url').slice(0, 22);
}

async function readAccount(c: Context<AppEnv>, accountId: string): Promise<Account> {
  const { db } = c.get('deps');
  const [row, pending, codes] = await Promise.all([
    db.selectFrom('account').selectAll().where('id', '=', accountId).executeTakeFirstOrThrow(),
    db
      .selectFrom('accountToken')
      .select('email')
      .where('accountId', '=', accountId)
      .where('purpose', '=', 'CHANGE_EMAIL')
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', new Date().toISOString())
      .executeTakeFirst(),
    db.selectFrom('recoveryCode').select((eb) => eb.fn.countAll<number | string>().as('left')).where('accountId', '=', accountId).where('usedAt', 'is', null).executeTakeFirstOrThrow(),
  ]);
  return toAccount(row, pending?.email ?? null, Number(codes.left));
}

function toAccount(
  row: Pick<AccountTable, 'id' | 'email' | 'firstName' | 'lastName' | 'createdAt' | 'emailVerifiedAt' | 'totpEnabledAt'>,
  pendingEmail: string | null,
  recoveryCodesLeft = 0,
): Account {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    createdAt: row.createdAt,
    emailVerified: isVerified(row),
    pendingEmail,
    twoFactorEnabled: row.totpEnabledAt !== null,
    recoveryCodesLeft: row.totpEnabledAt !== null ? recoveryCodesLeft : 0,
  };
}
