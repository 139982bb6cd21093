import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchChromium } from '../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';
import { call, seedOccasion, type SeededOccasion } from '../server/test-support/seed-occasion';

/**
 * A host on a phone (390 × 844) in real Chromium against the real server: no screen of a seeded
 * occasion scrolls sideways, and the guest list shows whole names.
 * `npm run build && npx vitest run --project browser dashboard/phone-layout`.
 */

const PHONE = { width: 390, height: 844 };

/** How far the page scrolls sideways: its scroll width beyond the viewport, in CSS px. */
function sidewaysOverflow(page: Page): Promise<{ scrollWidth: number; widest: string }> {
  return page.evaluate((width) => {
    const root = document.documentElement;
    // Name the element that sticks out furthest, to make a failure readable.
    let widest = '';
    let right = width;
    const clipped = (element: Element) => {
      // An absolutely placed box may sit outside every scroller around it: never count it as clipped.
      if (['absolute', 'fixed'].includes(getComputedStyle(element).position)) return false;
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) if (getComputedStyle(up).overflowX !== 'visible') return true;
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.right > right + 0.5 && clipped(element)) continue;
      if (box.right > right + 0.5) {
        right = box.right;
        widest = `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''} (right edge ${Math.round(box.right)} px)`;
      }
    }
    return { scrollWidth: root.scrollWidth, widest };
  }, PHONE.width);
}

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
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function phone(signedIn: boolean): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    if (signedIn) await context.addCookies(seed.cookies.map(({ name, value }) => ({ name, value, url: server.url })));
    return { context, page: await context.newPage() };
  }

  it('scrolls no screen sideways', async () => {
    const screens: [path: string, ready: string][] = [
      ['/auth/sign-in', 'h1'],
      ['/auth/sign-up', 'h1'],
    ];
    const signedInScreens: [path: string, ready: string][] = [
      ['/occasions', '.occasion-list li'],
      ['/occasions/new', '[role=dialog]'],
      [`/occasion/${seed.occasionId}`, 'tr[data-activity]'],
      [`/occasion/${seed.occasionId}/edit`, 'h1'],
      [`/occasion/${seed.occasionId}/schedule`, '[data-activity-name]'],
      [`/occasion/${seed.occasionId}/guests`, '[data-guest-id]'],
      [`/occasion/${seed.occasionId}/guests/grid`, '[role=grid], table'],
      [`/occasion/${seed.occasionId}/guests/attributes`, 'h2, h1'],
      [`/occasion/${seed.occasionId}/guests/import`, 'input[type=file]'],
      [`/occasion/${seed.occasionId}/households`, 'h1'],
      [`/occasion/${seed.occasionId}/households/print`, 'table.codes tbody tr'],
      [`/occasion/${seed.occasionId}/replies`, 'h1'],
      [`/occasion/${seed.occasionId}/emails`, 'table[aria-label=Recipients] tbody tr'],
    ];
    const wide: string[] = [];
    for (const [signedIn, list] of [
      [false, screens],
      [true, signedInScreens],
    ] as const) {
      const { context, page } = await phone(signedIn);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      for (const [path, ready] of list) {
        await page.goto(`${server.url}${path}`);
        await settle(page, ready);
        const { scrollWidth, widest } = await sidewaysOverflow(page);
        if (scrollWidth > PHONE.width) wide.push(`${path}: ${scrollWidth} px wide, widest ${widest}`);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
    expect(wide).toEqual([]);
  });

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
