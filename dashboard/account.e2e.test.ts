import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_SETTINGS } from '../server/email/email-settings';
import { localOutbox } from '../server/email/transport';
import { EmailWorker } from '../server/email/worker';
import { accountLinkPath } from '../server/test-support/account-mail';
import { chromiumPath, closeContexts, sharedChromium } from '../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';
import { expectAccessible, field, reportCspViolations } from './e2e-checks';
import { signUpInContext, type E2eHost } from './e2e-host';

/**
 * A forgotten password in Chromium: on one browser the host asks for a reset link from the
 * sign-in screen, opens the link of the stored message (sent by the real worker on the local
 * outbox), chooses a new password and signs in with it; a second browser that was signed in
 * meanwhile has lost its session. Then the Account settings screen.
 * `npm run build && npx vitest run --project browser dashboard/account`.
 */
describe.skipIf(!chromiumPath)('a forgotten password in Chromium', () => {
  let live: LiveServer;
  let worker: EmailWorker;
  let browser: Browser;
  let laptop: BrowserContext;
  let phone: BrowserContext;
  let page: Page;
  let host: E2eHost;
  const errors: string[] = [];
  const cspViolations: string[] = [];

  beforeAll(async () => {
    live = await startLiveServer();
    worker = new EmailWorker({
      db: live.deps.db,
      dbKind: live.deps.dbKind,
      settings: { ...DEFAULT_EMAIL_SETTINGS, pollMs: 200 },
      transport: localOutbox,
      renderEmail: live.deps.renderEmail,
      publicUrl: () => live.url,
      log: () => {},
    });
    worker.start();
    browser = await sharedChromium();
    laptop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    phone = await browser.newContext({ viewport: { width: 390, height: 800 } });
    await reportCspViolations(laptop, cspViolations);
    page = await laptop.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  });

  afterAll(async () => {
    await worker?.stop();
    await closeContexts(browser);
    await live?.close();
  });

  it('resets the password from the emailed link, and the other browser is signed out', async () => {
    // The phone is signed in and sees the occasions.
    host = await signUpInContext(phone, live.url);
    await host.call('POST', '/occasion', { title: 'Ada & Charles', startDate: '2027-06-11', endDate: '2027-06-12' });
    const phonePage = await phone.newPage();
    await phonePage.goto(`${live.url}/occasions`);
    await expect.poll(() => phonePage.getByRole('link', { name: 'Ada & Charles' }).count()).toBe(1);
    // A new account is not verified yet: the list says so.
    await phonePage.getByText('Confirm your email address with the link we sent').waitFor();

    // On the laptop, signed out: Forgot password?
    await page.goto(`${live.url}/auth/sign-in`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await expectAccessible(page, 'forgot password');
    await field(page, 'Email').locator('input').fill(host.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await expect.poll(() => page.getByRole('status').textContent()).toContain(host.email);

    // The stored message, once the worker has sent it.
    const sent = async () =>
      live.deps.db.selectFrom('accountEmail').select(['status', 'text']).where('to', '=', host.email).where('kind', '=', 'RESET_PASSWORD').executeTakeFirst();
    await expect.poll(async () => (await sent())?.status, { timeout: 20_000 }).toBe('SENT');
    const link = accountLinkPath((await sent())!.text, 'reset');
    expect((await sent())!.text).toContain(`${live.url}${link}`);

    await page.goto(`${live.url}${link}`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    const newPassword = 'a fresh start at last';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('New password again').fill(newPassword);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByRole('heading', { name: 'Your password is changed' }).waitFor();

    // The link again: a clear page, nothing changes.
    await page.goto(`${live.url}${link}`);
    await page.getByRole('heading', { name: 'This link was used already' }).waitFor();

    // The phone's session is gone: its next screen is the sign-in.
    await phonePage.reload();
    await phonePage.getByRole('heading', { name: 'Sign in to Kindly' }).waitFor();
    const session = await phone.request.get(`${live.url}/host/v1/auth/session`);
    expect(await session.json()).toBeNull();

    // The laptop signs in with the new password.
    await page.goto(`${live.url}/auth/sign-in`);
    await field(page, 'Email').locator('input').fill(host.email);
    await field(page, 'Password').locator('input').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Ada & Charles' }).waitFor();
    // The reset link proved the address: the notice is gone.
    await expect.poll(() => page.getByText('Confirm your email address with the link we sent').count()).toBe(0);
  });

  it('shows Account settings: the name saved, this session listed, the address confirmed by the reset link', async () => {
    await page.getByRole('link', { name: /Account settings/ }).click();
    await page.getByRole('heading', { name: 'Account settings', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('table', { name: 'Sessions' }).getByRole('row').count()).toBe(2);
    await expect.poll(() => page.getByRole('table', { name: 'Sessions' }).textContent()).toContain('This session');
    // The reset link proved the address: no verification notice.
    await expect.poll(() => page.getByText('(confirmed)').count()).toBe(1);
    const name = page.getByRole('form', { name: 'Name' });
    await field(name, 'First name').locator('input').fill('Augusta');
    await name.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Your name is saved.').waitFor();
    await expect.poll(() => page.locator('.app-header').textContent()).toContain('Augusta');
    await expectAccessible(page, 'account settings');

    // Deleting asks for the typed address: the button stays off until it matches.
    await page.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.getByText('Ada & Charles').waitFor();
    const remove = dialog.getByRole('button', { name: 'Delete the account' });
    expect(await remove.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    expect(errors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });
});
