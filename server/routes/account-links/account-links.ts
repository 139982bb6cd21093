import { Hono, type Context } from 'hono';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import * as v from 'valibot';
import { PasswordResetSchema } from '../../../core/schemas/account';
import type { AppEnv } from '../../app-env';
import { findAccountToken, useAccountToken, type AccountTokenProblem, type AccountTokenPurpose, type FoundAccountToken } from '../../auth/account-tokens';
import { findLiveHostSession } from '../../auth/host-sessions';
import { passwordResetNotice, queueAccountEmails } from '../../email/account-mail';
import { tokenCookie } from '../../http/token-cookie';

/** Why a link's page says it does not work, by cause: a clear page each, and nothing changes. */
const PROBLEMS: Record<AccountTokenProblem | 'OTHER_ACCOUNT' | 'ADDRESS_CHANGED' | 'ADDRESS_TAKEN', [title: string, text: string, status: 400 | 404 | 409 | 410]> = {
  INVALID: ['This link is not valid', 'It may be mistyped or cut short, or a newer link replaced it. Ask for a new one.', 404],
  USED: ['This link was used already', 'Each link works once. If you still need to, ask for a new one.', 410],
  EXPIRED: ['This link has expired', 'Links work for a limited time. Ask for a new one.', 410],
  OTHER_ACCOUNT: ['This link is for another account', 'You are signed in to Kindly with a different account. Sign out, then open the link again.', 409],
  ADDRESS_CHANGED: ['This link is for an old address', 'The account uses another email address now. Ask for a new link from Account settings.', 410],
  ADDRESS_TAKEN: ['This address is taken', 'Another Kindly account uses this address now, so it cannot be yours as well.', 409],
};

type Problem = keyof typeof PROBLEMS;

/**
 * The pages the account's mail links to (public: the token is the credential): confirming an
 * address (`/account/verify/{token}`), confirming a new address (`/account/email/{token}`), and
 * choosing a new password (`/account/reset/{token}`). Each `GET` only shows a page; the `POST`
 * of its form does the change, so a mail scanner that opens links spends nothing. A link that
 * is unknown, used, expired, or opened in a browser signed in to another account gets a page
 * that says which, and changes nothing.
 */
export function accountLinkRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/account/verify/:token', async (c) => {
    const found = await checkLink(c, 'VERIFY_EMAIL');
    if (typeof found === 'string') return problemPage(c, found);
    return c.html(page('Confirm your email address', html`<p>Confirm that ${found.email} is your address.</p>${button('Confirm my address')}`));
  });

  routes.post('/account/verify/:token', async (c) => {
    const { db } = c.get('deps');
    const found = await checkLink(c, 'VERIFY_EMAIL');
    if (typeof found === 'string') return problemPage(c, found);
    const now = new Date();
    const outcome = await db.transaction().execute(async (trx) => {
      if (!(await useAccountToken(trx, found.id, now))) return 'USED' as const;
      await trx.updateTable('account').set({ emailVerifiedAt: now.toISOString() }).where('id', '=', found.accountId).where('emailVerifiedAt', 'is', null).execute();
      return 'DONE' as const;
    });
    if (outcome !== 'DONE') return problemPage(c, outcome);
    return c.html(page('Your address is confirmed', html`<p>${found.email} is confirmed. Kindly can send email to your guests now.</p>${dashboardLink()}`));
  });

  routes.get('/account/email/:token', async (c) => {
    const found = await checkLink(c, 'CHANGE_EMAIL');
    if (typeof found === 'string') return problemPage(c, found);
    return c.html(page('Use this address?', html`<p>From now on you will sign in to Kindly as ${found.email}.</p>${button('Use this address')}`));
  });

  routes.post('/account/email/:token', async (c) => {
    const { db } = c.get('deps');
    const found = await checkLink(c, 'CHANGE_EMAIL');
    if (typeof found === 'string') return problemPage(c, found);
    const now = new Date();
    const emailKey = found.email.toLowerCase();
    let outcome: Problem | 'DONE';
    try {
      outcome = await db.transaction().execute(async (trx) => {
        const taken = await trx.selectFrom('account').select('id').where('emailKey', '=', emailKey).where('id', '!=', found.accountId).executeTakeFirst();
        if (taken) return 'ADDRESS_TAKEN' as const;
        if (!(await useAccountToken(trx, found.id, now))) return 'USED' as const;
        await trx.updateTable('account').set({ email: found.email, emailKey, emailVerifiedAt: now.toISOString() }).where('id', '=', found.accountId).execute();
        // Links sent to the old address (verification, reset) no longer fit the account.
        await trx.deleteFrom('accountToken').where('accountId', '=', found.accountId).where('usedAt', 'is', null).execute();
        return 'DONE' as const;
      });
    } catch (error) {
      // Another account took the address between the check and the write: the unique index decides.
      if (await db.selectFrom('account').select('id').where('emailKey', '=', emailKey).where('id', '!=', found.accountId).executeTakeFirst()) outcome = 'ADDRESS_TAKEN';
      else throw error;
    }
    if (outcome !== 'DONE') return problemPage(c, outcome);
    return c.html(page('Your new address is in use', html`<p>You sign in to Kindly as ${found.email} from now on.</p>${dashboardLink()}`));
  });

  routes.get('/account/reset/:token', async (c) => {
    const found = await checkLink(c, 'RESET_PASSWORD');
    if (typeof found === 'string') return problemPage(c, found);
    return c.html(resetForm(found.email));
  });

  routes.post('/account/reset/:token', async (c) => {
    const { db, passwords } = c.get('deps');
    const found = await checkLink(c, 'RESET_PASSWORD');
    if (typeof found === 'string') return problemPage(c, found);
    const form = await c.req.parseBody();
    const parsed = v.safeParse(PasswordResetSchema, { newPassword: form.newPassword, repeatPassword: form.repeatPassword });
    if (!parsed.success) return c.html(resetForm(found.email, parsed.issues[0].message), 400);
    const passwordHash = await passwords.hash(parsed.output.newPassword);
    const now = new Date();
    const outcome = await db.transaction().execute(async (trx) => {
      if (!(await useAccountToken(trx, found.id, now))) return 'USED' as const;
      const account = await trx.selectFrom('account').select(['email', 'firstName']).where('id', '=', found.accountId).executeTakeFirstOrThrow();
      // The link proves the address as well as a verification link would.
      await trx.updateTable('account').set({ passwordHash }).where('id', '=', found.accountId).execute();
      await trx.updateTable('account').set({ emailVerifiedAt: now.toISOString() }).where('id', '=', found.accountId).where('emailVerifiedAt', 'is', null).execute();
      // Every session ends: whoever held one (with the old password) is out.
      await trx.deleteFrom('hostSession').where('accountId', '=', found.accountId).execute();
      await queueAccountEmails(trx, found.accountId, [passwordResetNotice(account.email, account.firstName)], now);
      return 'DONE' as const;
    });
    if (outcome !== 'DONE') return problemPage(c, outcome);
    return c.html(page('Your password is changed', html`<p>Every session of the account has ended. Sign in with the new password.</p>${dashboardLink('Sign in')}`));
  });

  return routes;
}

