import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, closeContexts, sharedChromium } from '../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';
import { verifyAccount } from '../server/test-support/verify-account';
import { call, seedOccasion, type SeededOccasion } from '../server/test-support/seed-occasion';
import { expectAccessible, expectReadableOnPhone, holdRequests } from './e2e-checks';
import { screenPaths } from './routes';

/**
 * Every screen of the dashboard, and every dialog its buttons open, at a desktop's and a phone's
 * size in real Chromium against the real server: axe-core finds no serious or critical violation,
 * and on the phone (390 × 844) each screen reads without sideways scrolling, with no squeezed
 * column and each row's name in view. The screens come from the route table (`routes.ts`), so a
 * screen added to the app is visited here too.
 * `npm run build && npx vitest run --project browser dashboard/every-screen`.
 */

const SIZES = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/** A button whose name starts so opens a dialog (or asks before doing anything). */
const OPENS_DIALOG = /^(New|Add|Edit|Open|Send|Delete|Invite)\b/;

/** The server's own pages the dashboard links to, outside its router (each has a browser test of its own). */
const SERVER_PAGES: readonly string[] = ['/api-reference'];

/** Whether `path` is one of the route table's screens (`:occasionId` stands for any id). */
function isScreen(path: string): boolean {
  return screenPaths().some((screen) => new RegExp(`^${screen.path.replace(':occasionId', '[\\w-]+')}/?$`).test(path));
}

/** A state of a screen: what it is, and how to leave it once it has been checked. */
interface ScreenState {
  what: string;
  leave?: () => Promise<void>;
}

/**
 * A screen's states beyond its first look, by route path: the overview's replies as a table, the
 * invitation grid while a cell is saving.
 */
const STATES: Record<string, (page: Page) => Promise<ScreenState>> = {
  '/occasion/:occasionId': async (page) => {
    await page.getByRole('button', { name: 'Show as table' }).click();
    await page.getByTestId('replies-table').waitFor();
    return { what: 'the replies as a table' };
  },
  '/occasion/:occasionId/guests/grid': async (page) => {
    // The write is held back until the cell has been checked while it saves.
    const letWriteThrough = await holdRequests(page, '**/invite-lines');
    await page.locator('[role=gridcell][data-response=PENDING]').first().click();
    const saving = page.locator('[role=gridcell][aria-busy=true]');
    await saving.waitFor();
    return {
      what: 'a cell saving',
      leave: async () => {
        letWriteThrough();
        await saving.waitFor({ state: 'detached' });
      },
    };
  },
};

/** Buttons whose name reads like a dialog's but that act at once (a form's submit, opening a household at the door). */
const ACT_AT_ONCE: readonly string[] = ['/auth/forgot-password: Send me a link', '/occasion/:occasionId/door: Open'];

/** The page's requests under way, counted from the browser's own events. */
const underWay = new WeakMap<Page, Set<unknown>>();

function countRequests(page: Page): void {
  const requests = new Set<unknown>();
  underWay.set(page, requests);
  page.on('request', (request) => requests.add(request));
  page.on('requestfinished', (request) => requests.delete(request));
  page.on('requestfailed', (request) => requests.delete(request));
}

/**
 * Waits until no request is under way, still none after the page drew a frame (an answer may
 * start another): the screen has what it asked for. Exact where `networkidle` waits 500 ms.
 */
async function networkQuiet(page: Page): Promise<void> {
  const requests = underWay.get(page)!;
  for (;;) {
    while (requests.size > 0) await new Promise((done) => setTimeout(done, 20));
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
    if (requests.size === 0) return;
  }
}

/** Waits for the screen's content: the main landmark, no loading state, the network quiet. */
async function settle(page: Page): Promise<void> {
  await page.locator('main, #main').first().waitFor({ timeout: 30_000 });
  await networkQuiet(page);
  // Nothing loading or busy: a long list is read in slices after its answer arrived.
  await page.waitForFunction(() => !document.querySelector('.state--loading, [aria-busy=true]'), undefined, { timeout: 30_000 });
  await networkQuiet(page);
}

/** Runs `check`, keeping its failure's message instead of stopping at the first. */
async function collect(failures: string[], check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    const actual = (error as { actual?: unknown }).actual;
    failures.push(`${error instanceof Error ? error.message.split('\n')[0] : String(error)}${actual === undefined ? '' : `: ${JSON.stringify(actual)}`}`);
  }
}

