import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, closeContexts, sharedChromium } from '../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';
import { call, seedOccasion, type SeededOccasion } from '../server/test-support/seed-occasion';

/**
 * A host on a phone (390 × 844) in real Chromium against the real server: the guest list shows
 * whole names. Every screen's phone layout (no sideways scroll, no squeezed column, names in view)
 * is `every-screen.e2e.test.ts`'s, over the route table.
 * `npm run build && npx vitest run --project browser dashboard/phone-layout`.
 */

const PHONE = { width: 390, height: 844 };

/** Waits until the screen's content (not a loading state) is there. */
async function settle(page: Page, ready: string): Promise<void> {
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.state--loading'));
}

/** Real-looking addresses (and a long household name) on the first households: what widens tables. */
async function addAddresses(api: string, seed: SeededOccasion): Promise<void> {
  const cookie = seed.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  const households = (await call(api, 'GET', `/host/v1/occasion/${seed.occasionId}/households`, undefined, cookie)) as { id: string }[];
  for (const [i, household] of households.slice(0, 6).entries()) {
    await call(api, 'PUT', `/host/v1/occasion/${seed.occasionId}/household/${household.id}`, {
      ...(i === 0 ? { name: 'The Montgomery-Fitzwilliam and Papadopoulos family' } : {}),
      addressLine1: `${1200 + i} North Lake Shore Boulevard`,
      addressLine2: 'Apartment 4501',
      city: 'Chicago',
      state: 'IL',
      postalCode: '60611',
      country: 'USA',
      phone: '+13125550199',
      email: `household-${i}-with-a-long-address@example.com`,
    }, cookie);
  }
}

describe.skipIf(!chromiumPath)('the dashboard on a phone (390 × 844)', () => {
  let server: LiveServer;
  let browser: Browser;
  let seed: SeededOccasion;

  beforeAll(async () => {
    server = await startLiveServer();
    seed = await seedOccasion(server.url, 120, 'phone-host@example.com');
    await addAddresses(server.url, seed);
    browser = await sharedChromium();
  });

  afterAll(async () => {
    await closeContexts(browser);
    await server?.close();
  });

  async function phone(signedIn: boolean): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    if (signedIn) await context.addCookies(seed.cookies.map(({ name, value }) => ({ name, value, url: server.url })));
    return { context, page: await context.newPage() };
  }

  it('shows whole guest names in the guest list', async () => {
    const { context, page } = await phone(true);
    await page.goto(`${server.url}/occasion/${seed.occasionId}/guests`);
    await settle(page, '[data-guest-id]');
    const names = await page.locator('[data-guest-id] .guest-name').evaluateAll((elements) =>
      elements.map((element) => {
        // The name is cut when it, or the box that clips it, is narrower than its text.
        let clip: Element | null = element;
        let cut = false;
        while (clip && !clip.hasAttribute('data-guest-id')) {
          if (clip.scrollWidth > clip.clientWidth + 1 && getComputedStyle(clip).overflowX !== 'visible') cut = true;
          clip = clip.parentElement;
        }
        const box = element.getBoundingClientRect();
        return { text: element.textContent ?? '', width: box.width, cut, inside: box.right <= window.innerWidth };
      }),
    );
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((name) => name.cut || !name.inside || name.width <= 64)).toEqual([]);
    // Each row keeps its check box and its Edit button in view.
    const first = page.locator('[data-guest-id]').first();
    const name = (await first.locator('.guest-name').textContent())!.trim();
    for (const control of [first.getByRole('checkbox', { name: `Select ${name}` }), first.getByRole('button', { name: `Edit ${name}` })]) {
      const box = (await control.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await context.close();
  });
});
