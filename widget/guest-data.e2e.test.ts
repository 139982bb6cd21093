/**
 * A guest's own data in real Chromium, cross-site as in `widget.e2e.test.ts`: on the example
 * wedding page a guest opens the privacy note, downloads the household's data and asks for
 * erasure; the host sees the request on the dashboard's overview and confirms it. Needs the
 * built widget, dashboard and examples (`npm run build`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HouseholdData } from '../core/schemas/guest-data';
import { signUpInContext } from '../dashboard/e2e-host';
import { startExamplesServer, type ExamplesServer } from '../server/frontends/serve-examples';
import { chromiumPath, closeContexts, sharedChromium } from '../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';

const built = existsSync(resolve('dist/widget/widget.js')) && existsSync(resolve('dist/dashboard/index.html'));

/** Polls until the value matches (the browser, the API's sign-in floor, routing: give it time). */
const eventually = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 15_000 });

describe.skipIf(!chromiumPath || !built)("a guest's own data, from the widget to the hosts' dashboard (Chromium)", () => {
  let live: LiveServer;
  let examples: ExamplesServer;
  let browser: Browser;
  beforeAll(async () => {
    live = await startLiveServer();
    examples = await startExamplesServer({ port: 0, examplesDir: 'examples', distDir: 'dist', apiOrigin: live.url });
    browser = await sharedChromium();
  });
  afterAll(async () => {
    await closeContexts(browser);
    await examples?.close();
    await live?.close();
  });

  it('opens the privacy note, downloads the data and asks for erasure; the host confirms it on the overview', async () => {
    const hostContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const host = await signUpInContext(hostContext, live.url);
    const occasion = await host.call<{ id: string }>('POST', '/occasion', { title: 'Sam & Alex', startDate: '2027-06-11', endDate: '2027-06-12', allowedOrigins: [examples.url] });
    const base = `/occasion/${occasion.id}`;
    const ceremony = await host.call<{ id: string }>('POST', `${base}/activity`, { name: 'Ceremony', startsAt: '2027-06-11T20:00:00.000Z' });
    const smiths = await host.call<{ id: string; inviteCode: string }>('POST', `${base}/household`, { name: 'The Smiths', city: 'Springfield' });
    const jane = await host.call<{ id: string }>('POST', `${base}/guest`, { householdId: smiths.id, firstName: 'Jane', lastName: 'Smith', email: 'jane@example.com' });
    await host.call('POST', `${base}/invite-line`, { guestId: jane.id, activityId: ceremony.id });
    await host.call('PUT', `${base}/privacy-note`, { privacyNote: 'We keep your answers until the end of June, then delete them.' });

    const guestContext = await browser.newContext({ viewport: { width: 900, height: 1000 }, acceptDownloads: true });
    const page = await guestContext.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${examples.url}/wedding/?occasion=${occasion.id}`);
    const w = page.locator('kindly-rsvp');
    await w.getByLabel('Invite code').fill(smiths.inviteCode);
    await w.getByRole('button', { name: 'Continue' }).click();
    await eventually(() => w.getByRole('heading', { name: 'Sam & Alex' }).isVisible()).toBe(true);

    // The privacy note: asked for when opened.
    await w.locator('summary', { hasText: 'Privacy' }).click();
    await eventually(() => w.getByText('We keep your answers until the end of June, then delete them.').isVisible()).toBe(true);

    // The download: a JSON file of the household.
    const [download] = await Promise.all([page.waitForEvent('download'), w.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toBe('my-data.json');
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as HouseholdData;
    expect(data.household.name).toBe('The Smiths');
    expect(data.guests.map((g) => [g.firstName, g.email])).toEqual([['Jane', 'jane@example.com']]);

    // The erasure request, with a message.
    await w.locator('summary', { hasText: 'Ask to erase my data' }).click();
    await w.getByLabel('Note for the hosts (optional)').fill('Please remove us, we cannot come.');
    await w.getByRole('button', { name: 'Send request' }).click();
    await eventually(() => w.getByText('Your request was sent to the hosts.').isVisible()).toBe(true);
    expect(errors).toEqual([]);

    // The host sees it on the overview and confirms: the household is erased.
    const dashboard = await hostContext.newPage();
    await dashboard.goto(`${live.url}${base}`);
    const requests = dashboard.getByRole('region', { name: 'Requests to erase guests’ data' });
    await eventually(() => requests.isVisible()).toBe(true);
    expect(await requests.textContent()).toContain('Please remove us, we cannot come.');
    expect(await requests.textContent()).toContain('Jane Smith');
    await requests.getByRole('button', { name: 'Confirm and erase The Smiths' }).click();
    await eventually(() => requests.isVisible()).toBe(false);
    const households = await host.call<Array<{ id: string }>>('GET', `${base}/households`);
    expect(households.map((h) => h.id)).not.toContain(smiths.id);
    await hostContext.close();
    await guestContext.close();
  });
});
