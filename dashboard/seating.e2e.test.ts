import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Guest } from '../core/schemas/guest';
import type { Seating, SeatingTable } from '../core/schemas/seating';
import { chromiumPath, closeContexts, sharedChromium } from '../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';
import { parseCsv } from './csv/csv-file';
import { choose, expectAccessible, field, reportCspViolations } from './e2e-checks';
import { signUpInContext, type E2eHost } from './e2e-host';
import { verifyAccount } from '../server/test-support/verify-account';

/**
 * The seating screen end to end in Chromium against the real server: a 150-guest wedding made
 * through the API (50 households of three, plus-ones among them, all attending the reception,
 * most with a meal), a host adds tables in the dialog, seats a household through the "Seat at…"
 * menu and a guest by dnd-kit's keyboard sensor, drags households with the mouse, is asked
 * "Seat anyway?" at a full table and sees the over-full and split-household warnings, sees a
 * freed seat's notice and dismisses it, downloads the CSV and prints the plan to PDF, whose text
 * shows every seated guest and each table whole on one page.
 * `npm run build && npx vitest run --project browser dashboard/seating`.
 */

const eventually = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 20_000 });

const SURNAMES = [
  'Abbott', 'Baker', 'Carter', 'Dunn', 'Ellis', 'Fisher', 'Garcia', 'Hughes', 'Ivanova', 'Jensen',
  'Kowalski', 'Lindqvist', 'Moreau', 'Nakamura', 'Okafor', 'Patel', 'Quinn', 'Rossi', 'Schmidt', 'Tanaka',
  'Underwood', 'Vargas', 'Whitfield', 'Xu', 'Yilmaz', 'Zimmer', 'Albright', 'Bergstrom', 'Castellano', 'Delacroix',
  'Eriksen', 'Fontaine', 'Gallagher', 'Haddad', 'Ibsen', 'Jovanovic', 'Kaminski', 'Laurent', 'Mbeki', 'Novak',
  'Oyelaran', 'Petrov', 'Quintero', 'Rahman', 'Sorensen', 'Takahashi', 'Umarov', 'Valdez', 'Winslow', 'Yamamoto',
];
const FIRST_NAMES = ['Ana', 'Ben', 'Cleo', 'Dev', 'Esme', 'Finn', 'Gita', 'Hugo', 'Iris', 'Jon', 'Kira', 'Leo', 'Mina', 'Noor', 'Otto'];
const MEALS = ['fish', 'beef', 'veg'];

/** The text of each page of a PDF, whitespace removed (a line may come in several runs). */
async function pdfPages(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf) }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('').replace(/\s+/g, ''));
  }
  return pages;
}

const squeeze = (text: string) => text.replace(/\s+/g, '');

/**
 * Drags `from` onto `to` with the mouse, in steps, as a person does; the drop lands `fromTop`
 * pixels into `to` (its middle unless given).
 */
async function drag(page: Page, from: Locator, to: Locator, fromTop?: number): Promise<void> {
  await from.scrollIntoViewIfNeeded();
  const grip = (await from.boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2 + 12, grip.y + grip.height / 2 + 6, { steps: 4 });
  let target = (await to.boundingBox())!;
  await page.mouse.move(target.x + target.width / 2, target.y + (fromTop ?? target.height / 2), { steps: 16 });
  // Near the window's edge dnd-kit scrolls the window while the pointer rests, however long the
  // machine takes: follow the target until it stands still, then drop on it.
  for (let moved = true; moved; ) {
    await page.waitForTimeout(150);
    const now = (await to.boundingBox())!;
    moved = now.y !== target.y || now.x !== target.x;
    target = now;
    await page.mouse.move(target.x + target.width / 2, target.y + (fromTop ?? target.height / 2), { steps: 2 });
  }
  await page.mouse.up();
}

