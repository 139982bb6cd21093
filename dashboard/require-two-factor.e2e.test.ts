import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, closeContexts, sharedChromium } from '../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';
import { verifyAccount } from '../server/test-support/verify-account';
import { signUpInContext, type E2eHost } from './e2e-host';

/**
 * Requiring two-factor sign-in in Chromium: only an owner sees the setting; the server's refusal
 * shows as its message, both when an owner without a second factor saves it and when a co-host
 * without one opens the occasion. `npm run build && npx vitest run --project browser dashboard/require-two-factor`.
 */

const eventually = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 20_000 });
const codeAt = (secret: string, offsetSteps: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });
const SETTING = 'Require two-factor sign-in of everyone who helps run this occasion';

describe.skipIf(!chromiumPath)('requiring two-factor sign-in in Chromium', () => {
  let live: LiveServer;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    live = await startLiveServer();
    browser = await sharedChromium();
  });
  afterAll(async () => {
    await closeContexts(browser);
    await live?.close();
  });

  async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    return { context, page };
  }

  /** Turns two-factor sign-in on for the account, then signs the context in again with a code. */
  async function signInWithCode(context: BrowserContext, host: E2eHost): Promise<void> {
    const { secret } = await host.call<{ secret: string }>('POST', '/account/two-factor', { currentPassword: host.password });
    await host.call('PUT', '/account/two-factor', { code: codeAt(secret, 0) });
    await context.clearCookies();
    const { csrfToken } = (await (await context.request.get(`${live.url}/host/v1/auth/csrf`)).json()) as { csrfToken: string };
    const signedIn = await context.request.post(`${live.url}/host/v1/auth/callback/credentials`, {
      form: { email: host.email, password: host.password, csrfToken, code: codeAt(secret, 1) },
      headers: { 'x-auth-return-redirect': '1' },
    });
    expect(signedIn.status()).toBeLessThan(400);
    expect((await context.cookies()).some((cookie) => cookie.name === 'authjs.session-token')).toBe(true);
  }

  it('shows the setting to owners only, and the server’s message when a session lacks a second factor', async () => {
    const { context: ownerContext, page } = await newPage();
    const owner = await signUpInContext(ownerContext, live.url);
    await verifyAccount(live.deps.db, owner.email);
    const occasion = await owner.call<{ id: string }>('POST', '/occasion', { title: 'Sam & Alex', startDate: '2027-06-12', endDate: '2027-06-13' });
    const base = `/occasion/${occasion.id}`;

    // Signed in with a password alone, the owner's save is refused with the server's reason.
    await page.goto(`${live.url}${base}/edit`);
    await page.getByText(SETTING).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await eventually(() => page.getByText(/sign in with two-factor sign-in yourself first/).isVisible()).toBe(true);
    expect((await owner.call<{ requireTwoFactor: boolean }>('GET', base)).requireTwoFactor).toBe(false);

    // An editor's settings do not show it.
    const { context: editorContext, page: editorPage } = await newPage();
    const editor = await signUpInContext(editorContext, live.url);
    await owner.call('POST', `${base}/invitations`, { email: editor.email, role: 'editor' });
    const row = await live.deps.db.selectFrom('email').select('text').where('kind', '=', 'HOST_INVITATION').where('to', '=', editor.email).executeTakeFirstOrThrow();
    await editor.call('POST', '/invitation/accept', { token: /\/invitation#([A-Za-z0-9_-]+)/.exec(row.text)![1] });
    await editorPage.goto(`${live.url}${base}/edit`);
    await editorPage.getByRole('button', { name: 'Save changes' }).waitFor();
    expect(await editorPage.getByText(SETTING).count()).toBe(0);

    // Signed in again with a code, the owner turns it on.
    await signInWithCode(ownerContext, owner);
    await page.goto(`${live.url}${base}/edit`);
    await page.getByText(SETTING).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await eventually(() => page.getByText('Saved.').isVisible()).toBe(true);
    expect((await owner.call<{ requireTwoFactor: boolean }>('GET', base)).requireTwoFactor).toBe(true);

    // The editor, signed in with a password alone, is shown why the occasion is closed to them.
    await editorPage.goto(`${live.url}${base}`);
    await eventually(() => editorPage.getByText(/This occasion asks everyone who helps run it to sign in with two-factor sign-in/).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});
