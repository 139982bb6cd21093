import jsQR from 'jsqr';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCheckInCode, type CheckInCounts, type CheckInList } from '../core/schemas/check-in';
import { chromiumPath, launchChromium } from '../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';
import { verifyAccount } from '../server/test-support/verify-account';
import { expectAccessible, expectReadableOnPhone, field, reportCspViolations } from './e2e-checks';
import { signUpInContext, type E2eHost } from './e2e-host';

/**
 * The door on the day, in real Chromium against the real server: a `door` person on a 390 px
 * phone checks households in by code and by name while a second door screen follows the counts;
 * with the connection cut the list still searches and marks wait on the phone, then go in order
 * when it is back; the host prints the invitation cards (A6 and Letter) to PDF, their QR codes
 * decode to each household's check-in link, and that link opens the household on the door screen.
 * `npm run build && npx vitest run --project browser dashboard/door`.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const eventually = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 20_000 });

/** The occasion's households and members; everyone attends the dinner, the first three the ceremony too. */
const FAMILIES: ReadonlyArray<[string, string[]]> = [
  ['The Smiths', ['Jane Smith', 'John Smith']],
  ['The Browns', ['Ann Brown']],
  ['The Garcias', ['Luis Garcia', 'Maria Garcia']],
  ['The Okafors', ['Chidi Okafor', 'Ngozi Okafor']],
  ['The Novaks', ['Petra Novak']],
];

