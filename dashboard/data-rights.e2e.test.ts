import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Retention } from '../core/schemas/data-rights';
import { chromiumPath, closeContexts, sharedChromium } from '../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';
import { expectAccessible, reportCspViolations } from './e2e-checks';
import { signUpInContext, type E2eHost } from './e2e-host';

/**
 * A host's data rights in Chromium: the settings' export downloads a ZIP holding the guests,
 * the retention shows its date and postpones it, and the guest's and household's "Erase"
 * dialogs say what goes and erase. `npm run build && npx vitest run --project browser dashboard/data-rights`.
 */

const eventually = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 20_000 });

describe.skipIf(!chromiumPath)('export, retention and erasure in Chromium', () => {
  let live: LiveServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let host: E2eHost;
  const errors: string[] = [];
  const cspViolations: string[] = [];

  beforeAll(async () => {
    live = await startLiveServer();
    browser = await sharedChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await reportCspViolations(context, cspViolations);
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    host = await signUpInContext(context, live.url);
  });
  afterAll(async () => {
    await closeContexts(browser);
    await live?.close();
  });

  it('exports, postpones and erases a guest and a household', async () => {
    const occasion = await host.call<{ id: string }>('POST', '/occasion', { title: 'Sam & Alex', startDate: '2027-06-12', endDate: '2027-06-13' });
    const base = `/occasion/${occasion.id}`;
    await host.call('POST', `${base}/activity`, { name: 'Ceremony', startsAt: '2027-06-12T15:00:00.000Z' });
    const quixworths = await host.call<{ id: string }>('POST', `${base}/household`, { name: 'The Quixworths', email: 'zeb@example.org' });
    const zeb = await host.call<{ id: string }>('POST', `${base}/guest`, { householdId: quixworths.id, firstName: 'Zebulon', lastName: 'Quixworth' });
    const smiths = await host.call<{ id: string }>('POST', `${base}/household`, { name: 'The Smiths' });
    await host.call('POST', `${base}/guest`, { householdId: smiths.id, firstName: 'Ana', lastName: 'Smith' });

    await page.goto(`${live.url}${base}/edit`);
    await page.getByRole('heading', { name: 'Your guests’ data' }).waitFor();
    await eventually(() => page.getByTestId('retention-dates').textContent()).toContain('365 days after the last activity');
    await expectAccessible(page, 'settings with data rights');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export all data' }).click()]);
    const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    expect(strFromU8(files['guests.csv']!)).toContain('Zebulon');
    expect(JSON.parse(strFromU8(files['households.json']!))).toHaveLength(2);

    await page.getByRole('button', { name: 'Postpone by 30 days' }).click();
    await eventually(() => page.getByRole('status').filter({ hasText: 'Postponed' }).count()).toBe(1);
    expect((await host.call<Retention>('GET', `${base}/retention`)).days).toBe(395);

    await page.goto(`${live.url}${base}/guests`);
    await page.getByRole('button', { name: 'Edit Zebulon Quixworth' }).click();
    await page.getByRole('dialog', { name: 'Edit Zebulon Quixworth' }).getByRole('button', { name: 'Erase guest…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Erase Zebulon Quixworth?' });
    await expect(confirm.textContent()).resolves.toContain('a guest (erased)');
    await expectAccessible(page, 'erase guest dialog');
    await confirm.getByRole('button', { name: 'Erase guest' }).click();
    await confirm.waitFor({ state: 'detached' });
    await eventually(async () => (await host.call<Array<{ id: string }>>('GET', `${base}/guests`)).map((guest) => guest.id)).not.toContain(zeb.id);
    // Zebulon was the Quixworths' only member: the household went with him.
    expect((await host.call<Array<{ id: string }>>('GET', `${base}/households`)).map((household) => household.id)).toEqual([smiths.id]);

    await page.goto(`${live.url}${base}/households`);
    await page.getByRole('button', { name: 'Edit The Smiths' }).click();
    await page.getByRole('dialog', { name: 'Edit The Smiths' }).getByRole('button', { name: 'Erase household…' }).click();
    const confirmHousehold = page.getByRole('alertdialog', { name: 'Erase The Smiths?' });
    await expectAccessible(page, 'erase household dialog');
    await confirmHousehold.getByRole('button', { name: 'Erase household' }).click();
    await confirmHousehold.waitFor({ state: 'detached' });
    await eventually(async () => (await host.call<unknown[]>('GET', `${base}/guests`)).length).toBe(0);
    expect(errors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });
});