/** Reads a household's reply into the server as its guests would, with a message. */
async function reply(server: string, occasionId: string, inviteCode: string): Promise<void> {
  const signIn = await fetch(`${server}/event/v1/auth/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ occasionId, inviteCode }),
  });
  if (!signIn.ok) throw new Error(`guest sign-in: ${signIn.status} ${await signIn.text()}`);
  const { token } = (await signIn.json()) as { token: string };
  const household = (await (await fetch(`${server}/event/v1/household`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    guests?: { id: string; invitations?: { activityId: string }[] }[];
  };
  const responses = (household.guests ?? []).flatMap((guest) => (guest.invitations ?? []).map(({ activityId }) => ({ guestId: guest.id, activityId, response: 'DECLINED' })));
  const sent = await fetch(`${server}/event/v1/rsvp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ responses, message: 'Sorry to miss it, have a wonderful day!' }),
  });
  if (sent.status >= 300 && sent.status !== 409) throw new Error(`rsvp: ${sent.status} ${await sent.text()}`);
}

describe.skipIf(!chromiumPath)('every screen and dialog', () => {
  let server: LiveServer;
  let browser: Browser;
  let seed: SeededOccasion;
  /** The dialogs opened, `path: button`. */
  const dialogs: string[] = [];

  beforeAll(async () => {
    server = await startLiveServer();
    seed = await seedOccasion(server.url, 40, 'every-screen@example.com');
    // The host sends invitations below: verified, as after opening the link.
    await verifyAccount(server.deps.db, 'every-screen@example.com');
    const cookie = seed.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    const host = (method: string, path: string, body?: unknown) => call(server.url, method, `/host/v1/occasion/${seed.occasionId}${path}`, body, cookie);
    const households = (await host('GET', '/households')) as { id: string; inviteCode: string }[];
    for (const [i, household] of households.slice(0, 4).entries()) {
      await host('PUT', `/household/${household.id}`, {
        ...(i === 0 ? { name: 'The Montgomery-Fitzwilliam and Papadopoulos family' } : {}),
        addressLine1: `${1200 + i} North Lake Shore Boulevard`,
        city: 'Chicago',
        state: 'IL',
        postalCode: '60611',
        country: 'USA',
        phone: '+13125550199',
        email: `household-${i}@example.com`,
      });
    }
    await host('POST', '/question', { kind: 'SHORT_TEXT', prompt: 'Which song gets you dancing?', sortOrder: 1 });
    await host('POST', '/question', { kind: 'YES_NO', prompt: 'Will you take the shuttle?', sortOrder: 2 });
    await host('PUT', '', { rsvpPageUrl: 'https://example.com/rsvp', allowedOrigins: ['https://example.com'] });
    await host('POST', '/emails', { kind: 'INVITATION', householdIds: [households[1]!.id] });
    await reply(server.url, seed.occasionId, households[2]!.inviteCode).catch((error: unknown) => console.warn(`no seeded reply: ${String(error)}`));
    browser = await sharedChromium();
  });

  afterAll(async () => {
    await closeContexts(browser);
    await server?.close();
  });

  it('takes every screen from the route table', () => {
    const paths = screenPaths().map((screen) => screen.path);
    // The table holds what the routers answer; a few that must be there whatever else is added.
    for (const path of ['/auth/sign-in', '/occasions', '/occasion/:occasionId', '/occasion/:occasionId/guests/grid', '/occasion/:occasionId/households', '/occasion/:occasionId/questions', '/occasion/:occasionId/emails', '/occasion/:occasionId/replies']) {
      expect(paths).toContain(path);
    }
    expect(new Set(paths).size).toBe(paths.length);
  });

  for (const [size, viewport] of Object.entries(SIZES)) {
    // Some thirty screens and their dialogs, each checked by axe: 45 s alone on a 2-core machine,
    // and over two minutes while the other browser files run beside it.
    it(`passes axe${size === 'phone' ? ' and reads on a phone' : ''} on every screen and dialog (${size})`, { timeout: 300_000 }, async () => {
      const phone = size === 'phone';
      const failures: string[] = [];
      const visited: string[] = [];
      const linked = new Set<string>();
      for (const signedIn of [false, true]) {
        const context: BrowserContext = await browser.newContext({ viewport, ...(phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}) });
        if (signedIn) await context.addCookies(seed.cookies.map(({ name, value }) => ({ name, value, url: server.url })));
        const page = await context.newPage();
        countRequests(page);
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        for (const screen of screenPaths().filter((entry) => entry.signedIn === signedIn)) {
          const url = screen.path.replace(':occasionId', seed.occasionId);
          await page.goto(`${server.url}${url}`);
          await settle(page);
          expect(new URL(page.url()).pathname, `${screen.path} is shown, not redirected`).toBe(url);
          visited.push(screen.path);
          // Every screen the app links to is in the route table (so it is visited here too).
          const links = await page.locator('a[href^="/"]').evaluateAll((anchors) => anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname));
          for (const link of links) {
            linked.add(link.replace(seed.occasionId, ':occasionId'));
            if (!isScreen(link) && !SERVER_PAGES.includes(link)) failures.push(`${screen.path} links to ${link}, which is not in routes.ts`);
          }
          await collect(failures, () => expectAccessible(page, `${screen.path} (${size})`));
          if (phone) await collect(failures, () => expectReadableOnPhone(page, screen.path));
          await openEachDialog(page, screen.path, size, failures);
          const state = STATES[screen.path];
          if (state) {
            const { what, leave } = await state(page);
            await collect(failures, () => expectAccessible(page, `${screen.path}, ${what} (${size})`));
            if (phone) await collect(failures, () => expectReadableOnPhone(page, `${screen.path}, ${what}`));
            await leave?.();
          }
        }
        expect(errors, `page errors (${size})`).toEqual([]);
        await context.close();
      }
      expect(visited).toEqual(screenPaths().map((screen) => screen.path));
      // The tabs, the guest and household tools, the sign-in and sign-up links were all seen.
      expect(linked.size).toBeGreaterThanOrEqual(12);
      // The buttons were found: each screen known to open dialogs opened some.
      for (const [screen, button] of [
        ['/occasions', 'New occasion'],
        ['/occasion/:occasionId/schedule', 'Add activity'],
        ['/occasion/:occasionId/guests', 'Edit '],
        ['/occasion/:occasionId/households', 'Edit '],
        ['/occasion/:occasionId/questions', 'Edit '],
        ['/occasion/:occasionId/emails', 'Send invitations'],
        ['/occasion/:occasionId/emails', 'Open '],
        ['/occasion/:occasionId/edit', 'Delete occasion'],
      ] as const) {
        expect(dialogs.some((dialog) => dialog.startsWith(`${screen}: ${button}`)), `a dialog from "${button}" on ${screen}`).toBe(true);
      }
      dialogs.length = 0;
      expect(failures).toEqual([]);
    });
  }

  /** Opens each kind of dialog the screen's buttons open (the first button of each first word), checks it, and closes it. */
  async function openEachDialog(page: Page, path: string, size: string, failures: string[]): Promise<void> {
    // A screen that is a dialog (`/occasions/new`) has been checked as it is.
    if (await page.locator('[role=dialog], [role=alertdialog]').count()) return;
    const buttons = page.locator('main button:visible, main [role=button]:visible');
    const names = await buttons.evaluateAll((elements) =>
      elements.map((element) => ({
        name: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
        disabled: element.hasAttribute('disabled') || element.getAttribute('aria-disabled') === 'true',
      })),
    );
    const kinds = new Map<string, number>();
    names.forEach(({ name, disabled }, index) => {
      const kind = OPENS_DIALOG.exec(name)?.[1];
      if (kind && !disabled && !kinds.has(kind)) kinds.set(kind, index);
    });
    for (const index of kinds.values()) {
      const name = names[index]!.name;
      if (ACT_AT_ONCE.includes(`${path}: ${name}`)) continue;
      // Found again by name: buttons may have come or gone since the list was read (a filter's
      // toggle rendered once its options loaded), which would move an index onto another one.
      const now = await buttons.evaluateAll((elements) => elements.map((element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim()));
      expect(now, `${path}: the button "${name}" is still there`).toContain(name);
      await buttons.nth(now.indexOf(name)).click({ timeout: 10_000 });
      const dialog = page.locator('[role=dialog], [role=alertdialog]').first();
      const opened = await dialog
        .waitFor({ timeout: 3_000 })
        .then(() => true)
        .catch(() => false);
      if (!opened) continue;
      await networkQuiet(page);
      await page.waitForFunction(() => !document.querySelector('[role=dialog] .state--loading, [role=alertdialog] .state--loading'));
      dialogs.push(`${path}: ${name}`);
      await collect(failures, () => expectAccessible(page, `${path}, dialog from "${name}" (${size})`));
      if (size === 'phone') await collect(failures, () => expectReadableOnPhone(page, `${path}, dialog from "${name}"`));
      await page.keyboard.press('Escape');
      if (await dialog.isVisible().catch(() => false)) await dialog.getByRole('button', { name: /^(Cancel|Close)$/ }).first().click();
      await dialog.waitFor({ state: 'detached', timeout: 5_000 });
    }
  }
});
