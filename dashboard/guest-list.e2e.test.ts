import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Guest } from '../core/schemas/guest';
import { chromiumPath, closeContexts, sharedChromium } from '../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';
import { call, seedOccasion, type SeededOccasion } from '../server/test-support/seed-occasion';
import { GUEST_FIRST_PAGE } from '../core/client/screen-data';
import { EMPTY_FILTERS, filterGuests, toRows } from './guests/guest-filters';

/**
 * The virtualised guest list in Chromium against the real server, on 400 guests: the rows its
 * elements are reused for show the right guests after a fast scroll, and the focus stays with the
 * guest it was on. `npm run build && npx vitest run --project browser dashboard/guest-list`.
 */

/** The rows in the DOM, in DOM order: index, guest id, the name shown and the check box's name. */
function rowsShown(page: Page) {
  return page.locator('[data-testid=guest-list] [role=row][data-guest-id]').evaluateAll((rows) =>
    rows.map((row) => ({
      index: Number(row.getAttribute('aria-rowindex')),
      id: row.getAttribute('data-guest-id')!,
      name: row.querySelector('.guest-name')!.textContent!,
      // A name-only row (a step longer than the view, while scrolling) has no check box.
      check: row.querySelector('input[type=checkbox]')?.getAttribute('aria-label') ?? null,
    })),
  );
}

/** The guest whose row holds the focus, if the focus is in a row. */
function focusedGuestId(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.closest('[data-guest-id]')?.getAttribute('data-guest-id') ?? null);
}

/** The rows once the list is at rest: every row whole again (the scroll's end is the virtualiser's timer). */
async function rowsAtRest(page: Page) {
  await page.waitForFunction(() => {
    const rows = [...document.querySelectorAll('[data-testid=guest-list] [role=row][data-guest-id]')];
    return rows.length > 0 && rows.every((row) => row.querySelector('input[type=checkbox]'));
  });
  return rowsShown(page);
}

async function scrollListBy(page: Page, px: number): Promise<void> {
  await page.evaluate((by) => {
    document.querySelector<HTMLElement>('[data-testid=guest-list]')!.scrollTop += by;
  }, px);
  // Two frames: the scroll event's render, then the paint.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

describe.skipIf(!chromiumPath)('the guest list at 400 guests', () => {
  let server: LiveServer;
  let browser: Browser;
  let seed: SeededOccasion;
  let guests: Guest[];
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startLiveServer();
    seed = await seedOccasion(server.url, 400, 'list-host@example.com');
    const cookie = seed.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    guests = (await call(server.url, 'GET', `/host/v1/occasion/${seed.occasionId}/guests`, undefined, cookie)) as Guest[];
    browser = await sharedChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies(seed.cookies.map(({ name, value }) => ({ name, value, url: server.url })));
    page = await context.newPage();
    await page.goto(`${server.url}/occasion/${seed.occasionId}/guests`);
    await page.locator('[data-guest-id]').first().waitFor({ timeout: 30_000 });
  });

  afterAll(async () => {
    await closeContexts(browser);
    await server?.close();
  });

  it('shows, after every scroll, the guests at those places in list order (names alone while it moves more than a view a frame)', async () => {
    const nameOf = (guest: Guest) => `${guest.firstName} ${guest.lastName}`.trim();
    for (const [step, rest] of [[44, false], [2_000, false], [88, false], [5_000, true], [-3_000, false], [10_000, false], [-100_000, true]] as const) {
      await scrollListBy(page, step);
      // While it scrolls the row elements are reused; at rest they are keyed by guest again.
      const rows = rest ? await rowsAtRest(page) : await rowsShown(page);
      expect(rows.length, `after ${step}`).toBeGreaterThan(10);
      expect(rows.map((row) => row.index), `in order after ${step}`).toEqual(rows.map((_, i) => rows[0]!.index + i));
      // Names alone may show only after steps longer than the view (~600 px), and only until the
      // scroll stops (150 ms later, which a loaded machine can pass before these rows are read);
      // whole rows after a shorter step and at rest.
      const mayBeNamesOnly = Math.abs(step) > 1_000 && !rest;
      for (const row of rows) {
        const guest = guests[row.index - 2]!;
        const check = mayBeNamesOnly && row.check === null ? null : `Select ${nameOf(guest)}`;
        expect(row, `after ${step}`).toEqual({ index: row.index, id: guest.id, name: nameOf(guest), check });
      }
    }
  });

  it('keeps the focus with its guest while the list scrolls, and never hands it to another', async () => {
    await scrollListBy(page, -100_000);
    const [, second] = await rowsAtRest(page);
    await page.getByRole('checkbox', { name: second!.check!, exact: true }).focus();
    expect(await focusedGuestId(page)).toBe(second!.id);
    await scrollListBy(page, 44);
    expect(await focusedGuestId(page)).toBe(second!.id);
    // Far past it: the row is gone (or kept), but no other guest's row holds the focus.
    for (const step of [3_000, 3_000, 44]) {
      await scrollListBy(page, step);
      expect([null, second!.id]).toContain(await focusedGuestId(page));
    }
    await page.keyboard.press('Space');
    await scrollListBy(page, -100_000);
    const checked = await page.locator('[data-testid=guest-list] [data-guest-id] input[type=checkbox]:checked').evaluateAll((boxes) => boxes.map((box) => box.closest('[data-guest-id]')!.getAttribute('data-guest-id')));
    expect(checked.filter((id) => id !== second!.id)).toEqual([]);
  });
});

