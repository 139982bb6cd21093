import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, closeContexts, sharedChromium } from '../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';
import { expectAccessible, field, reportCspViolations } from './e2e-checks';
import { signUpInContext } from './e2e-host';

/**
 * The RSVP page's address in the occasion's settings, in Chromium: a taken address is named
 * under the field, a free one shows the page's full address to copy and a link that opens it.
 * `npm run build && npx vitest run --project browser dashboard/rsvp-page`.
 */

const eventually = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 20_000 });

describe.skipIf(!chromiumPath)('the RSVP page section of the occasion settings in Chromium', () => {
  let live: LiveServer;
  let browser: Browser;
  beforeAll(async () => {
    live = await startLiveServer();
    browser = await sharedChromium();
  });
  afterAll(async () => {
    await closeContexts(browser);
    await live?.close();
  });

  it('sets the address, refuses a taken one, copies the full address and opens the page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: live.url });
    const violations: string[] = [];
    await reportCspViolations(context, violations);
    const host = await signUpInContext(context, live.url);
    const other = await host.call<{ id: string }>('POST', '/occasion', { title: 'Reunion', startDate: '2027-06-12', endDate: '2027-06-13' });
    await host.call('PUT', `/occasion/${other.id}/slug`, { slug: 'taken-page' });
    const occasion = await host.call<{ id: string }>('POST', '/occasion', { title: 'Sam & Alex', startDate: '2027-06-12', endDate: '2027-06-13' });

    const page = await context.newPage();
    await page.goto(`${live.url}/occasion/${occasion.id}/edit`);
    const section = page.getByRole('form', { name: 'RSVP page' });
    const input = field(section, 'Page address').locator('input');
    await eventually(() => input.isVisible()).toBe(true);

    await input.fill('Sam & Alex');
    await section.getByRole('button', { name: 'Save page address' }).click();
    await eventually(() => input.getAttribute('aria-invalid')).toBe('true');
    await input.fill('taken-page');
    await section.getByRole('button', { name: 'Save page address' }).click();
    await eventually(() => section.getByText('Another occasion already uses this page address. Choose another.').first().isVisible()).toBe(true);
    expect((await host.call<{ slug: string | null }>('GET', `/occasion/${occasion.id}`)).slug).toBeNull();

    await input.fill('sam-and-alex');
    await section.getByRole('button', { name: 'Save page address' }).click();
    const address = `${live.url}/r/sam-and-alex`;
    await eventually(() => section.getByText(address, { exact: true }).isVisible()).toBe(true);
    expect((await host.call<{ slug: string | null }>('GET', `/occasion/${occasion.id}`)).slug).toBe('sam-and-alex');
    await expectAccessible(page, 'settings with an RSVP page');

    await section.getByRole('button', { name: 'Copy address' }).click();
    await eventually(() => page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    const [opened] = await Promise.all([context.waitForEvent('page'), section.getByRole('link', { name: 'Open the page' }).click()]);
    await opened.waitForLoadState();
    expect(opened.url()).toBe(address);
    expect(await opened.title()).toBe('Sam & Alex');
    expect(violations).toEqual([]);
    await context.close();
  });
});