describe.skipIf(!chromiumPath)('the seating screen in Chromium', () => {
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

  it('seats a 150-guest wedding by keyboard and mouse, warns, prints a PDF with whole tables and exports a CSV', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const cspViolations: string[] = [];
    await reportCspViolations(context, cspViolations);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const host: E2eHost = await signUpInContext(context, live.url);

    const occasion = await host.call<{ id: string }>('POST', '/occasion', { title: 'Sam & Alex', startDate: '2027-06-12', endDate: '2027-06-13' });
    const o = occasion.id;
    const mealOptions = [
      { value: 'fish', text: 'Fish' },
      { value: 'beef', text: 'Beef' },
      { value: 'veg', text: 'Vegetarian' },
    ];
    const reception = await host.call<{ id: string }>('POST', `/occasion/${o}/activity`, { name: 'Reception', startsAt: '2027-06-12T18:00:00.000Z', mealOptions });
    await host.call('POST', `/occasion/${o}/activity`, { name: 'Brunch', startsAt: '2027-06-13T10:00:00.000Z' });
    // 50 households of three; every fifth household's third guest is the second's plus-one.
    const rows = SURNAMES.flatMap((surname, h) =>
      [0, 1, 2].map((member) => ({
        firstName: FIRST_NAMES[(h + member * 5) % FIRST_NAMES.length]!,
        lastName: surname,
        householdName: `${surname} family`,
        ...(member === 2 && h % 5 === 0 ? { plusOneOfRow: h * 3 + 1 } : {}),
        ...((h * 3 + member) % 7 === 0 ? { dietaryNotes: h % 2 ? 'No nuts' : 'Vegan' } : {}),
      })),
    );
    const made = await host.call<{ guests: Guest[] }>('POST', `/occasions/${o}/guests`, { guests: rows });
    expect(made.guests).toHaveLength(150);
    await host.call('PUT', `/occasion/${o}/invite-lines`, {
      lines: made.guests.map((guest, g) => ({ guestId: guest.id, activityId: reception.id, invited: true, response: 'ATTENDING', mealChoice: g % 4 === 3 ? null : MEALS[g % 3] })),
    });
    const nameOf = new Map(made.guests.map((guest) => [guest.id, `${guest.firstName} ${guest.lastName}`]));

    await page.goto(`${live.url}/occasion/${o}/seating?activity=${reception.id}`);
    await page.getByRole('heading', { name: 'Unseated (150)' }).waitFor();
    // The screen's styles apply on screen, not only in print: the unseated list beside the tables, without bullets.
    expect(await page.locator('.seating').evaluate((element) => getComputedStyle(element).display)).toBe('grid');
    expect(await page.locator('.seat-groups').evaluate((element) => getComputedStyle(element).listStyleType)).toBe('none');
    await page.getByText('No tables yet.').waitFor();
    await expectAccessible(page, 'seating with no tables');

    // Two tables through the dialog; a taken number is refused beside its field.
    for (const [name, capacity] of [['Roses', '10'], ['Tulips', '3']] as const) {
      await page.getByRole('button', { name: 'Add a table' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a table' });
      await field(dialog, 'Name').getByRole('textbox').fill(name);
      await field(dialog, 'Capacity').getByRole('textbox').fill(capacity);
      if (name === 'Tulips') {
        await field(dialog, 'Table number').getByRole('textbox').fill('1');
        await dialog.getByRole('button', { name: 'Add table' }).click();
        await eventually(() => dialog.getByRole('alert').textContent()).toMatch(/\S/);
        await field(dialog, 'Table number').getByRole('textbox').fill('');
        await expectAccessible(page, 'add table dialog with an error');
      }
      await dialog.getByRole('button', { name: 'Add table' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    const roses = page.getByRole('listitem', { name: 'Table 1 · Roses' });
    const tulips = page.getByRole('listitem', { name: 'Table 2 · Tulips' });
    await roses.waitFor();
    await page.getByRole('button', { name: 'Edit table 2' }).click();
    const editing = page.getByRole('dialog', { name: 'Edit table 2' });
    await field(editing, 'Capacity').getByRole('textbox').fill('4');
    await editing.getByRole('button', { name: 'Save table' }).click();
    await eventually(() => tulips.locator('.table-card__count').textContent()).toBe('0/4');

    // Keyboard, first way: the Abbott household through its "Seat at…" menu.
    await page.getByRole('button', { name: 'Seat the Abbott family household (3) at…' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Enter');
    await eventually(() => roses.getByRole('list', { name: 'Guests at Table 1 · Roses' }).getByRole('listitem').count()).toBe(3);
    await eventually(() => page.locator('.seating-status').textContent()).toContain('The Abbott family household (3) seated at Table 1 · Roses.');

    // Keyboard, second way: dnd-kit's keyboard sensor: Space picks up, an arrow steps to the next target, Space drops.
    const carter = made.guests.find((guest) => guest.lastName === 'Carter')!;
    const carterName = nameOf.get(carter.id)!;
    await page.getByRole('button', { name: `Drag ${carterName}` }).focus();
    await page.keyboard.press('Space');
    // The live region says what was picked up and where it is, then each target it steps to.
    await eventually(() => page.locator('[id^=DndLiveRegion]').textContent()).toBe(`Picked up ${carterName}. Over the unseated guests.`);
    await page.keyboard.press('ArrowRight');
    await eventually(() => page.locator('[id^=DndLiveRegion]').textContent()).toBe(`${carterName}: Over Table 1 · Roses.`);
    await page.keyboard.press('Space');
    await eventually(() => roses.getByText(carterName).count()).toBe(1);
    await eventually(() => roses.locator('.table-card__count').textContent()).toBe('4/10');

    // The mouse: the Baker household onto Tulips (3 of 4 seats), the page scrolled and the drop
    // near the window's top, where dnd-kit scrolls the window while the pointer rests.
    await page.evaluate(() => window.scrollTo(0, 200));
    await drag(page, page.getByRole('button', { name: 'Drag the Baker family household (3)' }), tulips, 20);
    await eventually(() => tulips.locator('.table-card__count').textContent()).toBe('3/4');

    // Dunn's three at the one free seat (found through the household filter): the server says TABLE_FULL and the screen asks.
    await choose(page, page, 'Household', 'Dunn family');
    await eventually(() => page.getByRole('list', { name: 'Unseated guests by household' }).locator(':scope > li').count()).toBe(1);
    await drag(page, page.getByRole('button', { name: 'Drag the Dunn family household (3)' }), tulips);
    const ask = page.getByRole('alertdialog', { name: 'Seat anyway?' });
    await ask.waitFor();
    expect(await ask.textContent()).toMatch(/Tulips/);
    await expectAccessible(page, 'seat anyway dialog');
    await ask.getByRole('button', { name: 'Seat anyway' }).click();
    await eventually(() => tulips.locator('.table-card__count').textContent()).toBe('6/4 (over-full)');
    const warnings = page.getByRole('region', { name: 'Worth a look' });
    await eventually(() => warnings.textContent()).toContain('Table 2 · Tulips is over-full: 6 seated at 4 seats.');

    // One Dunn moved on to Roses by its menu: the household is split.
    const dunn = made.guests.find((guest) => guest.lastName === 'Dunn')!;
    await tulips.getByRole('button', { name: `Move ${nameOf.get(dunn.id)} to…` }).click();
    await page.getByRole('menuitem', { name: /^Table 1 · Roses/ }).click();
    await eventually(() => warnings.textContent()).toContain('The Dunn family household is split over Table 1 · Roses and Table 2 · Tulips.');
    await expectAccessible(page, 'seating with warnings');

    // The rest of the wedding through the API: 14 more tables of 10, households kept together.
    let seating = await host.call<Seating>('GET', `/occasion/${o}/activity/${reception.id}/seating`);
    const seated = new Set(seating.seats.map((seat) => seat.guestId));
    const waiting = made.guests.filter((guest) => !seated.has(guest.id));
    expect(waiting).toHaveLength(150 - 3 - 1 - 3 - 3);
    for (let t = 0; t < 14; t++) {
      const table = await host.call<SeatingTable>('POST', `/occasion/${o}/activity/${reception.id}/tables`, { name: `${SURNAMES[t + 10]} table`, capacity: 10, shape: t % 2 ? 'LONG' : 'ROUND' });
      await host.call('POST', `/occasion/${o}/activity/${reception.id}/seats`, { guestIds: waiting.slice(t * 10, t * 10 + 10).map((guest) => guest.id), tableId: table.id });
    }

    const spare = await host.call<SeatingTable>('POST', `/occasion/${o}/activity/${reception.id}/tables`, { name: 'Spare', capacity: 2 });

    // A guest declines: the server frees the seat, and the screen says so until dismissed.
    const leaving = waiting[0]!;
    await host.call('PUT', `/occasion/${o}/invite-lines`, { lines: [{ guestId: leaving.id, activityId: reception.id, invited: true, response: 'DECLINED' }] });
    await page.reload();
    await page.getByRole('heading', { name: /^Tables/ }).waitFor();
    await eventually(() => page.getByRole('heading', { name: 'Tables (149 of 149 seated)' }).count()).toBe(1);
    const freed = page.getByRole('region', { name: 'Seats freed' });
    await eventually(() => freed.textContent()).toContain(`${nameOf.get(leaving.id)} no longer attends; their seat at table 3 (Kowalski table) is free.`);
    await expectAccessible(page, 'the whole wedding seated');
    await freed.getByRole('button', { name: 'Dismiss' }).click();
    await freed.waitFor({ state: 'detached' });
    // The empty spare table goes through its confirmation.
    await page.getByRole('button', { name: `Delete table ${spare.number}` }).click();
    await page.getByRole('alertdialog', { name: `Delete Table ${spare.number} · Spare?` }).getByRole('button', { name: 'Delete table' }).click();
    await page.getByRole('listitem', { name: `Table ${spare.number} · Spare` }).waitFor({ state: 'detached' });
    seating = await host.call<Seating>('GET', `/occasion/${o}/activity/${reception.id}/seating`);
    expect(seating.tables.map((table) => table.name)).not.toContain('Spare');
    expect(seating.tables).toHaveLength(16);
    expect(seating.releases).toEqual([]);
    expect(seating.seats).toHaveLength(149);

    // The CSV: a row per seated guest.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('sam-alex-reception-seating.csv');
    const csv = parseCsv(readFileSync((await download.path())!, 'utf8'));
    expect(csv.headers).toEqual(['Table number', 'Table name', 'Last name', 'First name', 'Household', 'Meal', 'Dietary notes']);
    expect(csv.rows).toHaveLength(149);
    const carterRow = csv.rows.find((row) => row[2] === carter.lastName && row[3] === carter.firstName)!;
    expect(carterRow.slice(0, 2)).toEqual(['1', 'Roses']);
    expect(carterRow[4]).toBe('Carter family');
    expect(new Set(csv.rows.map((row) => `${row[3]} ${row[2]}`)).size).toBe(149);

    // Printed to PDF: every seated guest in it, and each table with its last guest on one page.
    await page.getByRole('link', { name: 'Print view' }).click();
    await page.getByRole('heading', { name: 'Sam & Alex: Reception: seating plan' }).waitFor();
    await expectAccessible(page, 'the print view');
    await page.emulateMedia({ media: 'print' });
    const pages = await pdfPages(await page.pdf({ format: 'A4', margin: { top: '12mm', bottom: '12mm', left: '12mm', right: '12mm' } }));
    expect(pages.length).toBeGreaterThan(3);
    const text = pages.join('');
    seating = await host.call<Seating>('GET', `/occasion/${o}/activity/${reception.id}/seating`);
    for (const seat of seating.seats) expect(text, nameOf.get(seat.guestId)).toContain(squeeze(nameOf.get(seat.guestId)!));
    const planPages = pages.slice(0, pages.findIndex((pageText) => pageText.includes(squeeze('Sam & Alex: Reception: escort cards'))));
    expect(planPages.length).toBeGreaterThan(1);
    for (const table of seating.tables) {
      const names = seating.seats.filter((seat) => seat.tableId === table.id).map((seat) => made.guests.find((guest) => guest.id === seat.guestId)!);
      names.sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
      const heading = squeeze(`Table ${table.number} · ${table.name}`);
      const at = planPages.findIndex((pageText) => pageText.includes(heading));
      expect(at, heading).toBeGreaterThanOrEqual(0);
      const last = squeeze(`${names.at(-1)!.firstName} ${names.at(-1)!.lastName}`);
      expect(planPages[at], `${heading}'s last guest`).toContain(last);
      expect(planPages[at]!.indexOf(last), `${heading}'s last guest after it`).toBeGreaterThan(planPages[at]!.indexOf(heading));
    }
    expect(pages.some((pageText) => pageText.includes(squeeze('Sam & Alex: Reception: for the caterer')))).toBe(true);

    expect(errors).toEqual([]);
    expect(cspViolations).toEqual([]);
    await context.close();
  }, 240_000);

  it('shows a viewer the plan with nothing to change, and the server refuses a viewer’s seat', async () => {
    const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const owner = await signUpInContext(ownerContext, live.url);
    await verifyAccount(live.deps.db, owner.email);
    const o = (await owner.call<{ id: string }>('POST', '/occasion', { title: 'Sam & Alex', startDate: '2027-06-12', endDate: '2027-06-13' })).id;
    const dinner = await owner.call<{ id: string }>('POST', `/occasion/${o}/activity`, { name: 'Dinner', startsAt: '2027-06-12T18:00:00.000Z' });
    const made = await owner.call<{ guests: Guest[] }>('POST', `/occasions/${o}/guests`, {
      guests: ['Ana', 'Ben', 'Cleo'].map((firstName) => ({ firstName, lastName: 'Lee', householdName: 'Lee family' })),
    });
    await owner.call('PUT', `/occasion/${o}/invite-lines`, { lines: made.guests.map((guest) => ({ guestId: guest.id, activityId: dinner.id, invited: true, response: 'ATTENDING' })) });
    const table = await owner.call<SeatingTable>('POST', `/occasion/${o}/activity/${dinner.id}/tables`, { name: 'Roses', capacity: 8 });
    await owner.call('POST', `/occasion/${o}/activity/${dinner.id}/seats`, { guestIds: [made.guests[0]!.id], tableId: table.id });

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const viewer = await signUpInContext(context, live.url);
    await owner.call('POST', `/occasion/${o}/invitations`, { email: viewer.email, role: 'viewer' });
    const invitation = await live.deps.db.selectFrom('email').select('text').where('kind', '=', 'HOST_INVITATION').where('to', '=', viewer.email).executeTakeFirstOrThrow();
    await viewer.call('POST', '/invitation/accept', { token: /\/invitation#([A-Za-z0-9_-]+)/.exec(invitation.text)![1] });

    await page.goto(`${live.url}/occasion/${o}/seating`);
    await page.getByRole('heading', { name: 'Unseated (2)' }).waitFor();
    expect(await page.getByRole('list', { name: 'Guests at Table 1 · Roses' }).textContent()).toContain('Ana Lee');
    for (const name of ['Add a table', 'Edit table 1', 'Delete table 1', 'Drag Ana Lee', 'Move Ana Lee to…', 'Seat Ben Lee at…']) {
      expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    }
    expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(1);
    await expectAccessible(page, 'seating as a viewer');
    const refused = await context.request.post(`${live.url}/host/v1/occasion/${o}/activity/${dinner.id}/seats`, { data: { guestIds: [made.guests[1]!.id], tableId: table.id } });
    expect(refused.status()).toBe(403);
    expect((await owner.call<Seating>('GET', `/occasion/${o}/activity/${dinner.id}/seating`)).seats).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
    await ownerContext.close();
  });
});
