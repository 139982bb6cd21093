/**
 * The widget in real headless Chromium, cross-site: the API and `widget.js` on
 * `http://localhost:<port>` (the real server over HTTP), the example host sites on
 * `http://127.0.0.1:<port2>`. Needs the built widget and examples (`npx tsup`).
 */
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import ICAL from 'ical.js';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../server/app';
import { startExamplesServer, type ExamplesServer } from '../server/frontends/serve-examples';
import { chromiumPath, closeContexts, sharedChromium } from '../server/test-support/browser';
import { signUpHost, type HostClient } from '../server/in-process/host-session';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';

const axePath = resolve('node_modules/axe-core/axe.min.js');
/** The app is `dist/widget/app/app-<content hash>.js`. */
const built = existsSync(resolve('dist/widget/widget.js')) && existsSync(resolve('dist/widget/app')) && readdirSync(resolve('dist/widget/app')).some((file) => /^app-.+\.js$/.test(file));
if (chromiumPath && !built) console.warn('\n\u26a0  dist/widget is missing: run `npx tsup` before the widget e2e tests.\n');

interface Fixture {
  occasionId: string;
  inviteCode: string;
  householdId: string;
  dinner: string;
  ceremony: string;
  jane: string;
  jose: string;
}

let live: LiveServer;
let examples: ExamplesServer;
let host: HostClient;
let browser: Browser;

async function json<T>(response: Promise<Response> | Response): Promise<T> {
  const answer = await response;
  const body = await answer.text();
  if (answer.status >= 300) throw new Error(`${answer.status} ${body}`);
  return JSON.parse(body) as T;
}

/**
 * One occasion (sign-in is rate-limited per client and occasion, so each test has its own):
 * a welcome dinner with meal options (one disabled) and a ceremony without, the Smiths (Jane,
 * who may bring a plus-one, and Jose) invited to both.
 */
async function createOccasion(title = 'Sam & Alex are getting married', joseAtCeremony = true, allowedOrigins = [examples.url]): Promise<Fixture> {
  const occasion = await json<{ id: string }>(
    host.request('POST', '/occasion', {
      title,
      description: 'A weekend in the hills.',
      startDate: '2027-06-11',
      endDate: '2027-06-13',
      timezone: 'America/New_York',
      venueName: 'Willow Creek Farm',
      venueAddress: '4100 Orchard Road, Hudson, NY 12534',
      passcode: 'willow2027',
      allowedOrigins,
      contactEmail: 'hosts@example.com',
    }),
  );
  const base = `/occasion/${occasion.id}`;
  const dinner = await json<{ id: string }>(
    host.request('POST', `${base}/activity`, {
      name: 'Welcome dinner',
      startsAt: '2027-06-11T23:00:00.000Z',
      endsAt: '2027-06-12T02:00:00.000Z',
      locationName: 'The Old Barn',
      dressCode: 'Smart casual',
      mealOptions: [
        { value: 'fish', text: 'Sea bass' },
        { value: 'beef', text: 'Beef' },
        { value: 'veal', text: 'Veal', disabled: true },
      ],
    }),
  );
  const ceremony = await json<{ id: string }>(
    host.request('POST', `${base}/activity`, { name: 'Ceremony', startsAt: '2027-06-12T20:00:00.000Z', locationName: 'The Orchard', dressCode: 'Garden formal' }),
  );
  const household = await json<{ id: string; inviteCode: string }>(
    host.request('POST', `${base}/household`, {
      name: 'The Smiths',
      addressLine1: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      country: 'USA',
      phone: '555.123.4567',
    }),
  );
  const jane = await json<{ id: string }>(host.request('POST', `${base}/guest`, { householdId: household.id, firstName: 'Jane', lastName: 'Smith', plusOneAllowed: true }));
  await new Promise((done) => setTimeout(done, 5));
  const jose = await json<{ id: string }>(host.request('POST', `${base}/guest`, { householdId: household.id, firstName: 'Jose', lastName: 'Nunez' }));
  await json(
    host.request('PUT', `${base}/invite-lines`, {
      lines: [jane.id, jose.id].flatMap((guestId) =>
        [dinner.id, ceremony.id].map((activityId) => ({ guestId, activityId, invited: joseAtCeremony || guestId !== jose.id || activityId !== ceremony.id })),
      ),
    }),
  );
  return { occasionId: occasion.id, inviteCode: household.inviteCode, householdId: household.id, dinner: dinner.id, ceremony: ceremony.id, jane: jane.id, jose: jose.id };
}

/** Polls until the value matches (the browser, the API's 150 ms sign-in floor, routing: give it time). */
const eventually = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 15_000 });

const exampleUrl = (site: string, fixture: Fixture, extra = '') => `${examples.url}/${site}/?occasion=${fixture.occasionId}${extra}`;

/** The n-th widget of the page (Playwright's locators pierce its open shadow root). */
const widget = (page: Page, n = 0): Locator => page.locator('kindly-rsvp').nth(n);

/** axe-core on the widget only (the host pages are not ours): no serious or critical violation. */
async function expectAccessible(page: Page, state: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe;
    type AxeResults = { violations: AxeRule[]; passes: AxeRule[] };
    type AxeRule = { id: string; impact?: string | null; nodes: Array<{ target: unknown; failureSummary?: string }> };
    const results = await axe.run(document.querySelector('kindly-rsvp'), { resultTypes: ['violations', 'passes'] });
    return {
      violations: results.violations
        .filter((rule) => rule.impact === 'serious' || rule.impact === 'critical')
        .map((rule) => ({ id: rule.id, nodes: rule.nodes.map((node) => [node.target, node.failureSummary]) })),
      // Proof that axe looked inside the shadow root: the widget's controls were checked.
      checkedInside: results.passes.some((rule) => rule.nodes.some((node) => JSON.stringify(node.target).includes('kindly-rsvp'))),
    };
  });
  expect(result.violations, `axe on "${state}"`).toEqual([]);
  expect(result.checkedInside, `axe reached the shadow root on "${state}"`).toBe(true);
}

