import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '../../core/schemas/activity';
import type { AttributeCategory } from '../../core/schemas/attribute-category';
import type { Guest, GuestBulkResult } from '../../core/schemas/guest';
import type { Household } from '../../core/schemas/household';
import type { Occasion } from '../../core/schemas/occasion';
import { chromiumPath, closeContexts, sharedChromium } from '../../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../../server/test-support/live-server';
import { signUpInContext, type E2eHost } from '../e2e-host';

/**
 * The CSV export and import in Chromium against the real server: export an occasion's guests and
 * import them into other occasions (every field of every guest, household and invitation
 * compared), a meal turned off in the target, a refusal found after the guests were written, and
 * files in other planners' column shapes.
 */

const MEALS = [
  { value: 'beef', text: 'Beef' },
  { value: 'fish', text: 'Fish' },
  { value: 'veg', text: 'Vegetarian' },
];

interface Setup {
  occasion: Occasion;
  activities: Activity[];
  categories: AttributeCategory[];
}

/** An occasion with the same schedule and attributes as every other one of this test. */
async function occasionLike(host: E2eHost, title: string, beefOn = true): Promise<Setup> {
  const occasion = await host.call<Occasion>('POST', '/occasion', { title, startDate: '2027-06-12', endDate: '2027-06-13' });
  const o = `/occasion/${occasion.id}`;
  const activities = [
    await host.call<Activity>('POST', `${o}/activity`, { name: 'Ceremony', startsAt: '2027-06-12T15:00:00.000Z' }),
    await host.call<Activity>('POST', `${o}/activity`, {
      name: 'Reception',
      startsAt: '2027-06-12T18:00:00.000Z',
      mealOptions: MEALS.map((meal) => (meal.value === 'beef' && !beefOn ? { ...meal, disabled: true } : meal)),
    }),
  ];
  const categories = [
    await host.call<AttributeCategory>('POST', `${o}/attribute-category`, {
      name: 'Side',
      options: [
        { value: 'bride', text: 'Bride' },
        { value: 'groom', text: 'Groom' },
      ],
    }),
    await host.call<AttributeCategory>('POST', `${o}/attribute-category`, {
      name: 'Tags',
      multiple: true,
      options: [
        { value: 'family', text: 'Family' },
        { value: 'work', text: 'Work; colleagues' },
        { value: 'school', text: 'School' },
      ],
    }),
  ];
  return { occasion, activities, categories };
}

const FIRST = ['Ana', 'Bruno', 'Chloé', 'Dmitri', 'Esme', 'Farid', 'Greta', 'Hiro', 'Ines', 'Jonas'];
const LAST = ['Smith', "O'Brien", 'Müller', 'Okafor-Bell', 'Tanaka', 'Rossi'];