describe.skipIf(!chromiumPath)('the door screen and the invitation cards in Chromium', () => {
  let live: LiveServer;
  let browser: Browser;
  let owner: E2eHost;
  let ownerContext: BrowserContext;
  let occasionId: string;
  let dinnerId: string;
  let ceremonyId: string;
  let door: { context: BrowserContext; page: Page };
  const errors: string[] = [];
  const cspViolations: string[] = [];

  const checkIn = () => owner.call<CheckInList>('GET', `/occasion/${occasionId}/check-in`);
  const counts = () => owner.call<CheckInCounts>('GET', `/occasion/${occasionId}/check-in/counts`);
  const arrivedAt = async (activityId: string) => (await counts()).counts.find((count) => count.activityId === activityId)!.arrived;
  const codeOf = async (name: string) => (await checkIn()).households.find((household) => household.name === name)!.code!;
  /** The count a door screen shows for an activity: `arrived / expected`. */
  const shownCount = (page: Page, activityId: string) => page.locator(`[data-activity-id="${activityId}"] .door__count`).innerText();

  async function newContext(viewport: { width: number; height: number }): Promise<BrowserContext> {
    const phone = viewport.width < 640;
    const context = await browser.newContext({ viewport, ...(phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}) });
    await reportCspViolations(context, cspViolations);
    return context;
  }

  async function newPage(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    return page;
  }

  beforeAll(async () => {
    live = await startLiveServer();
    // A camera for the scan: Chromium's fake device (a moving test picture), allowed without asking.
    browser = await launchChromium({ args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] });
    ownerContext = await newContext(DESKTOP);
    owner = await signUpInContext(ownerContext, live.url);
    await verifyAccount(live.deps.db, owner.email);
    const occasion = await owner.call<{ id: string }>('POST', '/occasion', { title: 'Sam & Alex', startDate: '2099-06-12', endDate: '2099-06-13' });
    occasionId = occasion.id;
    const o = `/occasion/${occasionId}`;
    ceremonyId = (await owner.call<{ id: string }>('POST', `${o}/activity`, { name: 'Ceremony', startsAt: '2099-06-12T15:00:00.000Z' })).id;
    dinnerId = (await owner.call<{ id: string }>('POST', `${o}/activity`, { name: 'Dinner', startsAt: '2099-06-12T18:00:00.000Z' })).id;
    const lines: { guestId: string; activityId: string; invited: true; response: 'ATTENDING' }[] = [];
    for (const [index, [name, members]] of FAMILIES.entries()) {
      const household = await owner.call<{ id: string }>('POST', `${o}/household`, { name });
      for (const member of members) {
        const [firstName, lastName] = member.split(' ');
        const guest = await owner.call<{ id: string }>('POST', `${o}/guest`, { firstName, lastName, householdId: household.id });
        lines.push({ guestId: guest.id, activityId: dinnerId, invited: true, response: 'ATTENDING' });
        if (index < 3) lines.push({ guestId: guest.id, activityId: ceremonyId, invited: true, response: 'ATTENDING' });
      }
    }
    await owner.call('PUT', `${o}/invite-lines`, { lines });

    // The door person: invited by the owner through the people routes, accepted while signed in.
    const context = await newContext(PHONE);
    const person = await signUpInContext(context, live.url);
    await owner.call('POST', `${o}/invitations`, { email: person.email, role: 'door' });
    const mail = await live.deps.db.selectFrom('email').select('text').where('kind', '=', 'HOST_INVITATION').where('to', '=', person.email).executeTakeFirstOrThrow();
    const token = /\/invitation#([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    await person.call('POST', '/invitation/accept', { token });
    door = { context, page: await newPage(context) };
  });

  afterAll(async () => {
    await browser?.close();
    await live?.close();
  });

  /** Opens a household on the door phone by typing its code as given, and checks in the named guests. */
  async function checkInByCode(page: Page, typed: string, household: string, guests: string[]): Promise<void> {
    await field(page, 'Check-in code').locator('input').fill(typed);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    const panel = page.getByRole('region', { name: household });
    await panel.waitFor();
    for (const guest of guests) await panel.getByRole('button', { name: `Check in ${guest}` }).click();
    for (const guest of guests) await panel.getByRole('button', { name: `Undo check-in of ${guest}` }).waitFor();
  }

  it('checks two households in by code and one by name on a phone, while a second door screen follows the counts', async () => {
    const { page } = door;
    await page.goto(`${live.url}/occasion/${occasionId}/door`);
    await page.getByRole('radio', { name: 'Dinner' }).check();
    await eventually(() => shownCount(page, dinnerId)).toBe('0 / 8');

    const second = await newPage(ownerContext);
    await second.goto(`${live.url}/occasion/${occasionId}/door`);
    await second.getByRole('radio', { name: 'Dinner' }).check();
    await eventually(() => shownCount(second, dinnerId)).toBe('0 / 8');
    // The camera's button is there only where the browser has a BarcodeDetector (Chromium on Linux has none).
    const detector = await page.evaluate(() => 'BarcodeDetector' in window);
    expect(await page.getByRole('button', { name: 'Scan a card' }).count()).toBe(detector ? 1 : 0);

    // Typed in lower case with spaces, and as printed with its dash.
    const smiths = await codeOf('The Smiths');
    await checkInByCode(page, ` ${smiths.slice(0, 5).toLowerCase()} ${smiths.slice(5).toLowerCase()} `, 'The Smiths', ['Jane Smith', 'John Smith']);
    await checkInByCode(page, formatCheckInCode(await codeOf('The Browns')), 'The Browns', ['Ann Brown']);
    // By name: only the arriving guest of the household.
    await field(page, 'Find a guest or household').locator('input').fill('garcia');
    const results = page.getByRole('list', { name: 'Households' });
    await eventually(() => results.getByRole('listitem').filter({ has: page.getByRole('heading') }).count()).toBe(1);
    await results.getByRole('button', { name: 'Open The Garcias' }).click();
    const garcias = page.getByRole('region', { name: 'The Garcias' });
    await garcias.getByRole('button', { name: 'Check in Luis Garcia' }).click();
    await garcias.getByRole('button', { name: 'Undo check-in of Luis Garcia' }).waitFor();
    await eventually(() => shownCount(page, dinnerId)).toBe('4 / 8');

    // The other door screen follows by polling, and the server agrees.
    await eventually(() => shownCount(second, dinnerId)).toBe('4 / 8');
    expect(await shownCount(second, ceremonyId)).toBe('0 / 5');
    await eventually(() => arrivedAt(dinnerId)).toBe(4);
    // An undo on the second screen reaches the phone too.
    await field(second, 'Find a guest or household').locator('input').fill('ann');
    await second.getByRole('list', { name: 'Households' }).getByRole('button', { name: 'Open The Browns' }).click();
    await second.getByRole('region', { name: 'The Browns' }).getByRole('button', { name: 'Undo check-in of Ann Brown' }).click();
    await eventually(() => shownCount(page, dinnerId)).toBe('3 / 8');
    await eventually(() => arrivedAt(dinnerId)).toBe(3);
    await second.close();

    await expectReadableOnPhone(page, 'door, a household open');
    await expectAccessible(page, 'door, a household open (phone)');
    expect(errors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });

  it('keeps searching and queues marks while offline, then sends them in order when the connection is back', async () => {
    const { page, context } = door;
    await page.goto(`${live.url}/occasion/${occasionId}/door`);
    await page.getByRole('radio', { name: 'Dinner' }).check();
    await eventually(() => shownCount(page, dinnerId)).toBe('3 / 8');
    // The marks' requests that reached the server (an offline attempt fails instead of finishing).
    const posts: Request[] = [];
    page.on('requestfinished', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/check-in')) posts.push(request);
    });

    await context.setOffline(true);
    await field(page, 'Find a guest or household').locator('input').fill('okafor');
    const results = page.getByRole('list', { name: 'Households' });
    await results.getByRole('button', { name: 'Open The Okafors' }).click();
    const okafors = page.getByRole('region', { name: 'The Okafors' });
    await okafors.getByRole('button', { name: 'Check in Chidi Okafor' }).click();
    await okafors.getByRole('button', { name: 'Check in Ngozi Okafor' }).click();
    // A mistake, undone while still offline: the undo must reach the server after the arrival.
    await okafors.getByRole('button', { name: 'Undo check-in of Ngozi Okafor' }).click();
    await field(page, 'Find a guest or household').locator('input').fill('petra');
    await results.getByRole('button', { name: 'Open The Novaks' }).click();
    await page.getByRole('region', { name: 'The Novaks' }).getByRole('button', { name: 'Check in Petra Novak' }).click();

    const status = page.getByRole('status').filter({ hasText: /waiting/ });
    await eventually(() => status.innerText()).toMatch(/^4 marks waiting/);
    await eventually(() => shownCount(page, dinnerId)).toBe('5 / 8');
    await expectAccessible(page, 'door, offline with marks waiting (phone)');
    // Kept on the phone, and nothing reached the server.
    const kept = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as { arrived: boolean }[], `kindly.door.marks.${occasionId}`);
    expect(kept.map((mark) => mark.arrived)).toEqual([true, true, false, true]);
    expect(await arrivedAt(dinnerId)).toBe(3);

    await context.setOffline(false);
    await eventually(() => page.getByRole('status').filter({ hasText: /waiting/ }).count()).toBe(0);
    await eventually(() => arrivedAt(dinnerId)).toBe(5);
    expect(posts.length).toBeGreaterThanOrEqual(1);
    const sent = posts.flatMap((post) => (post.postDataJSON() as { marks: { guestId: string; arrived: boolean }[] }).marks);
    expect(sent.map((mark) => mark.arrived).slice(-4)).toEqual([true, true, false, true]);
    const list = await checkIn();
    const arrived = list.households.flatMap((household) => household.guests.filter((guest) => guest.arrived.includes(dinnerId)).map((guest) => `${guest.firstName} ${guest.lastName}`));
    expect(arrived.sort()).toEqual(['Chidi Okafor', 'Jane Smith', 'John Smith', 'Luis Garcia', 'Petra Novak']);
    await eventually(() => shownCount(page, dinnerId)).toBe('5 / 8');
    expect(await page.evaluate((key) => localStorage.getItem(key), `kindly.door.marks.${occasionId}`)).toBeNull();
    expect(errors).toEqual([]);
  });

  it('scans a card with the camera where the browser has a BarcodeDetector', async () => {
    const link = `${live.url}/c/${await codeOf('The Novaks')}`;
    const context = await newContext(PHONE);
    await context.addCookies(await door.context.cookies());
    // The browser's detector, reading the printed link off whatever the camera shows once frames come.
    await context.addInitScript((text) => {
      class Detector {
        async detect(source: HTMLVideoElement) {
          (window as unknown as { detected?: number }).detected = ((window as unknown as { detected?: number }).detected ?? 0) + 1;
          return source.videoWidth > 0 ? [{ rawValue: text, format: 'qr_code' }] : [];
        }
      }
      Object.defineProperty(window, 'BarcodeDetector', { value: Detector, configurable: true, writable: true });
    }, link);
    const page = await newPage(context);
    await page.goto(`${live.url}/occasion/${occasionId}/door`);
    await page.getByRole('radio', { name: 'Dinner' }).check();
    await page.getByRole('button', { name: 'Scan a card' }).click();
    const novaks = page.getByRole('region', { name: 'The Novaks' });
    await novaks.waitFor();
    // Petra arrived while offline above; the camera is off again once the card is read.
    await novaks.getByRole('button', { name: 'Undo check-in of Petra Novak' }).waitFor();
    expect(await page.locator('video').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { detected?: number }).detected)).toBeGreaterThan(0);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('prints the invitation cards to PDF; their QR codes hold the check-in links, which open the household at the door', async () => {
    const page = await newPage(ownerContext);
    await page.goto(`${live.url}/occasion/${occasionId}/households`);
    await page.getByRole('link', { name: 'Invitation cards' }).click();
    const cards = page.getByRole('article');
    await eventually(() => cards.count()).toBe(FAMILIES.length);
    await expectAccessible(page, 'invitation cards');
    const list = await checkIn();
    const households = await owner.call<{ id: string; name: string; inviteCode: string }[]>('GET', `/occasion/${occasionId}/households`);

    // One A6 page per household (the chosen paper is the printed page's size), then four to a Letter sheet.
    const a6 = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(pdfPages(a6)).toEqual(Array.from({ length: FAMILIES.length }, () => 'A6'));
    await page.getByRole('radio', { name: /Letter/ }).check();
    const letter = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(pdfPages(letter)).toEqual(['Letter', 'Letter']);
    await page.getByRole('radio', { name: /^A5/ }).check();
    expect(pdfPages(await page.pdf({ preferCSSPageSize: true }))).toEqual(Array.from({ length: FAMILIES.length }, () => 'A5'));

    // Each card: the title, dates, names, both codes, and a QR code that decodes to its link.
    let garciasLink = '';
    for (const card of await cards.all()) {
      const name = (await card.getAttribute('aria-label'))!.replace(/^Card for /, '');
      const entry = list.households.find((household) => household.name === name)!;
      const text = await card.innerText();
      expect(text).toContain('Sam & Alex');
      expect(text).toMatch(/June 12, 2099/);
      for (const guest of entry.guests) expect(text).toContain(`${guest.firstName} ${guest.lastName}`);
      expect(text).toContain(formatCheckInCode(entry.code!));
      expect(text).toContain(households.find((household) => household.name === name)!.inviteCode);
      const decoded = await decodeQr(card.getByRole('img'));
      expect(decoded).toBe(`${live.url}/c/${entry.code}`);
      if (name === 'The Garcias') garciasLink = decoded!;
    }

    // One household's card, from its dialog.
    await page.goto(`${live.url}/occasion/${occasionId}/households`);
    await page.getByRole('button', { name: 'Edit The Garcias' }).click();
    await page.getByRole('dialog').getByRole('link', { name: "Print this household's invitation card" }).click();
    await eventually(() => cards.count()).toBe(1);
    expect(await cards.first().getAttribute('aria-label')).toBe('Card for The Garcias');
    await page.close();

    // The link, opened by the signed-in door person, lands on the door with the household open.
    await door.page.goto(garciasLink);
    await eventually(() => new URL(door.page.url()).pathname).toBe(`/occasion/${occasionId}/door`);
    const garcias = door.page.getByRole('region', { name: 'The Garcias' });
    await garcias.waitFor();
    await garcias.getByRole('button', { name: 'Undo check-in of Luis Garcia' }).waitFor();
    expect(await garcias.getByRole('button', { name: 'Check in Maria Garcia' }).count()).toBe(1);
    await expectAccessible(door.page, 'door, opened from a check-in link (phone)');
    expect(errors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });
});

