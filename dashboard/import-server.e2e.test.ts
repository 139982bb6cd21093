import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Guest } from '../core/schemas/guest';
import type { Household } from '../core/schemas/household';
import type { Occasion } from '../core/schemas/occasion';
import { chromiumPath, closeContexts, sharedChromium } from '../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';
import { signUpInContext, type E2eHost } from './e2e-host';

/**
 * The CSV import as one request in Chromium against the real server: a 2,000-row import cut by
 * closing the page while its request is under way leaves the occasion without any of it or
 * with all of it, never part; sent again from the import screen it lands once; Undo takes it
 * back.
 */

const ROWS = 2000;

/** 2,000 guests in 1,000 households of two, with addresses. */
function guestFile(): Buffer {
  const lines = ['First Name,Last Name,Household,Street Address,City,Email'];
  for (let i = 0; i < ROWS; i++) {
    const household = Math.floor(i / 2);
    lines.push(`Guest${i},Family${household},The Family${household},${household + 1} Long Road,Springfield,guest${i}@example.com`);
  }
  return Buffer.from(lines.join('\n'));
}

describe.skipIf(!chromiumPath)('the import as one request, in Chromium', () => {
  let server: LiveServer;
  let browser: Browser;
  let context: BrowserContext;
  let host: E2eHost;
  let occasion: Occasion;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startLiveServer();
    browser = await sharedChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    host = await signUpInContext(context, server.url);
    occasion = await host.call<Occasion>('POST', '/occasion', { title: 'Import', startDate: '2027-06-12', endDate: '2027-06-13' });
  });

  afterAll(async () => {
    await closeContexts(browser);
    await server?.close();
  });

  const guestCount = async () => (await host.call<Guest[]>('GET', `/occasion/${occasion.id}/guests`)).length;

  async function openImport(): Promise<Page> {
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/occasion/${occasion.id}/guests/import`);
    await page.getByRole('heading', { name: 'Import guests from a spreadsheet' }).waitFor();
    return page;
  }

  it('is never half written when the page closes mid-request, lands once when sent again, and Undo takes it back', async () => {
    const first = await openImport();
    await first.locator('input[type=file]').setInputFiles({ name: 'guests.csv', mimeType: 'text/csv', buffer: guestFile() });
    await first.getByTestId('import-counts').waitFor();
    expect(await first.getByTestId('import-counts').textContent()).toBe('2,000 rows in guests.csv: 2,000 guests.');
    // The request goes on to the server, but the page closes before its answer can arrive. It
    // closes once the kept import has reached the browser's storage, as a person's tab closes
    // some moments after the click: a page killed within the same instant can lose its last
    // localStorage write in Chromium, whatever the page does.
    const watcher = await context.newPage();
    await watcher.goto(`${server.url}/host/v1/openapi.json`);
    const closed = new Promise<void>((resolve) => {
      void first.route('**/host/v1/occasion/*/import', async (route) => {
        const sent = route.fetch().catch(() => undefined);
        await watcher.waitForFunction((key) => localStorage.getItem(key) !== null, `kindly.import.${occasion.id}`);
        await first.close();
        resolve();
        await sent;
      });
    });
    await first.getByRole('button', { name: 'Import 2,000 guests' }).click();
    await closed;
    // Committed whole or not at all, whenever it is read.
    expect([0, ROWS]).toContain(await guestCount());

    const second = await openImport();
    await watcher.close();
    const pending = second.getByTestId('pending-import');
    await pending.waitFor();
    expect(await pending.textContent()).toContain('An import of 2,000 guests from guests.csv was sent');
    expect([0, ROWS]).toContain(await guestCount());
    await second.getByRole('button', { name: 'Send it again' }).click();
    await second.getByTestId('import-summary').waitFor({ timeout: 120_000 });
    // Once, whether the first request had landed (its answer is given again) or not.
    expect(await second.getByTestId('import-summary').textContent()).toBe('Import finished. 2,000 guests added, 0 guests updated.');
    expect(await guestCount()).toBe(ROWS);
    const households = await host.call<Household[]>('GET', `/occasion/${occasion.id}/households`);
    expect(households).toHaveLength(ROWS / 2);
    expect(households.find((household) => household.name === 'The Family7')).toMatchObject({ addressLine1: '8 Long Road', city: 'Springfield' });

    // Its answer came: nothing is left to send again.
    expect(await second.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('kindly.import.')))).toEqual([]);

    await second.getByRole('button', { name: 'Undo this import' }).click();
    await second.getByTestId('import-undone').waitFor({ timeout: 120_000 });
    expect(await guestCount()).toBe(0);
    expect(await host.call<Household[]>('GET', `/occasion/${occasion.id}/households`)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