/** 60 guests in 30 households using every field, plus-ones, answers and meals (Beef among them). */
async function fillSource(host: E2eHost, source: Setup): Promise<void> {
  const id = source.occasion.id;
  const [side, tags] = source.categories as [AttributeCategory, AttributeCategory];
  const rows = Array.from({ length: 60 }, (_, i) => {
    const last = LAST[i % 6]!;
    const row: Record<string, unknown> = {
      firstName: FIRST[i % 10]!,
      lastName: `${last}${i >= 30 ? ' Jr' : ''}`,
      email: i % 3 === 0 ? `guest${i}@example.com` : '',
      phone: i % 4 === 0 ? `+1 555 010 ${String(1000 + i)}` : '',
      ageGroup: (['ADULT', 'ADULT', 'CHILD', 'INFANT'] as const)[i % 4],
      plusOneAllowed: i % 5 === 0,
      dietaryNotes: i % 7 === 0 ? 'No nuts, "really"; none at all' : '',
      notes: i % 9 === 0 ? 'Line one\nline two, =not a formula' : '',
      attributes: { [side.id]: [i % 2 ? 'bride' : 'groom'], [tags.id]: i % 3 ? ['family', 'work'] : [] },
    };
    if (i % 15 !== 14) row.householdName = `Household ${Math.floor(i / 2)}`;
    // Odd rows are their even neighbour's plus-one.
    if (i % 2 === 1 && i % 15 !== 14) row.plusOneOfRow = i - 1;
    return row;
  });
  const { guests } = await host.call<GuestBulkResult>('POST', `/occasions/${id}/guests`, { guests: rows });
  const households = await host.call<Household[]>('GET', `/occasion/${id}/households`);
  for (const [index, household] of households.entries()) {
    const canadian = index % 4 === 0;
    await host.call('PUT', `/occasion/${id}/household/${household.id}`, {
      addressLine1: `${index + 1} Maple Street`,
      addressLine2: index % 3 === 0 ? `Apt ${index}` : '',
      city: canadian ? 'Toronto' : 'Springfield',
      state: canadian ? 'ON' : 'IL',
      postalCode: canadian ? 'M5V 2T6' : '62701',
      country: canadian ? 'Canada' : 'USA',
      phone: index % 2 ? '555-123-4567' : '',
      email: index % 5 === 0 ? `house${index}@example.com` : '',
      notes: index % 6 === 0 ? 'Send by post' : '',
    });
  }
  const [ceremony, reception] = source.activities as [Activity, Activity];
  const responses = ['PENDING', 'ATTENDING', 'DECLINED'] as const;
  const lines = guests.flatMap((guest, i) => {
    const out: object[] = [];
    if (i % 6 !== 5) out.push({ guestId: guest.id, activityId: ceremony.id, invited: true, response: responses[i % 3] });
    if (i % 4 !== 3) {
      const response = responses[(i + 1) % 3]!;
      out.push({ guestId: guest.id, activityId: reception.id, invited: true, response, mealChoice: response === 'ATTENDING' ? MEALS[Math.floor(i / 3) % 3]!.value : null });
    }
    return out;
  });
  await host.call('PUT', `/occasion/${id}/invite-lines`, { lines });
  // Beef is turned off after guests chose it: their choices stay (unchanged).
  await host.call('PUT', `/occasion/${id}/activity/${reception.id}`, { mealOptions: MEALS.map((meal) => (meal.value === 'beef' ? { ...meal, disabled: true } : meal)) });
}

/** Everything of an occasion's guests, by name, with ids replaced by what they stand for. */
async function describeGuests(host: E2eHost, setup: Setup): Promise<Map<string, unknown>> {
  const id = setup.occasion.id;
  const [guests, households, activities, categories] = await Promise.all([
    host.call<Guest[]>('GET', `/occasion/${id}/guests`),
    host.call<Household[]>('GET', `/occasion/${id}/households`),
    host.call<Activity[]>('GET', `/occasion/${id}/activities`),
    host.call<AttributeCategory[]>('GET', `/occasion/${id}/attribute-categories`),
  ]);
  const nameOf = (guestId: string | null) => {
    const guest = guests.find((entry) => entry.id === guestId);
    return guest ? `${guest.firstName} ${guest.lastName}` : null;
  };
  const described = new Map<string, unknown>();
  for (const guest of guests) {
    const household = households.find((entry) => entry.id === guest.householdId);
    const {
      id: _id,
      occasionId: _o,
      inviteCode: _code,
      guestIds,
      createdAt: _c,
      updatedAt: _u,
      ...householdFields
    } = household ?? ({ guestIds: [] } as unknown as Household);
    described.set(`${guest.firstName} ${guest.lastName}`, {
      firstName: guest.firstName,
      lastName: guest.lastName,
      email: guest.email,
      phone: guest.phone,
      ageGroup: guest.ageGroup,
      plusOneAllowed: guest.plusOneAllowed,
      plusOneOf: nameOf(guest.plusOneOf),
      dietaryNotes: guest.dietaryNotes,
      notes: guest.notes,
      attributes: Object.fromEntries(categories.map((category) => [category.name, guest.attributes[category.id] ?? []])),
      household: household ? { ...householdFields, members: guestIds.map(nameOf).sort() } : null,
      invitations: Object.fromEntries(
        guest.invitations.map((invitation) => [
          activities.find((activity) => activity.id === invitation.activityId)!.name,
          { response: invitation.response, mealChoice: invitation.mealChoice },
        ]),
      ),
    });
  }
  return described;
}

