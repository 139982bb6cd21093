import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { encode } from 'uqr';
import type { OccasionRow } from '../data/occasions';
import { chromiumPath, closeContexts, sharedChromium } from '../test-support/browser';
import { defaultTemplate } from './default-templates';
import { invitationRenderer } from './invitation-renderer';
import { renderEmailHere } from './render-email';

const occasion = {
  id: 'occ1',
  title: 'Sam & Alex',
  startDate: '2027-06-12',
  endDate: '2027-06-13',
  timezone: 'Europe/Lisbon',
  venueName: 'Quinta',
  venueAddress: 'Sintra',
  rsvpDeadline: null,
  rsvpPageUrl: 'https://sam-and-alex.com/rsvp',
} as OccasionRow;

/**
 * The invitation's QR code as a browser lays it out: every module a 4 px square of its colour,
 * the whole the matrix `uqr` made of the household's check-in link. Read from the layout
 * (the element and colour at each module's centre), as a camera would see the screen.
 */
describe.runIf(chromiumPath)('the check-in QR code in an invitation, drawn by Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedChromium();
  });
  afterAll(() => closeContexts(browser));

  it('draws exactly the matrix of the household’s check-in link', async () => {
    const render = await invitationRenderer('INVITATION', occasion, defaultTemplate('INVITATION', occasion.title), 'https://rsvp.example.com', renderEmailHere);
    const { html } = render({ householdName: 'The Smiths', inviteCode: 'ABCD-EFGH-JKMN', checkInCode: '7KM2PQ9XYZ' }, 'tok');
    const page = await browser.newPage({ viewport: { width: 700, height: 1600 } });
    await page.setContent(html);
    const expected = encode('https://rsvp.example.com/c/7KM2PQ9XYZ', { ecc: 'M', border: 4 }).data;
    const drawn = await page.evaluate((size) => {
      // The QR code's first row: the preview text is skipped in the plain text too, so find the tables.
      const firstRow = document.querySelector('table[role="presentation"][bgcolor="#ffffff"][align="center"]')!;
      const first = firstRow.getBoundingClientRect();
      const rows: boolean[][] = [];
      for (let y = 0; y < size; y++) {
        const row: boolean[] = [];
        for (let x = 0; x < size; x++) {
          const cell = document.elementFromPoint(first.left + x * 4 + 2, first.top + y * 4 + 2)!;
          row.push(getComputedStyle(cell).backgroundColor === 'rgb(0, 0, 0)');
        }
        rows.push(row);
      }
      const box = firstRow.parentElement!.getBoundingClientRect();
      return { rows, height: box.height };
    }, expected.length);
    expect(drawn.height).toBe(expected.length * 4);
    expect(drawn.rows).toEqual(expected);
    await page.close();
  });
});
