import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, closeContexts, sharedChromium } from '../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';
import { parseCsv } from './csv/csv-file';
import { choose, expectAccessible, field, reportCspViolations, typeDate } from './e2e-checks';
import { signUpInContext } from './e2e-host';

/**
 * The dashboard in real headless Chromium against the real server on a fresh database:
 * `npx vite build && npx tsup && npx vitest run --project browser dashboard`.
 */

const FIRST = ['Ana', 'Bruno', 'Chloé', 'Dmitri', 'Esme', 'Farid', 'Greta', 'Hiro', 'Ines', 'Jonas'];
const PARTNER = ['Kai', 'Lena', 'Mateo', 'Nadia', 'Oscar', 'Priya', 'Quinn', 'Rosa', 'Sven', 'Tomás'];
const LAST = ['Smith', 'García', 'Okafor', 'Müller', 'Tanaka', 'Rossi', 'Novak', 'Dubois', 'Silva', 'Kim', 'Haddad', 'Cohen'];

interface PlannedRow {
  first: string;
  last: string;
  partner: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  email: string;
  phone: string;
}

/** 120 rows in another planner's columns; the first 80 with a partner: 200 guests. */
function plannerRows(): PlannedRow[] {
  return Array.from({ length: 120 }, (_, i) => {
    const canadian = i % 7 === 0;
    return {
      first: FIRST[i % 10]!,
      last: LAST[Math.floor(i / 10)]!,
      partner: i < 80 ? PARTNER[i % 10]! : '',
      street: `${i + 1} Maple Street`,
      city: canadian ? 'Toronto' : 'Springfield',
      state: canadian ? 'Ontario' : 'Illinois',
      zip: canadian ? 'M5V 2T6' : '62701',
      country: canadian ? 'Canada' : 'United States',
      email: `guest${i}@example.com`,
      phone: `555-010-${String(1000 + i)}`,
    };
  });
}

function plannerCsv(rows: PlannedRow[]): string {
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const header =
    'First Name,Last Name,Partner First Name,Partner Last Name,Street Address,Street Address (line 2),City,State / Region,Zip / Postal Code,Country,Email,Phone';
  const lines = rows.map((row) =>
    [row.first, row.last, row.partner, row.partner ? row.last : '', row.street, '', row.city, row.state, row.zip, row.country, row.email, row.phone]
      .map(quote)
      .join(','),
  );
  return [header, ...lines].join('\r\n');
}


