import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, closeContexts, sharedChromium } from '../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';
import { call, seedOccasion, type SeededOccasion } from '../server/test-support/seed-occasion';
import { expectAccessible, expectReadableOnPhone, field, holdRequests } from './e2e-checks';

/**
 * A host on a phone and on a connection that drops, in real Chromium against the real server:
 * the households list shows names at 390 px, an offline save says so beside its button and keeps
 * what was typed, one "Try again" brings a whole screen back, and the editable invitation grid
 * passes axe. `npm run build && npx vitest run --project browser dashboard/phone-and-offline`.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

describe.skipIf(!chromiumPath)('a host on a phone and a bad connection', () => {
  let server: LiveServer;
  let browser: Browser;
  let seed: SeededOccasion;
  let cookie: string;

  beforeAll(async () => {
    server = await startLiveServer();
    seed = await seedOccasion(server.url, 60, 'offline-host@example.com');
    cookie = seed.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    const households = (await call(server.url, 'GET', `/host/v1/occasion/${seed.occasionId}/households`, undefined, cookie)) as { id: string }[];
    // What widened the list's other columns: a long address and a long name.
    await call(server.url, 'PUT', `/host/v1/occasion/${seed.occasionId}/household/${households[0]!.id}`, {
      name: 'The Montgomery-Fitzwilliam and Papadopoulos family',
      addressLine1: '1200 North Lake Shore Boulevard',
      addressLine2: 'Apartment 4501',
      city: 'Chicago',
      state: 'IL',
      postalCode: '60611',
      country: 'USA',
      phone: '+13125550199',
    }, cookie);
    for (const [sortOrder, prompt] of ['Which song gets you dancing?', 'Will you take the shuttle?'].entries()) {
      await call(server.url, 'POST', `/host/v1/occasion/${seed.occasionId}/question`, { kind: 'SHORT_TEXT', prompt, sortOrder }, cookie);
    }
    browser = await sharedChromium();
  });

  afterAll(async () => {
    await closeContexts(browser);
    await server?.close();
  });

  async function open(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const phone = viewport.width < 640;
    const context = await browser.newContext({ viewport, ...(phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}) });
    await context.addCookies(seed.cookies.map(({ name, value }) => ({ name, value, url: server.url })));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    return { context, page, errors };
  }

  /** Every host API call fails as it does offline (the page itself is already loaded or cached). */
  const apiDown = (context: BrowserContext) => context.route('**/host/v1/**', (route) => route.abort('internetdisconnected'));
  const apiBack = (context: BrowserContext) => context.unroute('**/host/v1/**');

  it('shows each household by its name, first and whole, at 390 px', async () => {
    const { context, page, errors } = await open(PHONE);
    await page.goto(`${server.url}/occasion/${seed.occasionId}/households`);
    await page.locator('[data-household-id]').first().waitFor();
    await expectReadableOnPhone(page, 'households');
    await field(page, 'Search households or members').locator('input').fill('Montgomery');
    const first = page.locator('[data-household-id]').first();
    const name = first.locator('td').first();
    await expect.poll(() => name.textContent()).toBe('The Montgomery-Fitzwilliam and Papadopoulos family');
    await expectReadableOnPhone(page, 'households, the long name');
    const box = (await name.boundingBox())!;
    // The name is the card's first line, inside the screen, and not cut.
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await name.evaluate((cell) => cell.scrollWidth <= cell.clientWidth + 1)).toBe(true);
    for (const cell of await first.locator('td').all()) expect((await cell.boundingBox())!.y).toBeGreaterThanOrEqual(box.y - 1);
    await expect.poll(() => first.getByRole('button', { name: /^Edit / }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says why an offline save failed beside the Save button, moves focus there and keeps what was typed', async () => {
    const { context, page, errors } = await open(PHONE);
    await page.goto(`${server.url}/occasion/${seed.occasionId}/guests`);
    const row = page.locator('[data-guest-id]').first();
    await row.waitFor();
    await page.waitForFunction(() => !document.querySelector('.state--loading'));
    await row.getByRole('button', { name: /^Edit / }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await field(dialog, 'First name').locator('input').fill('Rosalind');
    await field(dialog, 'Email').locator('input').fill('rosalind@example.com');
    await apiDown(context);
    const save = dialog.getByRole('button', { name: 'Save guest', exact: true });
    await save.scrollIntoViewIfNeeded();
    await save.click();

    const alert = dialog.getByRole('alert').filter({ hasText: /.+/ });
    await alert.first().waitFor();
    // Focus is on the message, which is in view and next to the button that was pressed.
    const focused = await page.evaluate(() => ({ role: document.activeElement?.getAttribute('role'), text: document.activeElement?.textContent ?? '' }));
    expect(focused.role).toBe('alert');
    expect(focused.text).toMatch(/\w/);
    const message = (await page.locator(':focus').boundingBox())!;
    const button = (await save.boundingBox())!;
    expect(message.y).toBeGreaterThanOrEqual(0);
    expect(message.y + message.height).toBeLessThanOrEqual(PHONE.height);
    expect(Math.abs(button.y - (message.y + message.height))).toBeLessThan(120);
    // What the host typed is still there, and saving again once the server is back keeps it.
    expect(await field(dialog, 'First name').locator('input').inputValue()).toBe('Rosalind');
    expect(await field(dialog, 'Email').locator('input').inputValue()).toBe('rosalind@example.com');
    await apiBack(context);
    await save.click();
    await dialog.waitFor({ state: 'detached' });
    const guests = (await call(server.url, 'GET', `/host/v1/occasion/${seed.occasionId}/guests`, undefined, cookie)) as { firstName: string; email: string }[];
    expect(guests.some((guest) => guest.firstName === 'Rosalind' && guest.email === 'rosalind@example.com')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says where the host acted when a grid cell or a question move is not saved offline', async () => {
    const { context, page, errors } = await open(PHONE);
    await page.goto(`${server.url}/occasion/${seed.occasionId}/guests/grid`);
    const grid = page.getByRole('grid', { name: 'Invitation grid' });
    const cell = grid.locator('[data-response=PENDING]').first();
    await cell.waitFor();
    const key = (await cell.getAttribute('data-cell'))!;
    await apiDown(context);
    await cell.click();
    const same = grid.locator(`[data-cell="${key}"]`);
    await expect.poll(() => same.innerText()).toContain('Not saved');
    // The focus stays on the cell, whose name now says it was not saved; the answer is unchanged.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-cell'))).toBe(key);
    expect(await same.getAttribute('aria-label')).toMatch(/Pending, Not saved: /);
    expect(await same.getAttribute('data-response')).toBe('PENDING');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: /could not be uninvited/ }).count()).toBe(1);
    await apiBack(context);
    await same.click();
    await expect.poll(() => same.innerText()).toBe('Not invited');

    await page.goto(`${server.url}/occasion/${seed.occasionId}/questions`);
    const down = page.getByRole('button', { name: 'Move Which song gets you dancing? down' });
    await down.waitFor();
    await apiDown(context);
    await down.click();
    const message = page.locator(':focus');
    await expect.poll(() => message.getAttribute('role')).toBe('alert');
    expect(await message.textContent()).toMatch(/“Which song gets you dancing\?” could not be moved/);
    // Beside the buttons of the question that was moved.
    const card = page.getByRole('listitem').filter({ has: down });
    expect(await card.locator('[role=alert]').count()).toBe(1);
    await apiBack(context);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('keeps a delete that failed offline in its confirmation, with the reason beside its button', async () => {
    const { context, page, errors } = await open(PHONE);
    await page.goto(`${server.url}/occasion/${seed.occasionId}/households`);
    const row = page.locator('[data-household-id]').first();
    await row.waitFor();
    const id = (await row.getAttribute('data-household-id'))!;
    await row.getByRole('button', { name: /^Edit / }).click();
    await page.getByRole('dialog').getByRole('button', { name: /^Delete household/ }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    await apiDown(context);
    await confirm.getByRole('button', { name: 'Delete household' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
    expect(await confirm.getByRole('alert').count()).toBe(1);
    await apiBack(context);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    const households = (await call(server.url, 'GET', `/host/v1/occasion/${seed.occasionId}/households`, undefined, cookie)) as { id: string }[];
    expect(households.some((household) => household.id === id)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('brings the whole guest screen back with one "Try again" after loading it offline', async () => {
    const { context, page, errors } = await open(DESKTOP);
    await apiDown(context);
    await page.goto(`${server.url}/occasion/${seed.occasionId}/guests`);
    const tryAgain = page.getByRole('button', { name: 'Try again' });
    await tryAgain.first().waitFor();
    await apiBack(context);
    await tryAgain.first().click();
    await page.locator('[data-guest-id]').first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => !document.querySelector('.state--loading'));
    expect(await page.locator('.state--error').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^60 guests/ }).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('brings every failed part of a screen back with one "Try again" when only some requests failed', async () => {
    const { context, page, errors } = await open(DESKTOP);
    // The session and the occasion come; every list under it (meals, households, history, replies) fails.
    const lists = /\/host\/v1\/occasion\/[^/]+\/[a-z-]+/;
    await context.route(lists, (route) => route.abort('internetdisconnected'));
    await page.goto(`${server.url}/occasion/${seed.occasionId}`);
    const tryAgain = page.getByRole('button', { name: 'Try again' });
    await expect.poll(() => tryAgain.count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await page.waitForLoadState('networkidle');
    await context.unroute(lists);
    await tryAgain.first().click();
    await expect.poll(() => page.locator('.state--error').count(), { timeout: 15_000 }).toBe(0);
    await page.waitForFunction(() => !document.querySelector('.state--loading'));
    expect(await tryAgain.count()).toBe(0);
    await page.locator('tr[data-activity]').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the overview when its chart’s code does not come, and draws the chart after its "Try again"', async () => {
    const { context, page, errors } = await open(DESKTOP);
    await context.route('**/assets/replies-plot-*', (route) => route.abort('internetdisconnected'));
    await page.goto(`${server.url}/occasion/${seed.occasionId}`);
    const chartFailed = page.getByRole('alert').filter({ hasText: 'Could not load the chart.' });
    await chartFailed.waitFor();
    // The rest of the screen and the navigation stay.
    await page.locator('tr[data-activity]').first().waitFor();
    expect(await page.getByRole('link', { name: 'Replies' }).isVisible()).toBe(true);
    expect(await page.locator('.error-screen').count()).toBe(0);
    await context.unroute('**/assets/replies-plot-*');
    await chartFailed.getByRole('button', { name: 'Try again' }).click();
    await page.locator('.replies-chart .uplot').waitFor();
    expect(await chartFailed.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('brings back a screen whose code did not load with one "Try again"', async () => {
    const { context, page } = await open(DESKTOP);
    await page.goto(`${server.url}/occasion/${seed.occasionId}`);
    await page.locator('tr[data-activity]').first().waitFor();
    // The overview's own code has all come (its chart's last): what fails is the next screen's.
    await page.locator('.replies-chart .uplot').waitFor();
    await context.route('**/assets/**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('link', { name: 'Replies' }).click();
    const tryAgain = page.getByRole('button', { name: 'Try again' });
    await tryAgain.waitFor();
    await context.unroute('**/assets/**');
    await tryAgain.click();
    await page.getByRole('heading', { name: 'Replies' }).first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.state--loading'));
    expect(await page.locator('.state--error, .error-screen').count()).toBe(0);
    await context.close();
  });

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`passes axe on the editable invitation grid while a cell is being changed and while an uninvite is asked (${size})`, async () => {
      const { context, page, errors } = await open(viewport);
      await page.goto(`${server.url}/occasion/${seed.occasionId}/guests/grid`);
      const grid = page.getByRole('grid', { name: 'Invitation grid' });
      await grid.locator('[data-response=ATTENDING]').first().waitFor();
      await page.waitForFunction(() => !document.querySelector('.state--loading'));
      await expectAccessible(page, `invitation grid (${size})`);
      // A cell with a meal: its name holds its visible words.
      const withMeal = grid.locator('[data-response=ATTENDING]').filter({ hasText: 'Fish' }).first();
      const label = (await withMeal.getAttribute('aria-label'))!;
      const visible = (await withMeal.innerText()).replace(/\s+/g, ' ').trim();
      expect(visible).toBe('Attending Fish');
      expect(label.replace(/[,:]/g, '')).toContain(visible);
      // Editing: a pending cell uninvited (no question), then an answered cell (asks first).
      const pending = grid.locator('[data-response=PENDING]').first();
      // The write is held back until the cell has been checked while it saves.
      const letWriteThrough = await holdRequests(page, '**/invite-lines');
      await pending.click();
      await grid.locator('[aria-busy=true]').waitFor();
      await expectAccessible(page, `invitation grid, a cell saving (${size})`);
      letWriteThrough();
      await page.getByTestId('grid-notice').filter({ hasText: /uninvited from/ }).waitFor();
      await withMeal.click();
      const confirm = page.getByRole('alertdialog');
      await confirm.waitFor();
      await expectAccessible(page, `invitation grid, uninvite asked (${size})`);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      await expectAccessible(page, `invitation grid after editing (${size})`);
      if (size === 'phone') await expectReadableOnPhone(page, 'invitation grid');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