async function signInByCode(page: Page, code: string): Promise<void> {
  await widget(page).getByLabel('Invite code').fill(code);
  await widget(page).getByRole('button', { name: 'Continue' }).click();
}

const group = (scope: Locator, name: string | RegExp) => scope.getByRole('group', { name });

/** Answers one member for one activity in the RSVP form. */
async function answer(page: Page, activity: RegExp, guest: string, attending: boolean, meal?: string): Promise<void> {
  const who = group(group(widget(page), activity), guest);
  await who.getByRole('radio', { name: attending ? 'Joyfully accepts' : 'Regretfully declines' }).check();
  if (meal) await who.getByLabel(`Meal for ${guest}`).selectOption(meal);
}

async function hostLines(fixture: Fixture) {
  return json<Array<{ guestId: string; activityId: string; response: string; mealChoice: string | null; respondedBy: string | null }>>(
    host.request('GET', `/occasion/${fixture.occasionId}/invite-lines`),
  );
}
const lineOf = (lines: Awaited<ReturnType<typeof hostLines>>, guestId: string, activityId: string) =>
  lines.find((line) => line.guestId === guestId && line.activityId === activityId);


/** Holds the app's script back until the returned function is called: widget.js's own form is all there is. */
async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((done) => (release = done));
  await page.route('**/widget/app/app-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
describe.skipIf(!chromiumPath || !built)('the widget on cross-site host pages (Chromium)', () => {
  beforeAll(async () => {
    live = await startLiveServer();
    examples = await startExamplesServer({ port: 0, examplesDir: 'examples', distDir: 'dist', apiOrigin: live.url });
    host = await signUpHost(createApp(live.deps));
    browser = await sharedChromium();
  });

  afterAll(async () => {
    await closeContexts(browser);
    await examples?.close();
    await live?.close();
  });

  it('serves the pages cross-site: the API on localhost, the example on 127.0.0.1, the snippet pointing at the API', async () => {
    expect(new URL(live.url).hostname).toBe('localhost');
    expect(new URL(examples.url).hostname).toBe('127.0.0.1');
    const page = await (await fetch(`${examples.url}/wedding/?occasion=abc_DEF-123`)).text();
    expect(page).toContain(`<script src="${live.url}/widget.js" async></script>`);
    expect(page).toContain('<kindly-rsvp occasion="abc_DEF-123">');
    // Only an id-shaped occasion is written into the page, and nothing outside examples/ is served.
    expect(await (await fetch(`${examples.url}/wedding/?occasion=%22%3E%3Cscript%3E`)).text()).toContain('<kindly-rsvp occasion="">');
    expect((await fetch(`${examples.url}/%2e%2e/package.json`)).status).toBe(404);
    expect((await fetch(`${examples.url}/..%2fpackage.json`)).status).toBe(404);
  });

  it('signs in by code, edits the household, RSVPs with meals and a plus-one, finds and changes the answers; the host sees them', async () => {
    const fixture = await createOccasion();
    const context = await browser.newContext({ viewport: { width: 900, height: 1000 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(exampleUrl('wedding', fixture));
    const w = widget(page);

    // Sign-in: a clear message for a missing code and for a wrong one.
    await eventually(() => w.getByRole('heading', { name: 'Find your invitation' }).isVisible()).toBe(true);
    await expectAccessible(page, 'sign-in');
    await w.getByRole('button', { name: 'Continue' }).click();
    await eventually(() => w.getByText('Invite code is required.').isVisible()).toBe(true);
    expect(await w.getByLabel('Invite code').evaluate((input) => input.getAttribute('aria-invalid'))).toBe('true');
    await signInByCode(page, 'AAAA-BBBB-CCCC');
    await eventually(() => w.getByRole('alert').textContent()).toContain("We couldn't find an invitation");
    await expectAccessible(page, 'sign-in failed');

    // The code as a guest might type it: lower case, spaces instead of dashes.
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/event/v1/')) asked.push(`${request.method()} ${pathname}`);
    });
    const reads = () => asked.filter((request) => /^GET \/event\/v1\/(info|household|rsvp)$/.test(request)).sort();
    await signInByCode(page, fixture.inviteCode.toLowerCase().replaceAll('-', ' '));
    await eventually(() => w.getByRole('heading', { name: 'Sam & Alex are getting married' }).isVisible()).toBe(true);
    // The RSVP form came from the sign-in's answer alone: none of the three reads was asked for.
    expect(asked).toContain('POST /event/v1/auth/credentials');
    expect(reads()).toEqual([]);
    expect(await w.getByText('Signed in as Jane Smith').isVisible()).toBe(true);
    // Focus follows the guest to the new screen.
    await eventually(() => page.evaluate(() => document.querySelector('kindly-rsvp')!.shadowRoot!.activeElement?.textContent)).toBe('Sam & Alex are getting married');
    await eventually(() => w.getByRole('group', { name: /Welcome dinner/ }).isVisible()).toBe(true);
    // The folded details and household come in a later chunk, after the form's frame.
    await eventually(() => w.locator('details.fold').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'signed in: event info and RSVP form');

    // Event info in the occasion's time zone (the details are folded under the RSVP).
    const info = await w.locator('.k').textContent();
    expect(info).toContain('Friday, June 11 – Sunday, June 13, 2027');
    expect(info).toContain('Fri, June 11, 7:00 – 10:00 PM EDT');
    expect(info).toContain('Smart casual');
    expect(info).toContain('The Old Barn');
    // The token is kept for this occasion in the page's localStorage.
    expect(await page.evaluate((id) => localStorage.getItem(`kindly.guest-token.${id}`), fixture.occasionId)).toMatch(/.{20,}/);

    // Household: phone shown formatted; fix a name, add dietary notes, move to Canada.
    const household = w.locator('details', { has: page.getByText('Your household') });
    expect(await household.textContent()).toContain('(555) 123-4567');
    await household.locator('summary').click();
    await household.getByRole('button', { name: 'Edit household details' }).click();
    await expectAccessible(page, 'household form');
    const jose = group(household, 'Jose Nunez');
    await jose.getByLabel('First name').fill('José');
    await jose.getByLabel('Last name').fill('Núñez');
    await group(household, 'Jane Smith').getByLabel('Dietary notes').fill('No peanuts, please.');
    await household.getByLabel('Country').selectOption('Canada');
    expect(await household.getByLabel('Province or territory').inputValue()).toBe(''); // IL is not a province
    await household.getByLabel('Province or territory').selectOption({ label: 'Ontario' });
    await household.getByLabel('City').fill('Toronto');
    await household.getByLabel('Postal code').fill('M5V 2T6');
    await household.getByLabel('Phone').fill('416 555 0199');
    await household.getByLabel('Email').fill('not-an-email');
    await household.getByRole('button', { name: 'Save' }).click();
    await eventually(() => household.getByText('Enter an email like name@example.com.').isVisible()).toBe(true);
    // Focus moves to the field after the error is painted (the next render), so it is polled.
    await eventually(() => page.evaluate(() => document.querySelector('kindly-rsvp')!.shadowRoot!.activeElement?.getAttribute('type'))).toBe('email');
    await household.getByLabel('Email').fill('smiths@example.com');
    await household.getByRole('button', { name: 'Save' }).click();
    await eventually(() => household.getByText('Your details were saved.').isVisible()).toBe(true);
    const saved = await household.textContent();
    expect(saved).toContain('(416) 555-0199');
    expect(saved).toContain('Toronto, ON M5V 2T6');
    expect(saved).toContain('José Núñez');
    const hostHousehold = await json<{ country: string; state: string; email: string }>(host.request('GET', `/occasion/${fixture.occasionId}/household/${fixture.householdId}`));
    expect(hostHousehold).toMatchObject({ country: 'Canada', state: 'ON', email: 'smiths@example.com' });
    // The notice goes once the guest moves on.
    await w.getByLabel('Message to the hosts').focus();
    await eventually(() => household.getByText('Your details were saved.').count()).toBe(0);

    // RSVP: every answer is needed, and a meal when attending the dinner.
    const rsvp = w.locator('section', { has: page.getByRole('heading', { name: 'RSVP', exact: true }) });
    await rsvp.getByRole('button', { name: 'Review answers' }).click();
    await eventually(() => rsvp.getByText('Please choose an answer.').first().isVisible()).toBe(true);
    await expectAccessible(page, 'RSVP form with errors');
    await answer(page, /Welcome dinner/, 'Jane Smith', true);
    await rsvp.getByRole('button', { name: 'Review answers' }).click();
    await eventually(() => rsvp.getByText('Please choose a meal.').isVisible()).toBe(true);
    const janeMeal = group(group(rsvp, /Welcome dinner/), 'Jane Smith').getByLabel('Meal for Jane Smith');
    expect(await janeMeal.locator('option[value="veal"]').evaluate((option) => (option as HTMLOptionElement).disabled)).toBe(true);
    await janeMeal.selectOption('fish');
    await answer(page, /Welcome dinner/, 'José Núñez', true, 'beef');
    await answer(page, /Ceremony/, 'Jane Smith', true);
    await answer(page, /Ceremony/, 'José Núñez', false);
    await rsvp.getByLabel("Guest's first name").fill('Chris');
    await rsvp.getByLabel("Guest's last name").fill('Doe');
    // The plus-one's own meal, where Jane attends and meals are served.
    await rsvp.getByLabel('Meal for Chris Doe at Welcome dinner').selectOption('beef');
    expect(await rsvp.getByLabel('Meal for Chris Doe at Ceremony').count()).toBe(0);
    await rsvp.getByLabel('Message to the hosts').fill('We cannot wait!');
    await rsvp.getByRole('button', { name: 'Review answers' }).click();
    await eventually(() => rsvp.getByRole('heading', { name: 'Review your RSVP' }).isVisible()).toBe(true);
    const review = await rsvp.textContent();
    expect(review).toContain('Jane Smith: Joyfully accepts · Meal: Sea bass');
    expect(review).toContain('José Núñez: Regretfully declines');
    expect(review).toContain('Jane Smith: Bringing Chris Doe · Welcome dinner, Meal: Beef');
    expect(review).toContain('We cannot wait!');
    await expectAccessible(page, 'RSVP review');
    await rsvp.getByRole('button', { name: 'Send RSVP' }).click();
    await eventually(() => rsvp.getByText('Thank you! Your RSVP has been sent.').isVisible()).toBe(true);
    await expectAccessible(page, 'RSVP confirmation');

    // Add to calendar: an .ics of what the household attends, which a real parser reads.
    const calendarLink = rsvp.getByRole('link', { name: 'Add to calendar (.ics)' });
    expect(await calendarLink.getAttribute('download')).toBe('sam-alex-are-getting-married.ics');
    const href = (await calendarLink.getAttribute('href'))!;
    const ics = decodeURIComponent(href.slice(href.indexOf(',') + 1));
    const calendar = new ICAL.Component(ICAL.parse(ics));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => [event.summary, event.startDate.toJSDate().toISOString(), event.startDate.toString()])).toEqual([
      ['Welcome dinner · Sam & Alex are getting married', '2027-06-11T23:00:00.000Z', '2027-06-11T19:00:00'],
      ['Ceremony · Sam & Alex are getting married', '2027-06-12T20:00:00.000Z', '2027-06-12T16:00:00'],
    ]);

    // The host sees the answers, and the plus-one as a guest of the household.
    let lines = await hostLines(fixture);
    expect(lineOf(lines, fixture.jane, fixture.dinner)).toMatchObject({ response: 'ATTENDING', mealChoice: 'fish', respondedBy: 'GUEST' });
    expect(lineOf(lines, fixture.jose, fixture.dinner)).toMatchObject({ response: 'ATTENDING', mealChoice: 'beef' });
    expect(lineOf(lines, fixture.jose, fixture.ceremony)).toMatchObject({ response: 'DECLINED', mealChoice: null });
    const guests = await json<Array<{ id: string; firstName: string; plusOneOf: string | null; dietaryNotes: string }>>(host.request('GET', `/occasion/${fixture.occasionId}/guests`));
    const chris = guests.find((guest) => guest.firstName === 'Chris');
    expect(chris?.plusOneOf).toBe(fixture.jane);
    expect(lineOf(lines, chris!.id, fixture.dinner)).toMatchObject({ response: 'ATTENDING', mealChoice: 'beef' });
    expect(guests.find((guest) => guest.id === fixture.jane)?.dietaryNotes).toBe('No peanuts, please.');

    // Come back later: still signed in (the kept token, the session, then the three reads), the answers are there.
    asked.length = 0;
    await page.reload();
    await eventually(() => rsvp.getByRole('heading', { name: 'Your answers' }).isVisible()).toBe(true);
    expect(reads()).toEqual(['GET /event/v1/household', 'GET /event/v1/info', 'GET /event/v1/rsvp']);
    expect(asked).toContain(`GET /event/v1/auth/session/${fixture.occasionId}`);
    const summary = await rsvp.textContent();
    expect(summary).toContain('Jane Smith: Joyfully accepts · Meal: Sea bass');
    expect(summary).toContain('José Núñez: Joyfully accepts · Meal: Beef');
    expect(summary).toContain('Chris Doe: Joyfully accepts · Meal: Beef'); // the plus-one's own meal, chosen in the same reply
    expect(await household.textContent()).toContain('Guest of Jane Smith');

    // Change them until the deadline.
    await rsvp.getByRole('button', { name: 'Change answers' }).click();
    expect(await rsvp.getByLabel("Guest's first name").inputValue()).toBe('Chris');
    await answer(page, /Ceremony/, 'José Núñez', true);
    await answer(page, /Welcome dinner/, 'Chris Doe', true, 'fish');
    await rsvp.getByRole('button', { name: 'Review answers' }).click();
    await rsvp.getByRole('button', { name: 'Send RSVP' }).click();
    await eventually(() => rsvp.getByText('Thank you! Your RSVP has been updated.').isVisible()).toBe(true);
    lines = await hostLines(fixture);
    expect(lineOf(lines, fixture.jose, fixture.ceremony)).toMatchObject({ response: 'ATTENDING' });
    expect(lineOf(lines, chris!.id, fixture.dinner)).toMatchObject({ response: 'ATTENDING', mealChoice: 'fish' });

    // After the deadline: read-only, and it says so.
    await json(host.request('PUT', `/occasion/${fixture.occasionId}`, { rsvpDeadline: new Date(Date.now() - 60_000).toISOString() }));
    await page.reload();
    await eventually(() => rsvp.getByText('The RSVP deadline has passed', { exact: false }).isVisible()).toBe(true);
    expect(await rsvp.getByRole('button', { name: 'Change answers' }).count()).toBe(0);
    expect(await rsvp.getByRole('radio').count()).toBe(0);
    expect(await rsvp.textContent()).toContain('José Núñez: Joyfully accepts');
    await expectAccessible(page, 'RSVP closed');

    // Sign out: the token is gone, and a reload shows the sign-in form.
    await w.getByRole('button', { name: 'Sign out' }).click();
    await eventually(() => w.getByRole('heading', { name: 'Find your invitation' }).isVisible()).toBe(true);
    expect(await page.evaluate((id) => localStorage.getItem(`kindly.guest-token.${id}`), fixture.occasionId)).toBeNull();
    await page.reload();
    await eventually(() => w.getByLabel('Invite code').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("names the page's origin when the occasion does not allow it, and tells the site builder in the console", async () => {
    const fixture = await createOccasion('Elsewhere', true, ['https://www.sam-and-alex.example']);
    const page = await browser.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
    await page.goto(exampleUrl('blank', fixture));
    const alert = widget(page).getByRole('alert');
    await eventually(() => alert.textContent()).toContain(`may not be shown on ${examples.url}`);
    expect(await alert.textContent()).toContain('Settings, Allowed origins');
    expect(await widget(page).getByRole('button').count()).toBe(0); // no "Try again" that cannot work
    await eventually(() => warnings.some((text) => text.includes(`${examples.url} is not an allowed origin`))).toBe(true);
    await expectAccessible(page, 'origin not allowed');
    await page.close();
  });

  it('puts the RSVP first on a 375 x 740 phone, with the details folded and everyone accepting in one step', async () => {
    const fixture = await createOccasion('Phone');
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(exampleUrl('blank', fixture));
    const w = widget(page);
    await eventually(() => w.getByLabel('Invite code').isVisible()).toBe(true);
    await signInByCode(page, fixture.inviteCode);
    const firstAnswer = group(group(w, /Welcome dinner/), 'Jane Smith').getByRole('radio', { name: 'Joyfully accepts' });
    await eventually(() => firstAnswer.isVisible()).toBe(true);
    // The first question is on the first screen, without scrolling.
    expect(await page.evaluate(() => scrollY)).toBe(0);
    const box = (await firstAnswer.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Details and household are folded beneath, and open natively.
    expect(await w.getByText('The Old Barn').isVisible()).toBe(false);
    await w.locator('summary', { hasText: 'Event details' }).click();
    await eventually(() => w.getByText('The Old Barn').isVisible()).toBe(true);
    // The signed-in bar lines up with the cards' content.
    const bar = (await w.getByText('Signed in as Jane Smith').boundingBox())!;
    const rsvpHeading = (await w.getByRole('heading', { name: 'RSVP', exact: true }).boundingBox())!;
    expect(Math.abs(bar.x - rsvpHeading.x)).toBeLessThan(2);
    await expectAccessible(page, 'phone RSVP');

    // Everyone accepts everything: one step, then only the meals remain.
    await w.getByRole('button', { name: 'Everyone accepts everything' }).click();
    await eventually(() => w.getByText('Please choose a meal.').count()).toBe(2);
    expect(await w.getByRole('radio', { name: 'Joyfully accepts', checked: true }).count()).toBe(4);
    await group(group(w, /Welcome dinner/), 'Jane Smith').getByLabel('Meal for Jane Smith').selectOption('fish');
    await group(group(w, /Welcome dinner/), 'Jose Nunez').getByLabel('Meal for Jose Nunez').selectOption('beef');
    await w.getByRole('button', { name: 'Review answers' }).click();
    await w.getByRole('button', { name: 'Send RSVP' }).click();
    await eventually(() => w.getByText('Thank you! Your RSVP has been sent.').isVisible()).toBe(true);
    const lines = await hostLines(fixture);
    expect(lines.filter((line) => line.response === 'ATTENDING')).toHaveLength(4);
    await context.close();
  });

  it('speaks the language of its lang attribute, else of the page, each loaded on its own', async () => {
    const fixture = await createOccasion('Languages');
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));
    await page.goto(exampleUrl('blank', fixture));
    await eventually(() => widget(page).getByRole('heading', { name: 'Find your invitation' }).isVisible()).toBe(true);
    // English is built in: no language chunk was fetched.
    expect(scripts.filter((path) => /\/(es|fr|de|it|pt)-/.test(path))).toEqual([]);
    const titles: Record<string, string> = {
      es: 'Busca tu invitación',
      fr: 'Retrouvez votre invitation',
      de: 'Ihre Einladung finden',
      it: 'Trova il tuo invito',
      pt: 'Encontre seu convite',
    };
    await page.evaluate(
      ({ occasion, langs }) => {
        for (const lang of langs) {
          const element = document.createElement('kindly-rsvp');
          element.setAttribute('occasion', occasion);
          element.setAttribute('lang', lang);
          document.body.append(element);
        }
      },
      { occasion: fixture.occasionId, langs: Object.keys(titles) },
    );
    for (const [index, title] of Object.values(titles).entries()) {
      await eventually(() => widget(page, index + 1).getByRole('heading', { name: title }).isVisible()).toBe(true);
    }
    expect(await widget(page, 2).getByRole('button', { name: 'Continuer' }).isVisible()).toBe(true);
    // No lang attribute: the page's <html lang>.
    await page.evaluate((occasion) => {
      document.documentElement.lang = 'it-CH';
      const element = document.createElement('kindly-rsvp');
      element.setAttribute('occasion', occasion);
      document.body.append(element);
    }, fixture.occasionId);
    await eventually(() => widget(page, 6).getByRole('heading', { name: 'Trova il tuo invito' }).isVisible()).toBe(true);
    expect(await widget(page, 6).locator('.k').getAttribute('lang')).toBe('it-CH');
    await expectAccessible(page, 'languages');
    await page.close();
  });

  it('paints the sign-in form from widget.js before the app arrives, and the app takes over what the guest typed and sent', async () => {
    const fixture = await createOccasion('First paint');
    const page = await browser.newPage();
    const release = await holdApp(page);
    await page.goto(exampleUrl('blank', fixture));
    const w = widget(page);
    // The app is held back: this form is widget.js's own, and usable.
    await eventually(() => w.getByLabel('Invite code').isVisible()).toBe(true);
    expect(await w.getByRole('heading', { name: 'Find your invitation' }).isVisible()).toBe(true);
    await w.getByLabel('Invite code').fill(fixture.inviteCode);
    await w.getByLabel('Invite code').press('Enter');
    await expectAccessible(page, 'first paint by widget.js');
    release();
    // The app signs in with the code sent before it came, and the focus follows as after its own form.
    await eventually(() => w.getByText('Signed in as Jane Smith').isVisible()).toBe(true);
    await eventually(() => page.evaluate(() => document.querySelector('kindly-rsvp')!.shadowRoot!.activeElement?.textContent?.trim())).toBe('First paint');
    await page.close();
  });

  it("paints widget.js's sign-in form exactly as the app's: the same elements and computed styles with the first stylesheet alone", async () => {
    const fixture = await createOccasion('Same form');
    const page = await browser.newPage({ viewport: { width: 700, height: 900 } });
    const release = await holdApp(page);
    // The hostile page, with the couple's theme: what differs between the two sheets would show.
    await page.goto(exampleUrl('wedding', fixture));
    const w = widget(page);
    await eventually(() => w.getByLabel('Invite code').isVisible()).toBe(true);
    const styles = () =>
      page.evaluate(() => {
        const properties = [
          'font-family', 'font-size', 'font-weight', 'line-height', 'letter-spacing', 'text-transform', 'text-decoration-line',
          'color', 'background-color', 'border-top-width', 'border-top-style', 'border-top-color', 'border-top-left-radius',
          'padding-top', 'padding-left', 'margin-top', 'display', 'flex-direction', 'row-gap', 'box-sizing', 'width', 'height',
          'min-height', 'cursor', 'outline-style',
        ];
        const root = document.querySelector('kindly-rsvp')!.shadowRoot!;
        return {
          sheets: root.adoptedStyleSheets.length,
          elements: [...root.querySelectorAll('*')].map((element) => {
            const style = getComputedStyle(element);
            return [`${element.tagName.toLowerCase()}.${element.className}`, ...properties.map((property) => `${property}: ${style.getPropertyValue(property)}`)];
          }),
        };
      });
    const painted = await styles();
    expect(painted.sheets).toBe(1); // the sign-in form's rules only
    await page.evaluate(() => ((document.querySelector('kindly-rsvp')!.shadowRoot!.querySelector('.k') as HTMLElement & { painted?: true }).painted = true));
    release();
    // The app's own form replaced widget.js's (a new element), with both sheets.
    await eventually(() => page.evaluate(() => !(document.querySelector('kindly-rsvp')!.shadowRoot!.querySelector('.k') as (HTMLElement & { painted?: true }) | null)?.painted)).toBe(true);
    await eventually(() => w.getByLabel('Invite code').isVisible()).toBe(true);
    const app = await styles();
    expect(app.sheets).toBe(2);
    expect(painted.elements.length).toBeGreaterThan(10);
    expect(painted.elements).toEqual(app.elements);
    await page.close();
  });

  it('loses no key typed while the app takes over from widget.js', async () => {
    const fixture = await createOccasion('Typing through');
    const page = await browser.newPage();
    const release = await holdApp(page);
    await page.goto(exampleUrl('blank', fixture));
    const w = widget(page);
    await eventually(() => w.getByLabel('Invite code').isVisible()).toBe(true);
    await w.getByLabel('Invite code').focus();
    const half = Math.floor(fixture.inviteCode.length / 2);
    await page.keyboard.type(fixture.inviteCode.slice(0, half));
    release();
    await page.keyboard.type(fixture.inviteCode.slice(half), { delay: 15 });
    await page.keyboard.press('Enter');
    await eventually(() => w.getByText('Signed in as Jane Smith').isVisible()).toBe(true);
    await page.close();
  });

  it('keeps the name form a guest asked for before the app arrived', async () => {
    const fixture = await createOccasion('First paint by name');
    const page = await browser.newPage();
    const release = await holdApp(page);
    await page.goto(exampleUrl('blank', fixture));
    const w = widget(page);
    await eventually(() => w.getByLabel('Invite code').isVisible()).toBe(true);
    await w.getByRole('button', { name: "I don't have my invite code" }).click();
    release();
    await eventually(() => w.getByLabel('First name').isVisible()).toBe(true);
    const focused = () => page.evaluate(() => document.querySelector('kindly-rsvp')!.shadowRoot!.activeElement?.getAttribute('autocomplete'));
    await eventually(focused).toBe('given-name');
    // Carried over to the first form only: after signing in and out, the form asks for the code again.
    await w.getByRole('button', { name: 'Use my invite code instead' }).click();
    await w.getByLabel('Invite code').fill(fixture.inviteCode);
    await w.getByRole('button', { name: 'Continue' }).click();
    await w.getByRole('button', { name: 'Sign out' }).click();
    await eventually(() => w.getByLabel('Invite code').isVisible()).toBe(true);
    expect(await w.getByRole('button', { name: "I don't have my invite code" }).isVisible()).toBe(true);
    await page.close();
  });

  it('works with the keyboard alone: sign in, everyone accepts, the meal, the folds', async () => {
    const fixture = await createOccasion('Keyboard');
    const page = await browser.newPage();
    await page.goto(exampleUrl('blank', fixture));
    const w = widget(page);
    const active = () => page.evaluate(() => document.querySelector('kindly-rsvp')!.shadowRoot!.activeElement?.textContent?.trim() ?? '');
    /** Presses Tab until the focused control's text starts with `text`. */
    const tabTo = async (text: string) => {
      for (let i = 0; i < 40 && !(await active()).startsWith(text); i++) await page.keyboard.press('Tab');
      expect(await active()).toMatch(new RegExp(`^${text}`));
    };
    await eventually(() => w.getByLabel('Invite code').isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('kindly-rsvp')!.shadowRoot!.activeElement?.id)).toBeTruthy();
    await page.keyboard.type(fixture.inviteCode);
    await page.keyboard.press('Enter');
    await eventually(() => active()).toBe('Keyboard'); // the focus follows to the occasion's title
    await tabTo('Everyone accepts everything');
    await page.keyboard.press('Enter');
    await eventually(() => w.getByRole('radio', { name: 'Joyfully accepts', checked: true }).count()).toBe(4);
    // The focus goes to the first meal still to choose (in an effect after the answers paint: a
    // loaded machine has shown the radios checked with the focus still on the button).
    await eventually(() => page.evaluate(() => document.querySelector('kindly-rsvp')!.shadowRoot!.activeElement?.tagName)).toBe('SELECT');
    await tabTo('Event details');
    await page.keyboard.press('Enter');
    await eventually(() => w.getByText('The Old Barn').isVisible()).toBe(true);
    await tabTo('Your household');
    await page.keyboard.press('Enter');
    await eventually(() => w.getByRole('button', { name: 'Edit household details' }).isVisible()).toBe(true);
    await page.close();
  });

  it('signs in by name and passcode, and says how long to wait when rate-limited', async () => {
    const fixture = await createOccasion();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(exampleUrl('wedding', fixture));
    const w = widget(page);
    await w.getByRole('button', { name: "I don't have my invite code" }).click();
    await w.getByLabel('First name').fill('jane');
    await w.getByLabel('Last name').fill('SMITH');
    await w.getByLabel('Passcode').fill('wrong');
    await w.getByRole('button', { name: 'Continue' }).click();
    await eventually(() => w.getByRole('alert').textContent()).toContain("We couldn't find an invitation");
    await w.getByLabel('Passcode').fill('willow2027');
    await w.getByRole('button', { name: 'Continue' }).click();
    await eventually(() => w.getByText('Signed in as Jane Smith').isVisible()).toBe(true);
    await w.getByRole('button', { name: 'Sign out' }).click();

    // Five attempts a minute per client and occasion (two used above); then the wait, from Retry-After.
    await w.getByRole('button', { name: "I don't have my invite code" }).click();
    await w.getByLabel('First name').fill('Nobody');
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await w.getByRole('button', { name: 'Continue' }).click();
      await eventually(() => w.getByRole('button', { name: 'Continue' }).isVisible()).toBe(true);
    }
    await eventually(() => w.getByRole('alert').textContent()).toMatch(/Too many attempts\. Please wait \d+ seconds and try again\./);
    await expectAccessible(page, 'rate limited');
    await context.close();
  });

  it('replies for a household whose members are not all invited to the same activities', async () => {
    const fixture = await createOccasion('Sam & Alex', false);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(exampleUrl('wedding', fixture, `&invite=${fixture.inviteCode}`));
    const w = widget(page);
    await eventually(() => w.getByRole('group', { name: /Ceremony/ }).isVisible()).toBe(true);
    // The household lists each member's invitations: Jose is asked about the dinner only.
    expect(await group(w, /Ceremony/).getByRole('group').count()).toBe(1);
    await answer(page, /Welcome dinner/, 'Jane Smith', true, 'fish');
    await answer(page, /Welcome dinner/, 'Jose Nunez', true, 'beef');
    await answer(page, /Ceremony/, 'Jane Smith', true);
    await w.getByRole('button', { name: 'Review answers' }).click();
    await w.getByRole('button', { name: 'Send RSVP' }).click();
    await eventually(() => w.getByText('Thank you! Your RSVP has been sent.').isVisible()).toBe(true);
    const lines = await hostLines(fixture);
    expect(lines).toHaveLength(3);
    expect(lineOf(lines, fixture.jose, fixture.ceremony)).toBeUndefined();
    expect(lineOf(lines, fixture.jose, fixture.dinner)).toMatchObject({ response: 'ATTENDING', mealChoice: 'beef' });
    // And so it stays after the reply.
    await page.reload();
    await eventually(() => w.getByRole('button', { name: 'Change answers' }).isVisible()).toBe(true);
    await w.getByRole('button', { name: 'Change answers' }).click();
    expect(await group(w, /Ceremony/).getByRole('group').count()).toBe(1);
    await context.close();
  });

  it('works where third-party cookies are blocked: the bearer token alone carries the session', async () => {
    const fixture = await createOccasion();
    const context = await browser.newContext();
    const cookiesSent: string[] = [];
    let cookiesRefused = 0;
    // Block the API's cookies: every request to it is sent from here (no cookie jar) and its
    // answer given back without Set-Cookie. (route.fetch() would store the cookies in the context.)
    await context.route(`${live.url}/event/**`, async (route) => {
      const request = route.request();
      const headers = await request.allHeaders();
      if (headers.cookie) cookiesSent.push(headers.cookie);
      const forwarded = Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(':') && name !== 'host' && name !== 'cookie'));
      const body = request.postData();
      const response = await fetch(request.url(), { method: request.method(), headers: forwarded, ...(body ? { body } : {}) });
      const answer = [...response.headers].filter(([name]) => name !== 'set-cookie');
      if (response.headers.getSetCookie().length) cookiesRefused += 1;
      await route.fulfill({ status: response.status, headers: Object.fromEntries(answer), body: Buffer.from(await response.arrayBuffer()) });
    });
    const page = await context.newPage();
    await page.goto(exampleUrl('wedding', fixture, `&invite=${fixture.inviteCode}`));
    const w = widget(page);
    // `?invite=CODE` signs the guest straight in.
    await eventually(() => w.getByText('Signed in as Jane Smith').isVisible()).toBe(true);
    await answer(page, /Welcome dinner/, 'Jane Smith', true, 'fish');
    await answer(page, /Welcome dinner/, 'Jose Nunez', false);
    await answer(page, /Ceremony/, 'Jane Smith', true);
    await answer(page, /Ceremony/, 'Jose Nunez', true);
    await w.getByRole('button', { name: 'Review answers' }).click();
    await w.getByRole('button', { name: 'Send RSVP' }).click();
    await eventually(() => w.getByText('Thank you! Your RSVP has been sent.').isVisible()).toBe(true);
    await page.reload();
    await eventually(() => w.getByText('Jose Nunez: Regretfully declines').isVisible()).toBe(true);
    expect(lineOf(await hostLines(fixture), fixture.jane, fixture.dinner)).toMatchObject({ response: 'ATTENDING', mealChoice: 'fish' });
    // Really no cookie: none stored for the API, none sent to it.
    expect((await context.cookies()).filter((cookie) => cookie.domain.includes('localhost'))).toEqual([]);
    expect(cookiesSent).toEqual([]);
    expect(cookiesRefused).toBeGreaterThan(0); // the API did try to set its cookie
    await context.close();
  });

  it("serves widget.js and the app with V8's compile hint first, so Chromium compiles their functions off the main thread", async () => {
    const loader = await (await fetch(`${live.url}/widget.js`)).text();
    const appFile = /widget\/app\/(app-[\w-]+\.js)/.exec(loader)?.[1];
    expect(appFile).toBeDefined();
    const app = await (await fetch(`${live.url}/widget/app/${appFile}`)).text();
    // The magic comment counts only at the very start of the file.
    expect(loader.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
    expect(app.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
    // The lazy chunks keep V8's default (compiled when called): most of them run only in part.
    const folded = readdirSync(resolve('dist/widget/app')).find((file) => /^folded-.+\.js$/.test(file))!;
    expect((await (await fetch(`${live.url}/widget/app/${folded}`)).text()).startsWith('//#')).toBe(false);
  });

  it("shows the RSVP to a page whose cached widget.js is an earlier build's, naming an app file gone since", async () => {
    const fixture = await createOccasion();
    const context = await browser.newContext();
    const page = await context.newPage();
    const current = readdirSync(resolve('dist/widget/app')).find((file) => /^app-.+\.js$/.test(file))!;
    await page.route('**/widget.js', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace(current, 'app-EarlierBuild0.js') });
    });
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(exampleUrl('blank', fixture, `&invite=${fixture.inviteCode}`));
    const w = widget(page);
    await eventually(() => w.getByText('Signed in as Jane Smith').isVisible()).toBe(true);
    // The lazy chunk imports the current app: with a second instance of it (and of Preact) its
    // folds would not render or open.
    await eventually(() => w.locator('summary', { hasText: 'Event details' }).isVisible()).toBe(true);
    await w.locator('summary', { hasText: 'Event details' }).click();
    await eventually(() => w.getByText('Willow Creek Farm').first().isVisible()).toBe(true);
    await answer(page, /Welcome dinner/, 'Jane Smith', true, 'fish');
    expect(asked.filter((path) => path.startsWith('/widget/app/app-'))).toEqual(['/widget/app/app-EarlierBuild0.js', `/widget/app/${current}`]);
    await context.close();
  });

  it('is not changed by the hostile page: the same computed styles as on a blank page, at any width from 320 px', async () => {
    const fixture = await createOccasion();
    const PROPERTIES = [
      'font-family', 'font-size', 'font-weight', 'font-style', 'line-height', 'letter-spacing', 'text-transform', 'text-align',
      'text-decoration-line', 'color', 'background-color', 'border-top-width', 'border-top-style', 'border-top-color',
      'border-left-width', 'border-top-left-radius', 'padding-top', 'padding-left', 'margin-top', 'margin-left', 'display',
      'box-sizing', 'visibility', 'opacity', 'cursor', 'outline-style', 'list-style-type', 'white-space', 'min-height',
    ];
    const computed = async (site: string, extra: string) => {
      const context = await browser.newContext({ viewport: { width: 700, height: 900 } });
      const page = await context.newPage();
      await page.goto(exampleUrl(site, fixture, extra));
      await eventually(() => widget(page).getByRole('button').first().isVisible()).toBe(true);
      if (extra) {
        await eventually(() => widget(page).getByRole('group', { name: /Welcome dinner/ }).isVisible()).toBe(true);
        // The folded details and household come in a later chunk, after the form's frame.
        await eventually(() => widget(page).locator('details.fold').count()).toBeGreaterThan(0);
      }
      const styles = await page.evaluate((properties) => {
        const root = document.querySelector('kindly-rsvp')!.shadowRoot!;
        return [...root.querySelectorAll('*')].map((element) => {
          const style = getComputedStyle(element);
          return [`${element.tagName.toLowerCase()}.${element.className}`, ...properties.map((property) => `${property}: ${style.getPropertyValue(property)}`)];
        });
      }, PROPERTIES);
      await context.close();
      return styles;
    };
    for (const extra of ['', `&invite=${fixture.inviteCode}`]) {
      const onBlank = await computed('blank', extra);
      const onHostile = await computed('wedding', extra);
      expect(onBlank.length).toBeGreaterThan(10);
      expect(onHostile).toEqual(onBlank);
      // The theme of the couple (custom properties) does reach it.
      expect(onHostile.find((row) => row[0] === 'div.k')).toContain('font-family: Georgia, "Times New Roman", serif');
    }

    // Narrow screens: nothing sticks out at 320 px, signed out or in.
    const context = await browser.newContext({ viewport: { width: 320, height: 800 } });
    const page = await context.newPage();
    await page.goto(exampleUrl('blank', fixture, `&invite=${fixture.inviteCode}`));
    await eventually(() => widget(page).getByRole('group', { name: /Welcome dinner/ }).isVisible()).toBe(true);
    await eventually(() => widget(page).locator('details.fold').count()).toBeGreaterThan(0);
    const overflow = await page.evaluate(() => {
      const root = document.querySelector('kindly-rsvp')!.shadowRoot!;
      const box = root.querySelector('.k')!.getBoundingClientRect();
      return [...root.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > box.right + 0.5).map((element) => element.outerHTML.slice(0, 80));
    });
    expect(overflow).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await context.close();
  });

  it('runs several widgets on a page and one added later; removing the element unmounts it', async () => {
    const fixture = await createOccasion();
    const context = await browser.newContext();
    const page = await context.newPage();

    // The site-builder page: the snippet pasted twice (script included twice), two widgets.
    await page.goto(exampleUrl('site-builder', fixture));
    await eventually(() => widget(page, 1).getByLabel('Invite code').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.querySelectorAll('script[src$="/widget.js"]').length)).toBe(2);
    await signInByCode(page, fixture.inviteCode);
    // Both show the same guest: one session per occasion on the page.
    await eventually(() => widget(page, 1).getByText('Signed in as Jane Smith').isVisible()).toBe(true);
    // lang="en-GB" on the second widget: British dates.
    await eventually(() => widget(page, 1).getByText('Friday 11 June', { exact: false }).first().isVisible()).toBe(true);

    // The React site: the widget mounts on its RSVP page, after load, and goes away with it.
    await page.goto(exampleUrl('react', fixture));
    await page.getByRole('button', { name: 'RSVP now' }).click();
    await eventually(() => widget(page).getByText('Signed in as Jane Smith').isVisible()).toBe(true);
    await page.evaluate(() => {
      (window as unknown as { removed: Element }).removed = document.querySelector('kindly-rsvp')!;
    });
    await page.getByRole('button', { name: 'Our story' }).click();
    expect(await page.locator('kindly-rsvp').count()).toBe(0);
    const left = await page.evaluate(() => {
      const root = (window as unknown as { removed: Element }).removed.shadowRoot!;
      return { children: root.childNodes.length, sheets: root.adoptedStyleSheets.length };
    });
    expect(left).toEqual({ children: 0, sheets: 0 });
    // And back: it mounts again.
    await page.getByRole('button', { name: 'RSVP', exact: true }).click();
    await eventually(() => widget(page).getByText('Signed in as Jane Smith').isVisible()).toBe(true);
    await context.close();
  });
});