/**
 * The link of the request's path, if it works and fits: its token found and unspent, not for an
 * address the account has left, and not opened in a browser signed in to another account.
 */
async function checkLink(c: Context<AppEnv>, purpose: AccountTokenPurpose): Promise<FoundAccountToken | Problem> {
  const { db, config } = c.get('deps');
  const found = await findAccountToken(db, c.req.param('token') ?? '', purpose, new Date());
  if (typeof found === 'string') return found;
  const secure = (config.authUrl ?? c.req.url).startsWith('https:');
  const session = await findLiveHostSession(db, tokenCookie(c, secure ? '__Secure-authjs.session-token' : 'authjs.session-token'));
  if (session && session.accountId !== found.accountId) return 'OTHER_ACCOUNT';
  if (purpose !== 'CHANGE_EMAIL') {
    const account = await db.selectFrom('account').select('emailKey').where('id', '=', found.accountId).executeTakeFirst();
    if (!account || account.emailKey !== found.email.toLowerCase()) return 'ADDRESS_CHANGED';
  }
  return found;
}

function problemPage(c: Context<AppEnv>, problem: Problem) {
  const [title, text, status] = PROBLEMS[problem];
  return c.html(page(title, html`<p>${text}</p>${dashboardLink()}`), status);
}

const button = (label: string) => html`<form method="post"><button type="submit">${label}</button></form>`;

const dashboardLink = (label = 'Open Kindly') => html`<p><a href="/">${label}</a></p>`;

function resetForm(email: string, error?: string) {
  return page(
    'Choose a new password',
    html`<p>For ${email}. Every session of the account ends when you save it.</p>
      ${error ? html`<p role="alert" class="error">${error}</p>` : raw('')}
      <form method="post">
        <label>New password <input type="password" name="newPassword" autocomplete="new-password" required minlength="8" maxlength="128" /></label>
        <label>New password again <input type="password" name="repeatPassword" autocomplete="new-password" required /></label>
        <input type="hidden" name="username" value="${email}" autocomplete="username" />
        <button type="submit">Save the new password</button>
      </form>`,
  );
}

function page(title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="referrer" content="no-referrer" />
    <title>${title}</title>
    <style>
      body { font-family: Georgia, serif; background: #f6f4f1; color: #2b2724; display: grid; place-items: center; min-height: 90vh; margin: 0; }
      main { background: #fff; border-radius: 8px; padding: 32px; max-width: 28rem; }
      label { display: grid; gap: 4px; margin: 12px 0; }
      input { font: inherit; padding: 8px; }
      .error { color: #a3261b; }
      button { font: inherit; background: #7a4b3a; color: #fff; border: 0; border-radius: 6px; padding: 10px 20px; cursor: pointer; }
    </style>
  </head>
  <body>
    <main>
      <h1>${title}</h1>
      ${body}
    </main>
  </body>
</html>`;
}
