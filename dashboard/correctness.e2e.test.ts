import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '../core/schemas/activity';
import type { AttributeCategory } from '../core/schemas/attribute-category';
import type { Guest, GuestBulkResult } from '../core/schemas/guest';
import type { Occasion } from '../core/schemas/occasion';
import { chromiumPath, closeContexts, sharedChromium } from '../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';
import { signUpInContext, type E2eHost } from './e2e-host';

/**
 * The guest screen's correctness at scale in Chromium against the real server: search as hosts type,
 * the filter pickers after "Reset filters", a revoked session, the editable invitation grid.
 * `npm run build && npx vitest run --project browser dashboard/correctness`.
 */

interface Fixture {
  host: E2eHost;
  occasion: Occasion;
  activities: Activity[];
  guests: Guest[];
}

/** An occasion with two activities (one with meals), a category and a few guests, via the API. */
async function occasionWithGuests(host: E2eHost): Promise<Fixture> {
  const occasion = await host.call<Occasion>('POST', '/occasion', { title: 'Correctness', startDate: '2027-06-12', endDate: '2027-06-13' });
  const o = `/occasion/${occasion.id}`;
  const ceremony = await host.call<Activity>('POST', `${o}/activity`, { name: 'Ceremony', startsAt: '2027-06-12T15:00:00.000Z' });
  const dinner = await host.call<Activity>('POST', `${o}/activity`, {
    name: 'Dinner',
    startsAt: '2027-06-12T18:00:00.000Z',
    mealOptions: [
      { value: 'fish', text: 'Fish' },
      { value: 'beef', text: 'Beef' },
    ],
  });
  await host.call<AttributeCategory>('POST', `${o}/attribute-category`, {
    name: 'Side',
    options: [
      { value: 'bride', text: 'Bride' },
      { value: 'groom', text: 'Groom' },
    ],
  });
  const names: [string, string][] = [
    ['Zoë', "O'Brien"],
    ['Anne-Marie', 'Smith-Jones'],
    ['José', 'Núñez'],
    ['Ana', 'Smith'],
    ['Bruno', 'Okafor'],
  ];
  const { guests } = await host.call<GuestBulkResult>('POST', `/occasions/${occasion.id}/guests`, {
    guests: names.map(([firstName, lastName]) => ({ firstName, lastName, householdName: `${firstName} ${lastName}` })),
  });
  await host.call('PUT', `${o}/invite-lines`, {
    lines: guests.slice(0, 3).map((guest) => ({ guestId: guest.id, activityId: ceremony.id, invited: true })),
  });
  return { host, occasion, activities: [ceremony, dinner], guests };
}

