import { Hono, type Context } from 'hono';
import type { RecoveryCodes, TwoFactorSetup } from '../../../core/schemas/account';
import { PasswordConfirmSchema, TwoFactorEnableSchema } from '../../../core/schemas/account';
import type { AppEnv } from '../../app-env';
import { newTotpSecret, replaceRecoveryCodes, totpStep, totpUri } from '../../auth/two-factor';
import { ApiError, conflict } from '../../data/api-error';
import { readBody } from '../../http/read-body';
import { requireHost } from '../../middleware/require-host/require-host';

const wrongPassword = () => {
  const message = 'The current password is not right.';
  return new ApiError(400, 'VALIDATION_FAILED', message, [{ path: 'currentPassword', message }]);
};

/**
 * Optional two-factor sign-in (TOTP, RFC 6238): `POST /account/two-factor` makes a secret (with
 * the password), `PUT /account/two-factor` turns it on once a code of it is right and answers
 * ten recovery codes, `POST /account/two-factor/recovery-codes` replaces them, and
 * `POST /account/two-factor/deactivation` turns it off. Sign-in then asks for a code
 * (`auth/auth-config.ts`).
 */
export function twoFactorRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('/account/two-factor', requireHost());
  routes.use('/account/two-factor/*', requireHost());

  const confirmedAccount = async (c: Context<AppEnv>) => {
    const { db, passwords } = c.get('deps');
    const { currentPassword } = await readBody(c, PasswordConfirmSchema);
    const account = await db.selectFrom('account').selectAll().where('id', '=', c.get('host').accountId).executeTakeFirstOrThrow();
    if (!(await passwords.verify(account.passwordHash, currentPassword))) throw wrongPassword();
    return account;
  };

  routes.post('/account/two-factor', async (c) => {
    const account = await confirmedAccount(c);
    if (account.totpEnabledAt !== null) throw conflict('Two-factor sign-in is on already. Turn it off first to use another authenticator.');
    const secret = newTotpSecret();
    await c.get('deps').db.updateTable('account').set({ totpSecret: secret, totpLastStep: null }).where('id', '=', account.id).execute();
    const setup: TwoFactorSetup = { secret, uri: totpUri(secret, account.email) };
    return c.json(setup);
  });

  routes.put('/account/two-factor', async (c) => {
    const { db } = c.get('deps');
    const { accountId } = c.get('host');
    const { code } = await readBody(c, TwoFactorEnableSchema);
    const account = await db.selectFrom('account').select(['totpSecret', 'totpEnabledAt']).where('id', '=', accountId).executeTakeFirstOrThrow();
    if (account.totpEnabledAt !== null) throw conflict('Two-factor sign-in is on already.');
    if (account.totpSecret === null) throw conflict('Set up an authenticator first.');
    const step = totpStep(account.totpSecret, code, Date.now());
    if (step === null) {
      const message = 'This code is not right. Check the time on your phone, and try the newest code.';
      throw new ApiError(400, 'VALIDATION_FAILED', message, [{ path: 'code', message }]);
    }
    const recoveryCodes = await db.transaction().execute(async (trx) => {
      await trx.updateTable('account').set({ totpEnabledAt: new Date().toISOString(), totpLastStep: step }).where('id', '=', accountId).execute();
      return replaceRecoveryCodes(trx, accountId);
    });
    const answer: RecoveryCodes = { recoveryCodes };
    return c.json(answer);
  });

  routes.post('/account/two-factor/recovery-codes', async (c) => {
    const account = await confirmedAccount(c);
    if (account.totpEnabledAt === null) throw conflict('Two-factor sign-in is off.');
    const answer: RecoveryCodes = { recoveryCodes: await replaceRecoveryCodes(c.get('deps').db, account.id) };
    return c.json(answer);
  });

  routes.post('/account/two-factor/deactivation', async (c) => {
    const account = await confirmedAccount(c);
    await c.get('deps').db.transaction().execute(async (trx) => {
      await trx.updateTable('account').set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where('id', '=', account.id).execute();
      await trx.deleteFrom('recoveryCode').where('accountId', '=', account.id).execute();
    });
    return c.body(null, 204);
  });

  return routes;
}