describe.skipIf(!chromiumPath)('the guest list\'s first page, with the whole list held back', () => {
  let server: LiveServer;
  let browser: Browser;
  let seed: SeededOccasion;
  let guests: Guest[];

  beforeAll(async () => {
    server = await startLiveServer();
    seed = await seedOccasion(server.url, 400, 'first-page-host@example.com');
    const cookie = seed.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    guests = (await call(server.url, 'GET', `/host/v1/occasion/${seed.occasionId}/guests`, undefined, cookie)) as Guest[];
    browser = await sharedChromium();
  });

  afterAll(async () => {
    await closeContexts(browser);
    await server?.close();
  });

  /** A page at the guest list whose whole-list request waits until `release()`; its first page does not. */
  async function openHeld() {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies(seed.cookies.map(({ name, value }) => ({ name, value, url: server.url })));
    const page = await context.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const listPath = `/host/v1/occasion/${seed.occasionId}/guests`;
    await page.route(
      (url) => url.pathname === listPath,
      async (route) => {
        if (new URL(route.request().url()).search === '') await held;
        await route.continue();
      },
    );
    // Every text the count's live region ever shows, recorded in the page from its start.
    await page.addInitScript(() => {
      const w = window as unknown as { __statuses: string[] };
      w.__statuses = [];
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid=guest-count]')?.textContent;
        if (text && w.__statuses.at(-1) !== text) w.__statuses.push(text);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(`${server.url}/occasion/${seed.occasionId}/guests`);
    await page.locator('[data-guest-id]').first().waitFor({ timeout: 30_000 });
    return { page, context, release, statuses: () => page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses) };
  }

  it('paints the list\'s first guests before the whole list, then keeps the same rows (same elements) when it comes', async () => {
    const { page, context, release, statuses } = await openHeld();
    const first = await rowsAtRest(page);
    expect(first.length).toBeGreaterThan(5);
    expect(first.map((row) => row.id)).toEqual(guests.slice(0, first.length).map((guest) => guest.id));
    expect(first.map((row) => row.name)).toEqual(guests.slice(0, first.length).map((guest) => `${guest.firstName} ${guest.lastName}`.trim()));
    expect(await page.getByTestId('guest-count').textContent()).toBe('Loading all guests…');
    expect(await page.getByRole('table', { name: 'Guests' }).getAttribute('aria-rowcount')).toBe(String(GUEST_FIRST_PAGE + 1));
    expect(await page.getByRole('button', { name: 'Export CSV' }).isDisabled()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Select every guest shown' }).isDisabled()).toBe(true);
    // The second row's element and the focus in it must survive the whole list's arrival.
    await page.evaluate(() => ((document.querySelectorAll('[data-guest-id]')[1] as HTMLElement & { mark?: number }).mark = 1));
    await page.getByRole('checkbox', { name: first[1]!.check!, exact: true }).focus();

    release();
    await page.getByTestId('guest-count').filter({ hasText: '400 guests' }).waitFor();
    expect(await page.getByRole('table', { name: 'Guests' }).getAttribute('aria-rowcount')).toBe('401');
    const after = await rowsAtRest(page);
    expect(after.slice(0, first.length).map((row) => row.id)).toEqual(first.map((row) => row.id));
    expect(await page.evaluate(() => (document.querySelectorAll('[data-guest-id]')[1] as HTMLElement & { mark?: number }).mark)).toBe(1);
    expect(await focusedGuestId(page)).toBe(first[1]!.id);
    expect(await statuses()).toEqual(['Loading all guests…', '400 guests']);
    await context.close();
  });

  it('never shows a search over the first page as a result: it waits, then shows the whole list\'s', async () => {
    const { page, context, release, statuses } = await openHeld();
    // A name both on the first page and past it, so a partial answer would differ from the whole one.
    const wanted = guests.find((guest, index) => index >= GUEST_FIRST_PAGE && guests.slice(0, GUEST_FIRST_PAGE).some((early) => early.lastName === guest.lastName))!;
    const search = wanted.lastName;
    const whole = filterGuests(toRows(guests), { ...EMPTY_FILTERS, search });
    const partial = filterGuests(toRows(guests.slice(0, GUEST_FIRST_PAGE)), { ...EMPTY_FILTERS, search });
    expect(whole.length).toBeGreaterThan(partial.length);

    const box = page.getByRole('searchbox');
    await box.fill(search);
    await page.getByTestId('filter-waits').waitFor();
    expect(await page.locator('[data-guest-id]').count()).toBe(0);
    expect(await page.getByText('No guest matches').count()).toBe(0);
    expect(await page.getByTestId('guest-count').textContent()).toBe('Loading all guests…');

    release();
    const final = `Showing ${whole.length} of 400 guests`;
    await page.getByTestId('guest-count').filter({ hasText: final }).waitFor();
    const ids = (await rowsAtRest(page)).map((row) => row.id);
    expect(ids).toEqual(whole.slice(0, ids.length).map((row) => row.guest.id));
    // Between the search and the whole list, the count never showed a result.
    expect(await statuses()).toEqual(['Loading all guests…', final]);
    await context.close();
  });
});