describe.skipIf(!chromiumPath)('CSV round trip in Chromium', () => {
  let server: LiveServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let host: E2eHost;
  let source: Setup;
  let exported: Buffer;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startLiveServer();
    browser = await sharedChromium();
    context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    host = await signUpInContext(context, server.url);
    source = await occasionLike(host, 'Source');
    await fillSource(host, source);
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  });

  afterAll(async () => {
    await closeContexts(browser);
    await server?.close();
  });

  /** Opens the import screen of `target` with `file`, and waits for the preview. */
  async function preview(target: Setup, name: string, file: Buffer): Promise<string> {
    await page.goto(`${server.url}/occasion/${target.occasion.id}/guests/import`);
    await page.getByRole('heading', { name: 'Import guests from a spreadsheet' }).waitFor();
    await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: file });
    await page.getByTestId('import-counts').waitFor();
    return (await page.getByTestId('import-counts').textContent()) ?? '';
  }

  async function importAll(): Promise<void> {
    await page.getByRole('button', { name: /^Import \d+ guests?$/ }).click();
  }

  it('exports every guest, then a full import into another occasion recreates every field of every guest, household and invitation', async () => {
    await page.goto(`${server.url}/occasion/${source.occasion.id}/guests`);
    await page.getByTestId('guest-count').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    exported = readFileSync((await download.path())!);

    // A refusal found after the guests were written rolls the whole import back: nothing half-imported.
    const target = await occasionLike(host, 'Copy');
    expect(await preview(target, 'source.csv', exported)).toBe('60 rows in source.csv: 60 guests.');
    const reception = target.activities[1]!;
    // Beef is on in the copy (so every row passes); Fish is turned off behind the preview's back.
    await host.call('PUT', `/occasion/${target.occasion.id}/activity/${reception.id}`, {
      mealOptions: MEALS.map((meal) => (meal.value === 'fish' ? { ...meal, disabled: true } : meal)),
    });
    await importAll();
    const failed = page.getByText('Nothing was imported: “Fish” can no longer be chosen for Reception.'.replace(/[“”]/g, '"'));
    await failed.waitFor({ timeout: 60_000 });
    // Said beside the Import button, with the focus on it.
    expect(await failed.evaluate((element) => element === document.activeElement && element.getAttribute('role') === 'alert')).toBe(true);
    expect(await failed.evaluate((element) => element.nextElementSibling?.querySelector('button')?.textContent)).toMatch(/^Import /);
    expect(await host.call<Guest[]>('GET', `/occasion/${target.occasion.id}/guests`)).toEqual([]);
    expect(await host.call<Household[]>('GET', `/occasion/${target.occasion.id}/households`)).toEqual([]);

    // With Fish on again, the same preview imports everything.
    await host.call('PUT', `/occasion/${target.occasion.id}/activity/${reception.id}`, { mealOptions: MEALS });
    await importAll();
    await page.getByTestId('import-summary').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('import-summary').textContent()).toMatch(/60 guests added, 0 guests updated\. \d+ invitations recorded\./);

    const before = await describeGuests(host, source);
    const after = await describeGuests(host, target);
    expect(after.size).toBe(60);
    for (const [name, fields] of before) expect(after.get(name), name).toEqual(fields);
    expect(errors).toEqual([]);
  });

  it('into an occasion where a chosen meal is turned off: those rows are reported before writing, the rest arrive whole', async () => {
    const target = await occasionLike(host, 'Beef off', false);
    const counts = await preview(target, 'source.csv', exported);
    const before = await describeGuests(host, source);
    const beefEaters = [...before].filter(([, fields]) => (fields as { invitations: Record<string, { mealChoice: string | null }> }).invitations.Reception?.mealChoice === 'beef');
    expect(beefEaters.length).toBeGreaterThan(0);
    expect(counts).toContain(`${beefEaters.length} rows with problems`);
    const flagged = page.locator('tr[data-status=bad]');
    expect(await flagged.count()).toBe(beefEaters.length);
    expect(await flagged.first().textContent()).toContain('Reception: “Beef” is turned off in the schedule');
    await importAll();
    await page.getByTestId('import-summary').waitFor({ timeout: 60_000 });
    const after = await describeGuests(host, target);
    expect(after.size).toBe(60 - beefEaters.length);
    for (const [name, fields] of after) {
      const was = before.get(name) as { plusOneOf: string | null; household: { members: string[] } | null };
      // A plus-one of a guest left out, and a household missing that guest, are the only differences.
      const leftOut = new Set(beefEaters.map(([eater]) => eater));
      expect(fields, name).toEqual({
        ...was,
        plusOneOf: was.plusOneOf && leftOut.has(was.plusOneOf) ? null : was.plusOneOf,
        household: was.household ? { ...was.household, members: was.household.members.filter((member) => !leftOut.has(member)) } : null,
      });
    }
    expect(errors).toEqual([]);
  });

  it("imports files in other planners' column shapes: households from Household / Party, Party, Group and Family", async () => {
    const expected: [string, number, Record<string, string[]>][] = [
      ['the-knot-shape.csv', 3, { 'The Solbergs': ['Maren Solberg', 'Tove Solberg'], 'Quentin Abara': ['Quentin Abara'] }],
      ['joy-shape.csv', 3, { 'Lindqvist Family': ['Astrid Lindqvist', 'Nils Lindqvist', 'Saga Lindqvist'] }],
      ['rsvpify-shape.csv', 2, { 'Team Marchetti': ['Dario Marchetti', 'Livia Marchetti'] }],
      ['family-sheet.csv', 2, { Ferreira: ['Beatriz Ferreira', 'Caio Ferreira'] }],
      ['zola-shape.csv', 3, { 'Wren & Ezra Halloway': ['Ezra Halloway', 'Wren Halloway'], 'Idris Okonkwo-Bell': ['Idris Okonkwo-Bell'] }],
    ];
    for (const [file, guests, households] of expected) {
      const target = await occasionLike(host, file);
      const counts = await preview(target, file, readFileSync(resolve('dashboard/csv/fixtures', file)));
      expect(counts, file).toContain(`: ${guests} guests.`);
      await importAll();
      await page.getByTestId('import-summary').waitFor({ timeout: 60_000 });
      const described = await describeGuests(host, target);
      const byHousehold: Record<string, string[]> = {};
      for (const [name, fields] of described) {
        const household = (fields as { household: { name: string } | null }).household;
        (byHousehold[household?.name ?? '(none)'] ??= []).push(name);
      }
      for (const names of Object.values(byHousehold)) names.sort();
      expect(byHousehold, file).toEqual(households);
    }
    const knot = await host.call<Occasion[]>('GET', '/occasions');
    const knotOccasion = knot.find((occasion) => occasion.title === 'the-knot-shape.csv')!;
    const solbergs = (await host.call<Household[]>('GET', `/occasion/${knotOccasion.id}/households`)).find((household) => household.name === 'The Solbergs')!;
    expect(solbergs).toMatchObject({ addressLine1: '9 Fir Court', city: 'Tacoma', state: 'WA', postalCode: '98402', country: 'USA' });
    expect(errors).toEqual([]);
  });
});