/** The named paper size of each page of a PDF, from its `/MediaBox` (points, within a point). */
function pdfPages(pdf: Buffer): string[] {
  const sizes: Record<string, [number, number]> = { A6: [297.6, 419.5], A5: [419.5, 595.3], Letter: [612, 792] };
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-')).toBe(true);
  const boxes = [...text.matchAll(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((match) => [Number(match[3]) - Number(match[1]), Number(match[4]) - Number(match[2])] as const);
  return boxes.map(([width, height]) => Object.entries(sizes).find(([, [w, h]]) => Math.abs(w - width) < 1.5 && Math.abs(h - height) < 1.5)?.[0] ?? `${width}×${height}`);
}

/** Draws the card's QR image onto a canvas in the page and decodes its pixels with jsQR here. */
async function decodeQr(image: import('playwright-core').Locator): Promise<string | undefined> {
  const pixels = await image.evaluate(async (element) => {
    const img = element as HTMLImageElement;
    await img.decode();
    const size = 400;
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d')!;
    context.imageSmoothingEnabled = false;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size, size);
    context.drawImage(img, 0, 0, size, size);
    // The pixels as base64: a JSON array of 640,000 numbers takes seconds to cross over.
    const bytes = context.getImageData(0, 0, size, size).data;
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { size, data: btoa(binary) };
  });
  return jsQR(new Uint8ClampedArray(Buffer.from(pixels.data, 'base64')), pixels.size, pixels.size)?.data;
}