describe.skipIf(!chromiumPath)('dashboard in Chromium', () => {
  let server: LiveServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  const cspViolations: string[] = [];

  beforeAll(async () => {
    server = await startLiveServer();
    browser = await sharedChromium();
    context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    await reportCspViolations(context, cspViolations);
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  });

  afterAll(async () => {
    await closeContexts(browser);
    await server?.close();
  });

  it('takes a host from sign-up to an exported guest list', async () => {
    const url = server.url;

    // Signed out, an occasion page sends the visitor to sign-in, and back afterwards.
    const firstPage = await page.goto(`${url}/occasions`);
    // Every step below runs under the dashboard's CSP and must cause no violation of it.
    expect(firstPage?.headers()['content-security-policy']).toContain("default-src 'self'");
    await page.waitForURL(/\/auth\/sign-in/);
    await expect(page.getByRole('heading', { name: 'Sign in to Kindly' })).toBeTruthy();
    await page.getByRole('heading', { name: 'Sign in to Kindly' }).waitFor();
    await expectAccessible(page, 'sign-in');

    // A wrong password reads clearly.
    await field(page, 'Email').locator('input').fill('nobody@example.com');
    await field(page, 'Password').locator('input').fill('wrong password here');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Wrong email or password').waitFor();

    // Sign up.
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create your Kindly account' }).waitFor();
    await expectAccessible(page, 'sign-up');
    await field(page, 'First name').locator('input').fill('Ada');
    await field(page, 'Last name').locator('input').fill('Lovelace');
    await field(page, 'Email').locator('input').fill('ada@example.com');
    await field(page, 'Password').locator('input').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${url}/occasions`);
    await page.getByRole('heading', { name: 'Your occasions' }).waitFor();
    await page.getByText('No occasions yet').waitFor();
    await expectAccessible(page, 'occasions (empty)');

    // Create an occasion.
    await page.getByRole('button', { name: 'New occasion' }).click();
    const createDialog = page.getByRole('dialog', { name: 'New occasion' });
    await createDialog.waitFor();
    await expectAccessible(page, 'new occasion dialog');
    await field(createDialog, 'Title').locator('input').fill('Ada & Charles');
    await typeDate(page, createDialog, 'Start date', '06122027');
    await typeDate(page, createDialog, 'End date', '06132027');
    await createDialog.getByRole('button', { name: 'Create occasion' }).click();
    await page.waitForURL(/\/occasion\/[\w-]+$/);
    const occasionUrl = page.url();
    await page.getByRole('heading', { name: 'Ada & Charles', level: 1 }).waitFor();
    await expectAccessible(page, 'overview (new)');

    // Settings: add an allowed origin; the overview shows it with the snippet.
    await page.getByRole('navigation', { name: 'Occasion' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Occasion settings' }).waitFor();
    await expectAccessible(page, 'settings');
    await field(page, 'Allowed origins').locator('textarea').fill('https://ada-and-charles.example');
    await field(page, 'Passcode').locator('input').fill('lovelace');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').waitFor();

    // Schedule: two activities, the second with meal options.
    await page.getByRole('navigation', { name: 'Occasion' }).getByRole('link', { name: 'Schedule' }).click();
    await page.getByText('No activities yet').waitFor();
    await expectAccessible(page, 'schedule (empty)');
    for (const [name, start, meals] of [
      ['Ceremony', '061220270400P', []],
      ['Dinner', '061220270630P', ['Fish', 'Beef', 'Vegetarian']],
    ] as const) {
      await page.getByRole('button', { name: 'Add activity' }).click();
      const dialog = page.getByRole('dialog', { name: 'New activity' });
      await dialog.waitFor();
      await field(dialog, 'Name').locator('input').fill(name);
      await typeDate(page, dialog, 'Starts', start);
      for (const [index, meal] of meals.entries()) {
        await dialog.getByRole('button', { name: 'Add meal' }).click();
        await field(dialog, `Meal ${index + 1}`).locator('input').fill(meal);
      }
      if (meals.length > 0) await expectAccessible(page, 'activity dialog');
      await dialog.getByRole('button', { name: 'Add activity' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.locator(`[data-activity-name="${name}"]`).waitFor();
    }
    await expect(page.locator('[data-activity-name]').allTextContents()).resolves.toHaveLength(2);
    await expect(page.locator('[data-activity-name="Ceremony"]').textContent()).resolves.toContain('4:00 PM');
    await expectAccessible(page, 'schedule');

    // Import 200 guests from another planner's spreadsheet.
    const rows = plannerRows();
    await page.getByRole('navigation', { name: 'Occasion' }).getByRole('link', { name: 'Guests' }).click();
    await page.getByText('No guests yet').waitFor();
    await expectAccessible(page, 'guests (empty)');
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.getByRole('heading', { name: 'Import guests from a spreadsheet' }).waitFor();
    await page.locator('input[type=file]').setInputFiles({ name: 'planner.csv', mimeType: 'text/csv', buffer: Buffer.from(plannerCsv(rows)) });
    await page.getByTestId('import-counts').waitFor();
    await expect(page.getByTestId('import-counts').textContent()).resolves.toContain('120 rows in planner.csv: 200 guests');
    await expectAccessible(page, 'import preview');
    await page.getByRole('button', { name: 'Import 200 guests' }).click();
    await page.getByTestId('import-summary').waitFor({ timeout: 60_000 });
    await expect(page.getByTestId('import-summary').textContent()).resolves.toContain('200 guests added');

    // Invite everyone to both activities in one bulk call.
    await page.getByRole('link', { name: 'See the guest list' }).click();
    await page.getByTestId('guest-count').waitFor();
    await expect(page.getByTestId('guest-count').textContent()).resolves.toBe('200 guests');
    await expectAccessible(page, 'guest list');
    await page.getByRole('checkbox', { name: 'Select every guest shown' }).check();
    await page.getByText('200 guests selected').waitFor();
    await page.getByRole('button', { name: 'Invite to…' }).click();
    const inviteDialog = page.getByRole('dialog');
    await choose(page, inviteDialog, 'Activities', 'Ceremony');
    await choose(page, inviteDialog, 'Activities', 'Dinner');
    await expectAccessible(page, 'invite dialog');
    await inviteDialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await page.getByText('400 invitations added.').waitFor();

    // Record a reply received by phone.
    await field(page, 'Search by name').locator('input').fill('ana smi');
    await expect.poll(() => page.getByTestId('guest-count').textContent()).toBe('Showing 1 of 200 guests');
    await page.getByRole('button', { name: 'Edit Ana Smith' }).click();
    const guestDialog = page.getByRole('dialog', { name: 'Edit Ana Smith' });
    await guestDialog.waitFor();
    await choose(page, guestDialog, 'Ceremony', 'Attending');
    await choose(page, guestDialog, 'Dinner', 'Attending');
    await choose(page, guestDialog, 'Dinner meal', 'Fish');
    await expectAccessible(page, 'guest dialog');
    await guestDialog.getByRole('button', { name: 'Save guest' }).click();
    await guestDialog.waitFor({ state: 'detached' });

    // The invitation grid shows the answer.
    await page.getByRole('link', { name: 'Invitation grid' }).click();
    await page.getByRole('grid', { name: 'Invitation grid' }).waitFor();
    await expectAccessible(page, 'invitation grid');

    // The overview counts changed.
    await page.goto(occasionUrl);
    const ceremony = page.locator('tr[data-activity]').first();
    await ceremony.waitFor();
    await expect.poll(() => ceremony.locator('[data-count=attending]').textContent()).toBe('1');
    await expect(ceremony.locator('[data-count=invited]').textContent()).resolves.toBe('200');
    await expect(ceremony.locator('[data-count=pending]').textContent()).resolves.toBe('199');
    await expect(page.getByTestId('stat-guests').textContent()).resolves.toBe('200');
    await expect(page.getByTestId('stat-households').textContent()).resolves.toBe('120');
    await page.getByRole('table', { name: 'Meal choices for Dinner' }).getByText('Fish').waitFor();
    const snippet = await page.getByTestId('embed-snippet').textContent();
    expect(snippet).toBe(
      `<script src="${url}/widget.js" async></script>\n<kindly-rsvp occasion="${occasionUrl.split('/').pop()}"></kindly-rsvp>`,
    );
    await page.getByText('https://ada-and-charles.example').waitFor();
    await expectAccessible(page, 'overview');

    // Households: 120, with addresses and invite codes; the printable list.
    await page.getByRole('navigation', { name: 'Occasion' }).getByRole('link', { name: 'Households' }).click();
    await page.getByText('120 households').waitFor();
    await expectAccessible(page, 'households');
    await page.locator('tr[data-household-id] button').first().click();
    const householdDialog = page.getByRole('dialog');
    await householdDialog.getByRole('heading', { name: /^Edit / }).waitFor();
    await field(householdDialog, 'Country').locator('input').waitFor();
    await expect(field(householdDialog, 'Country').locator('input').inputValue()).resolves.toMatch(/^(United States|Canada)$/);
    await expectAccessible(page, 'household dialog');
    await page.keyboard.press('Escape');
    await householdDialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Printable invite codes' }).click();
    await page.getByRole('table', { name: 'Invite codes' }).waitFor();
    await expectAccessible(page, 'invite codes');

    // Attributes: a category with two options.
    await page.getByRole('navigation', { name: 'Occasion' }).getByRole('link', { name: 'Guests' }).click();
    await page.getByRole('link', { name: 'Attributes' }).click();
    await page.getByText('No attributes yet').waitFor();
    await expectAccessible(page, 'attributes (empty)');
    await page.getByRole('button', { name: 'Add attribute' }).click();
    const attributeDialog = page.getByRole('dialog', { name: 'New attribute' });
    await field(attributeDialog, 'Name').locator('input').fill('Side');
    for (const [index, option] of ['Bride', 'Groom'].entries()) {
      await attributeDialog.getByRole('button', { name: 'Add option' }).click();
      await field(attributeDialog, `Option ${index + 1}`).locator('input').fill(option);
    }
    await expectAccessible(page, 'attribute dialog');
    await attributeDialog.getByRole('button', { name: 'Save attribute' }).click();
    await attributeDialog.waitFor({ state: 'detached' });
    await page.getByText('Bride, Groom').waitFor();

    // Export, and compare with what was imported.
    await page.getByRole('navigation', { name: 'Occasion' }).getByRole('link', { name: 'Guests' }).click();
    await page.getByTestId('guest-count').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('ada-charles-guests.csv');
    const exported = parseCsv(readFileSync((await download.path())!, 'utf8'));
    expect(exported.rows).toHaveLength(200);
    const column = (name: string) => exported.headers.indexOf(name);
    for (const name of ['Household', 'Street Address', 'Ceremony: Response', 'Dinner: Response', 'Dinner: Meal']) expect(column(name)).toBeGreaterThan(-1);
    const byName = new Map(exported.rows.map((row) => [`${row[column('First Name')]} ${row[column('Last Name')]}`, row]));
    for (const planned of rows) {
      const row = byName.get(`${planned.first} ${planned.last}`)!;
      expect(row, `${planned.first} ${planned.last}`).toBeTruthy();
      expect(row[column('Email')]).toBe(planned.email);
      expect(row[column('Phone')]).toBe(planned.phone);
      expect(row[column('Street Address')]).toBe(planned.street);
      expect(row[column('City')]).toBe(planned.city);
      expect(row[column('State / Region')]).toBe(planned.country === 'Canada' ? 'ON' : 'IL');
      expect(row[column('Zip / Postal Code')]).toBe(planned.zip);
      expect(row[column('Country')]).toBe(planned.country);
      expect(row[column('Invite Code')]).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      const answered = planned.first === 'Ana' && planned.last === 'Smith';
      expect(row[column('Ceremony: Response')]).toBe(answered ? 'Attending' : 'Pending');
      expect(row[column('Dinner: Meal')]).toBe(answered ? 'Fish' : '');
      if (planned.partner) {
        const partner = byName.get(`${planned.partner} ${planned.last}`)!;
        expect(partner[column('Household')]).toBe(row[column('Household')]);
        expect(row[column('Household')]).toBe(`${planned.first} & ${planned.partner} ${planned.last}`);
        expect(partner[column('Street Address')]).toBe(planned.street);
      }
    }

    // Importing the export back changes nothing: every row is recognised, nothing is flagged.
    await page.getByRole('link', { name: 'Import CSV' }).click();
    const exportedText = readFileSync((await download.path())!);
    await page.locator('input[type=file]').setInputFiles({ name: download.suggestedFilename(), mimeType: 'text/csv', buffer: exportedText });
    await page.getByTestId('import-counts').waitFor();
    await expect(page.getByTestId('import-counts').textContent()).resolves.toBe('200 rows in ' + download.suggestedFilename() + ': 200 guests.');

    // Deleting selected guests is one request, not one per guest.
    await page.getByRole('navigation', { name: 'Occasion' }).getByRole('link', { name: 'Guests' }).click();
    await field(page, 'Search by name').locator('input').fill('smith');
    await expect.poll(async () => (await page.getByTestId('guest-count').textContent()) ?? '').toMatch(/^Showing \d+ of 200 guests$/);
    const shown = Number((await page.getByTestId('guest-count').textContent())!.match(/Showing (\d+)/)![1]);
    expect(shown).toBeGreaterThan(1);
    const deletes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE' || request.url().endsWith('/guests/delete')) deletes.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await page.getByRole('checkbox', { name: 'Select every guest shown' }).check();
    await page.getByRole('button', { name: 'Delete…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete guests' }).click();
    await page.getByText(`${shown} guests deleted.`).waitFor();
    expect(deletes).toEqual([expect.stringMatching(/^POST \/host\/v1\/occasions\/[\w-]+\/guests\/delete$/)]);
    await field(page, 'Search by name').locator('input').fill('');
    await expect.poll(() => page.getByTestId('guest-count').textContent()).toBe(`${200 - shown} guests`);

    // Sign out: the session ends, and the occasion pages need signing in again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/auth\/sign-in/);
    await page.goto(occasionUrl);
    await page.waitForURL(/\/auth\/sign-in\?next=/);
    expect(errors).toEqual([]);
    expect(cspViolations).toEqual([]);
  }, 240_000); // the whole journey in one test: on a loaded 2-core machine it took over 120 s

  it('works with the keyboard alone: visible focus, dialogs trap focus and give it back', async () => {
    const url = server.url;
    page = await (await browser.newContext()).newPage();
    await page.goto(`${url}/auth/sign-up`);
    await field(page, 'First name').locator('input').waitFor();
    // First name has the focus; the rest is typing, Tab and Enter.
    await page.keyboard.type('Lin');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Clark');
    await page.keyboard.press('Tab');
    await page.keyboard.type('lin@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('correct horse battery staple');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${url}/occasions`);
    await page.getByRole('button', { name: 'New occasion' }).waitFor();

    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        return { text: element?.textContent?.trim() ?? '', outline: element ? getComputedStyle(element).outlineStyle : 'none', inDialog: !!element?.closest('[role=dialog]') };
      });
    for (let i = 0; i < 10 && (await focused()).text !== 'New occasion'; i++) await page.keyboard.press('Tab');
    const onButton = await focused();
    expect(onButton.text).toBe('New occasion');
    expect(onButton.outline).not.toBe('none');

    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'New occasion' }).waitFor();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect((await focused()).inDialog).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // React Aria gives focus back once the dialog has gone, which may be a frame after it left the DOM.
    await expect.poll(async () => (await focused()).text).toBe('New occasion');
  });

  it('shows the error screen for a routing failure and redirects unknown paths', async () => {
    const url = server.url;
    page = await (await browser.newContext()).newPage();
    await page.goto(`${url}/auth/sign-up`);
    await field(page, 'First name').locator('input').fill('Grace');
    await field(page, 'Last name').locator('input').fill('Hopper');
    await field(page, 'Email').locator('input').fill('grace@example.com');
    await field(page, 'Password').locator('input').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${url}/occasions`);

    await page.goto(`${url}/somewhere/else`);
    await page.waitForURL(`${url}/occasions`);

    await page.goto(`${url}/occasion/doesNotExist1`);
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    await page.getByText('404 Not Found').waitFor();
    await expectAccessible(page, 'error screen');

    // A signed-in visitor of /auth goes to the occasions.
    await page.goto(`${url}/auth/sign-in`);
    await page.waitForURL(`${url}/occasions`);
  });

  it("works for a host whose browser speaks German, with React Aria's own labels built in English only", async () => {
    const german = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    const pageErrors: string[] = [];
    const host = await signUpInContext(german, server.url);
    const visitor = await german.newPage();
    visitor.on('pageerror', (error) => pageErrors.push(error.message));
    await visitor.goto(`${server.url}/occasions`);
    await visitor.getByRole('button', { name: 'New occasion' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'New occasion' });
    await field(dialog, 'Title').locator('input').fill('Hochzeit');
    // The date fields follow the browser's language (day first), from Intl, not from the strings.
    expect(await field(dialog, 'Start date').locator('[role=spinbutton]').first().getAttribute('aria-label')).toMatch(/^Tag/);
    // React Aria's own labels fall back to English (the build keeps its en-US strings alone).
    await dialog.getByRole('button', { name: 'Open calendar' }).first().click();
    await visitor.getByRole('grid').waitFor();
    expect(await visitor.getByRole('grid').locator('[aria-label^="Today, "]').count()).toBe(1);
    await visitor.keyboard.press('Escape');
    await typeDate(visitor, dialog, 'Start date', '12062027');
    await typeDate(visitor, dialog, 'End date', '13062027');
    await dialog.getByRole('button', { name: 'Create occasion' }).click();
    await visitor.waitForURL(/\/occasion\/[\w-]+$/);
    const occasionId = visitor.url().split('/').pop()!;
    const occasion = await host.call<{ startDate: string; endDate: string }>('GET', `/occasion/${occasionId}`);
    expect([occasion.startDate, occasion.endDate]).toEqual(['2027-06-12', '2027-06-13']);
    expect(pageErrors).toEqual([]);
    await german.close();
  });

  it("makes Chromium's date set-up in a worker of its own, under the CSP, which then ends", async () => {
    const fresh = await browser.newContext();
    const violations: string[] = [];
    await reportCspViolations(fresh, violations);
    const visitor = await fresh.newPage();
    const started = visitor.waitForEvent('worker');
    await visitor.goto(`${server.url}/auth/sign-in`);
    const worker = await started;
    expect(new URL(worker.url()).pathname).toMatch(/^\/assets\/warm-intl\.worker-[\w-]+\.js$/);
    await expect.poll(() => visitor.workers().length).toBe(0);
    // The page formats dates as it did before (its own formats are made on the page's thread).
    expect(await visitor.evaluate(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(0))).toBe('Jan 1, 1970');
    expect(violations).toEqual([]);
    await fresh.close();
  });
});
