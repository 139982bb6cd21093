import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, closeContexts, sharedChromium } from '../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';
import { choose, expectAccessible, field, reportCspViolations } from './e2e-checks';
import { signUpInContext } from './e2e-host';

/**
 * API tokens end to end in Chromium: an owner creates one on the occasion's settings, copies the
 * secret shown once, a program uses it, the list shows its last use, and revoking it (after a
 * confirmation) refuses the program's next request. An editor finds no such section.
 * `npm run build && npx vitest run --project browser dashboard/api-tokens`.
 */

const eventually = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 20_000 });

describe.skipIf(!chromiumPath)('API tokens on the occasion settings in Chromium', () => {
  let live: LiveServer;
  let browser: Browser;
  const errors: string[] = [];
  const cspViolations: string[] = [];

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
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: live.url });
    await reportCspViolations(context, cspViolations);
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    return { context, page };
  }

  /** What a program gets asking for the guest list with the token. */
  const programStatus = async (secret: string, path: string) =>
    (await fetch(`${live.url}/host/v1${path}/guests`, { headers: { authorization: `Bearer ${secret}` } })).status;

  it('creates a token shown once, lists its last use, and revokes it', async () => {
    const { context, page } = await newPage();
    const owner = await signUpInContext(context, live.url);
    const occasion = await owner.call<{ id: string }>('POST', '/occasion', { title: 'Sam & Alex', startDate: '2027-06-12', endDate: '2027-06-13' });
    const base = `/occasion/${occasion.id}`;

    await page.goto(`${live.url}${base}/edit`);
    const section = page.getByRole('region', { name: 'API tokens' });
    await eventually(() => section.getByText('No tokens.').count()).toBe(1);
    await section.getByRole('button', { name: 'Create token…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API token' });
    await dialog.getByRole('button', { name: 'Create token' }).click();
    await eventually(() => field(dialog, 'Name').locator('input').getAttribute('aria-invalid')).toBe('true');
    expect(await owner.call<{ tokens: unknown[] }>('GET', `${base}/api-tokens`)).toEqual({ tokens: [] });
    await field(dialog, 'Name').locator('input').fill('Seating sync');
    await choose(page, dialog, 'Role', 'Editor');
    await expectAccessible(page, 'create token dialog');
    await dialog.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new token “Seating sync”' });
    const secret = (await shown.getByTestId('api-token-secret').textContent())!;
    expect(secret).toMatch(/^kndly_[A-Za-z0-9_-]{59}$/);
    await shown.getByRole('button', { name: 'Copy token' }).click();
    await eventually(() => shown.getByRole('status').textContent()).toBe('Copied to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectAccessible(page, 'new token dialog');
    await shown.getByRole('button', { name: 'Done' }).click();

    const table = section.getByRole('table', { name: 'API tokens' });
    await eventually(() => table.locator('tbody tr').allTextContents()).toEqual([expect.stringMatching(/Seating sync.*Editor.*by Ada Host.*Never/)]);
    expect(await page.locator('body').textContent()).not.toContain(secret);
    await expectAccessible(page, 'settings with a token');

    expect(await programStatus(secret, base)).toBe(200);
    await page.reload();
    await eventually(() => table.locator('tbody tr').first().textContent()).toMatch(/just now/);

    await table.getByRole('button', { name: 'Revoke Seating sync' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke “Seating sync”?' });
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await eventually(() => section.getByText('No tokens.').count()).toBe(1);
    expect(await programStatus(secret, base)).toBe(401);

    // An editor sees the settings but no tokens.
    const { context: editorContext, page: editorPage } = await newPage();
    const editor = await signUpInContext(editorContext, live.url);
    const created = await owner.call<{ id: string }>('POST', `${base}/api-tokens`, { name: 'Unused', role: 'viewer' });
    expect(created.id).toBeTruthy();
    await live.deps.db.insertInto('occasionRole').values({ occasionId: occasion.id, accountId: (await editor.call<{ id: string }>('GET', '/account')).id, role: 'editor', createdAt: new Date().toISOString() }).execute();
    await editorPage.goto(`${live.url}${base}/edit`);
    await eventually(() => editorPage.getByRole('heading', { name: 'Occasion settings' }).count()).toBe(1);
    expect(await editorPage.getByRole('region', { name: 'API tokens' }).count()).toBe(0);

    expect(errors).toEqual([]);
    expect(cspViolations).toEqual([]);
    await context.close();
    await editorContext.close();
  });
});