describe.skipIf(!chromiumPath)('guest screen correctness in Chromium', () => {
  let server: LiveServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let fixture: Fixture;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startLiveServer();
    browser = await sharedChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    fixture = await occasionWithGuests(await signUpInContext(context, server.url));
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  });

  afterAll(async () => {
    await closeContexts(browser);
    await server?.close();
  });

  const guestsUrl = () => `${server.url}/occasion/${fixture.occasion.id}/guests`;
  const idOf = (name: string) => fixture.guests.find((guest) => `${guest.firstName} ${guest.lastName}` === name)!.id;
  const shownIds = () => page.locator('[data-testid=guest-list] [role=row][data-guest-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-guest-id')));
  const field = (label: string) => page.locator('.field').filter({ has: page.locator(':is(label, .react-aria-Label)', { hasText: new RegExp(`^${label}( \\*)?$`) }) });

  it('item 3: search finds names typed without apostrophes, hyphens or accents', async () => {
    await page.goto(guestsUrl());
    await page.getByTestId('guest-count').waitFor();
    for (const [typed, name] of [
      ['obrien', "Zoë O'Brien"],
      ["o'bri", "Zoë O'Brien"],
      ['annemarie', 'Anne-Marie Smith-Jones'],
      ['marie jones', 'Anne-Marie Smith-Jones'],
      ['jose nunez', 'José Núñez'],
      ['NÚÑEZ', 'José Núñez'],
    ] as const) {
      await field('Search by name').locator('input').fill(typed);
      await expect.poll(() => page.getByTestId('guest-count').textContent(), { message: typed }).toBe('Showing 1 of 5 guests');
      expect(await shownIds(), typed).toEqual([idOf(name)]);
    }
    expect(errors).toEqual([]);
  });

  it('item 4: a save after the session was revoked elsewhere sends the host to sign in, and what they typed comes back', async () => {
    const ana = fixture.guests.find((guest) => guest.firstName === 'Ana')!;
    await page.goto(guestsUrl());
    await page.getByTestId('guest-count').waitFor();
    await page.getByRole('button', { name: 'Edit Ana Smith' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Ana Smith' });
    await field('Dietary notes').locator('textarea').fill('No shellfish, typed before the session ended');
    await field('Last name').locator('input').fill('Smith-Ortega');

    // Another tab signs out: the server revokes the session; this tab still holds the cookie.
    const other = await browser.newContext();
    await other.addCookies(await context.cookies());
    const { csrfToken } = (await (await other.request.get(`${server.url}/host/v1/auth/csrf`)).json()) as { csrfToken: string };
    await other.request.post(`${server.url}/host/v1/auth/signout`, { form: { csrfToken }, headers: { 'x-auth-return-redirect': '1' } });
    await other.close();
    expect((await context.request.get(`${server.url}/host/v1/occasions`)).status()).toBe(401);

    await dialog.getByRole('button', { name: 'Save guest' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/sign-in' && url.searchParams.get('next') === `/occasion/${fixture.occasion.id}/guests`);
    await field('Email').locator('input').fill(fixture.host.email);
    await field('Password').locator('input').fill(fixture.host.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(guestsUrl());

    // The form opens again with what was typed; saving it now works.
    const again = page.getByRole('dialog', { name: 'Edit Ana Smith' });
    await again.waitFor();
    await expect(field('Dietary notes').locator('textarea').inputValue()).resolves.toBe('No shellfish, typed before the session ended');
    await expect(field('Last name').locator('input').inputValue()).resolves.toBe('Smith-Ortega');
    await again.getByRole('button', { name: 'Save guest' }).click();
    await again.waitFor({ state: 'detached' });
    const saved = await fixture.host.call<Guest>('GET', `/occasion/${fixture.occasion.id}/guest/${ana.id}`);
    expect(saved).toMatchObject({ lastName: 'Smith-Ortega', dietaryNotes: 'No shellfish, typed before the session ended' });
    expect(errors).toEqual([]);
  });

  it('item 4: moving to another screen after the cookie was deleted sends the host to sign in and back', async () => {
    await page.goto(guestsUrl());
    await page.getByTestId('guest-count').waitFor();
    // Each move checks the session, and the answer renews the cookie: the cookie is deleted only
    // once the last check has answered, or that answer would put it back.
    const sessionChecked = () => page.waitForResponse((response) => new URL(response.url()).pathname === '/host/v1/auth/session');
    let checked = sessionChecked();
    await page.getByRole('navigation', { name: 'Occasion' }).getByRole('link', { name: 'Schedule' }).click();
    await page.locator('[data-activity-name="Dinner"]').waitFor();
    await checked;
    checked = sessionChecked();
    await page.getByRole('navigation', { name: 'Occasion' }).getByRole('link', { name: 'Guests' }).click();
    await page.getByTestId('guest-count').waitFor();
    await checked;
    await context.clearCookies();
    // The schedule's data is cached: only a check of the session can notice.
    await page.getByRole('navigation', { name: 'Occasion' }).getByRole('link', { name: 'Schedule' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/sign-in' && url.searchParams.get('next') === `/occasion/${fixture.occasion.id}/schedule`);
    await field('Email').locator('input').fill(fixture.host.email);
    await field('Password').locator('input').fill(fixture.host.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/occasion/${fixture.occasion.id}/schedule`);
    await page.locator('[data-activity-name="Dinner"]').waitFor();
    expect(errors).toEqual([]);
  });

  it('item 6: the invitation grid invites and uninvites by click or Space, with arrow keys across cells', async () => {
    const [ceremony, dinner] = fixture.activities as [Activity, Activity];
    const o = `/occasion/${fixture.occasion.id}`;
    const invitationsOf = async (id: string) =>
      Object.fromEntries((await fixture.host.call<Guest>('GET', `${o}/guest/${id}`)).invitations.map((entry) => [entry.activityId, entry.response]));
    const bruno = idOf('Bruno Okafor');
    const zoe = idOf("Zoë O'Brien");

    await page.goto(`${server.url}${o}/guests/grid`);
    const grid = page.getByRole('grid', { name: 'Invitation grid' });
    await grid.waitFor();
    const cell = (guestId: string, activity: number) => grid.locator(`tr[data-guest-id="${guestId}"] [role=gridcell]`).nth(activity);

    // Click: invite; click again: uninvite (no answer to lose, so no question).
    await cell(bruno, 0).click();
    await expect.poll(() => cell(bruno, 0).textContent()).toBe('Pending');
    expect(await invitationsOf(bruno)).toEqual({ [ceremony.id]: 'PENDING' });
    await cell(bruno, 0).click();
    await expect.poll(() => cell(bruno, 0).textContent()).toBe('Not invited');
    expect(await invitationsOf(bruno)).toEqual({});

    // Keyboard: one Tab stop in the grid; arrows move it; Space toggles the focused cell.
    await cell(bruno, 0).focus();
    await page.keyboard.press('ArrowRight');
    const focusedCell = () => page.evaluate(() => document.activeElement?.getAttribute('data-cell') ?? '');
    const brunoRow = (await focusedCell()).split(':')[0];
    expect(await focusedCell()).toBe(`${brunoRow}:2`);
    await page.keyboard.press('Space');
    await expect.poll(() => cell(bruno, 1).textContent()).toBe('Pending');
    expect(await invitationsOf(bruno)).toEqual({ [dinner.id]: 'PENDING' });
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedCell()).toBe(`${Number(brunoRow) - 1}:1`);
    expect(await grid.locator('[tabindex="0"]').count()).toBe(1);
    expect(await grid.locator('[tabindex="0"]').getAttribute('data-cell')).toBe(`${Number(brunoRow) - 1}:1`);
    const above = await page.evaluate(() => document.activeElement?.closest('tr')?.getAttribute('data-guest-id') ?? '');
    const before = await invitationsOf(above);
    await page.keyboard.press('Space');
    await expect.poll(() => invitationsOf(above)).toEqual(before[ceremony.id] ? {} : { ...before, [ceremony.id]: 'PENDING' });
    // The grid shows the change (the list is fetched again) before the next key, as a host would see it.
    await expect.poll(() => cell(above, 0).textContent()).toBe(before[ceremony.id] ? 'Not invited' : 'Pending');
    await expect.poll(focusedCell).toBe(`${Number(brunoRow) - 1}:1`);
    await page.keyboard.press('Home');
    await expect.poll(focusedCell).toBe(`${Number(brunoRow) - 1}:0`);

    // Uninviting a guest who answered asks first.
    await fixture.host.call('PUT', `${o}/invite-lines`, { lines: [{ guestId: zoe, activityId: ceremony.id, invited: true, response: 'ATTENDING' }] });
    await page.reload();
    await grid.waitFor();
    await expect.poll(() => cell(zoe, 0).textContent()).toBe('Attending');
    await cell(zoe, 0).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Uninvite' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => cell(zoe, 0).textContent()).toBe('Not invited');
    expect((await invitationsOf(zoe))[ceremony.id]).toBeUndefined();
    expect(errors).toEqual([]);
  });

  const pick = async (label: string, option: string) => {
    const trigger = field(label).getByRole('button').first();
    await trigger.click();
    const listbox = page.getByRole('listbox');
    await listbox.waitFor();
    const [button, popover] = [await trigger.boundingBox(), await listbox.boundingBox()];
    expect(popover!.y, `${label} popover below its button`).toBeGreaterThanOrEqual(button!.y + button!.height - 2);
    expect(popover!.y, `${label} popover near its button`).toBeLessThan(button!.y + button!.height + 40);
    expect(Math.abs(popover!.x - button!.x), `${label} popover aligned with its button`).toBeLessThan(40);
    await page.getByRole('option', { name: option, exact: true }).click();
    await listbox.waitFor({ state: 'detached' });
  };

  it('item 5: a filter picker opened after "Reset filters" opens under its button and can be chosen from', async () => {
    // An occasion of its own: the counts below are of its untouched guests.
    const own = await occasionWithGuests(fixture.host);
    await page.goto(`${server.url}/occasion/${own.occasion.id}/guests`);
    await page.getByTestId('guest-count').waitFor();
    await pick('Response', 'Invited');
    await expect.poll(() => page.getByTestId('guest-count').textContent()).toBe('Showing 3 of 5 guests');
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect.poll(() => page.getByTestId('guest-count').textContent()).toBe('5 guests');
    await pick('Activity', 'Dinner');
    await pick('Response', 'Invited');
    await expect.poll(() => page.getByTestId('guest-count').textContent()).toBe('Showing 0 of 5 guests');
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await pick('Response', 'Not invited');
    await expect.poll(() => page.getByTestId('guest-count').textContent()).toBe('Showing 2 of 5 guests');
    await pick('Attribute', 'Side: Bride');
    await expect.poll(() => page.getByTestId('guest-count').textContent()).toBe('Showing 0 of 5 guests');
    expect(errors).toEqual([]);
  });

  it('item 5: a chosen value in a select reads in the text colour, not the placeholder colour', async () => {
    await page.goto(guestsUrl());
    await page.getByTestId('guest-count').waitFor();
    await field('Attribute').getByRole('button').first().click();
    await page.getByRole('option', { name: 'Side: Bride', exact: true }).click();
    // A chosen value reads in the text colour, the placeholder in the muted one.
    const colours = await page.evaluate(() => {
      const color = (element: Element) => getComputedStyle(element).color;
      const buttons = [...document.querySelectorAll('.toolbar .select-button')];
      const chosen = buttons.find((button) => button.textContent?.includes('Side: Bride'))!;
      const empty = buttons.find((button) => button.textContent?.includes('Any'))!;
      const innermost = (element: Element): Element => (element.firstElementChild ? innermost(element.firstElementChild) : element);
      return { chosen: color(innermost(chosen)), placeholder: color(innermost(empty)), text: color(chosen) };
    });
    expect(colours.chosen).not.toBe(colours.placeholder);
    expect(colours.chosen).toBe(colours.text);
    expect(errors).toEqual([]);
  });
});
