import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_SETTINGS } from '../server/email/email-settings';
import { localOutbox } from '../server/email/transport';
import { EmailWorker } from '../server/email/worker';
import { startExamplesServer, type ExamplesServer } from '../server/frontends/serve-examples';
import { chromiumPath, closeContexts, sharedChromium } from '../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';
import { parseCsv } from './csv/csv-file';
import { expectAccessible, field, reportCspViolations } from './e2e-checks';
import { verifyAccount } from '../server/test-support/verify-account';
import { signUpInContext, type E2eHost } from './e2e-host';

/**
 * Email and replies end to end in Chromium, with no SMTP server (the local outbox): a host sets the RSVP
 * page to an example site that embeds the widget, sends invitations from the dashboard, and the
 * outbox shows them rendered; a guest opens the link of the stored email and replies with a
 * message in the widget; the host reads it in Replies and on the household's screen.
 * `npm run build && npx vitest run --project browser dashboard/email`.
 */

/** Polls until the value matches (the worker sends in the background: give it time). */
const eventually = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 20_000 });

interface Fixture {
  occasionId: string;
  smiths: string;
}

/** An occasion with a dinner and three households: two with an address (one by a member's email), one without. */
async function createOccasion(host: E2eHost, allowedOrigin: string): Promise<Fixture> {
  const occasion = await host.call<{ id: string }>('POST', '/occasion', {
    title: 'Ada & Charles',
    startDate: '2027-06-11',
    endDate: '2027-06-12',
    timezone: 'Europe/London',
    rsvpDeadline: '2027-05-01T12:00:00.000Z',
    allowedOrigins: [allowedOrigin],
  });
  const base = `/occasion/${occasion.id}`;
  const dinner = await host.call<{ id: string }>('POST', `${base}/activity`, { name: 'Dinner', startsAt: '2027-06-11T18:00:00.000Z' });
  const households = [
    { name: 'The Smiths', email: 'smiths@example.com', members: ['Jane Smith'] },
    { name: 'The Okafors', email: '', members: ['Chidi Okafor'], memberEmail: 'chidi@example.com' },
    { name: 'The Nobodies', email: '', members: ['Pat Nobody'] },
  ];
  const guestIds: string[] = [];
  let smiths = '';
  for (const household of households) {
    const created = await host.call<{ id: string }>('POST', `${base}/household`, { name: household.name, email: household.email });
    if (household.name === 'The Smiths') smiths = created.id;
    for (const member of household.members) {
      const [firstName, lastName] = member.split(' ');
      const guest = await host.call<{ id: string }>('POST', `${base}/guest`, { householdId: created.id, firstName, lastName, email: household.memberEmail ?? '' });
      guestIds.push(guest.id);
    }
  }
  await host.call('PUT', `${base}/invite-lines`, { lines: guestIds.map((guestId) => ({ guestId, activityId: dinner.id, invited: true })) });
  return { occasionId: occasion.id, smiths };
}

describe.skipIf(!chromiumPath)('email invitations and replies in Chromium (local outbox)', () => {
  let live: LiveServer;
  let examples: ExamplesServer;
  let worker: EmailWorker;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  const cspViolations: string[] = [];

  beforeAll(async () => {
    live = await startLiveServer();
    examples = await startExamplesServer({ port: 0, examplesDir: 'examples', distDir: 'dist', apiOrigin: live.url });
    // The real worker on the local outbox (no SMTP_URL), as `npm start` runs it.
    worker = new EmailWorker({
      db: live.deps.db,
      dbKind: live.deps.dbKind,
      settings: { ...DEFAULT_EMAIL_SETTINGS, pollMs: 200 },
      transport: localOutbox,
      renderEmail: live.deps.renderEmail,
      publicUrl: () => live.url,
      log: () => {},
    });
    worker.start();
    browser = await sharedChromium();
    context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    await reportCspViolations(context, cspViolations);
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  });

  afterAll(async () => {
    await worker?.stop();
    await closeContexts(browser);
    await examples?.close();
    await live?.close();
  });

  it('sends invitations from the dashboard; a guest replies through the link; the host reads the message', async () => {
    const host = await signUpInContext(context, live.url);
    await verifyAccount(live.deps.db, host.email);
    const fixture = await createOccasion(host, examples.url);
    const rsvpPage = `${examples.url}/blank/?occasion=${fixture.occasionId}`;

    // Settings: the RSVP page that invitations link to.
    await page.goto(`${live.url}/occasion/${fixture.occasionId}/edit`);
    const pageUrl = field(page, 'RSVP page URL').locator('input');
    await pageUrl.fill('not a url');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await eventually(() => field(page, 'RSVP page URL').locator('.field-error').textContent()).toMatch(/RSVP page URL must be/);
    await pageUrl.fill(rsvpPage);
    await field(page, 'Reminder, days before the deadline').locator('input').fill('7');
    await page.getByText('Email me a daily digest of new replies').click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await eventually(() => page.getByText('Saved.').isVisible()).toBe(true);
    expect(await host.call('GET', `/occasion/${fixture.occasionId}`)).toMatchObject({ rsvpPageUrl: rsvpPage, reminderDaysBeforeDeadline: 7, digestEnabled: true });
    await expectAccessible(page, 'settings with email');

    // Email: who gets mail, and who has no address.
    await page.getByRole('navigation', { name: 'Occasion' }).getByRole('link', { name: 'Email' }).click();
    const recipients = page.getByRole('table', { name: 'Recipients' });
    await eventually(() => recipients.locator('tbody tr').count()).toBe(3);
    expect(await recipients.locator('tr', { hasText: 'The Nobodies' }).textContent()).toContain('No address');
    expect(await recipients.locator('tr', { hasText: 'The Okafors' }).textContent()).toContain('chidi@example.com');
    await eventually(() => page.getByRole('heading', { name: 'Nothing sent yet' }).count()).toBe(0);
    await expectAccessible(page, 'email');

    // The invitation's template: refused just over its limit, and the saved intro shows in the preview.
    const subject = field(page, 'Invitation subject').locator('input');
    await subject.fill('x'.repeat(201));
    await page.getByRole('button', { name: 'Save invitation template' }).click();
    await eventually(() => field(page, 'Invitation subject').locator('.field-error').textContent()).toMatch(/200/);
    await subject.fill('Dinner with Ada & Charles');
    await field(page, 'Invitation intro').locator('textarea').fill('Join us for dinner in the orchard.');
    await page.getByRole('button', { name: 'Save invitation template' }).click();
    await eventually(() => page.getByText('Saved. The preview shows the saved template.').isVisible()).toBe(true);
    const preview = page.frameLocator('iframe[title="Preview of the invitation email"]');
    await eventually(() => preview.getByText('Join us for dinner in the orchard.').count()).toBe(1);

    // Send invitations: the dialog says how many go and how many are skipped, and why.
    await page.getByRole('button', { name: 'Send invitations to those not yet invited' }).click();
    const dialog = page.getByRole('alertdialog');
    await eventually(() => dialog.getByTestId('send-summary').textContent()).toBe('2 invitations will be sent; 1 household will be skipped: 1 has no email address.');
    await expectAccessible(page, 'send confirmation');
    await dialog.getByRole('button', { name: 'Send 2 invitations' }).click();
    await eventually(() => page.getByText(/2 invitations queued/).isVisible()).toBe(true);

    // The outbox: both invitations, sent to the local outbox, each opening as rendered.
    const outbox = page.getByRole('table', { name: 'Outbox, newest first' });
    await eventually(() => outbox.locator('tbody tr').count()).toBe(2);
    await eventually(() => outbox.locator('tbody tr', { hasText: 'Sent' }).count()).toBe(2);
    const smithsRow = outbox.locator('tbody tr', { hasText: 'smiths@example.com' });
    expect(await smithsRow.textContent()).toContain('Invitation');
    expect(await smithsRow.textContent()).toContain('Dinner with Ada & Charles');
    await smithsRow.getByRole('button', { name: /^Open/ }).click();
    const message = page.getByRole('dialog');
    const frame = message.frameLocator('iframe');
    const link = frame.locator('a[href*="invite="]').first();
    await eventually(() => link.count()).toBe(1);
    const invitation = (await link.getAttribute('href'))!;
    expect(invitation.startsWith(`${rsvpPage}&invite=`)).toBe(true);
    expect(await message.locator('iframe').getAttribute('sandbox')).toBe('');
    expect(await frame.getByText('Join us for dinner in the orchard.').count()).toBe(1);
    await expectAccessible(page, 'a sent invitation');
    await message.getByRole('button', { name: 'Close' }).click();

    // The recipients now show when each household was invited; a second send finds nobody new.
    await eventually(() => recipients.locator('tr', { hasText: 'The Smiths' }).textContent()).not.toContain('Not yet');
    await page.getByRole('button', { name: 'Send invitations to those not yet invited' }).click();
    await eventually(() => page.getByRole('dialog').getByTestId('send-summary').textContent()).toMatch(/^Nothing will be sent: 1 household will be skipped: 1 has no email address\.$/);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // The guest opens the link from the stored email and replies with a message in the widget.
    const guestContext = await browser.newContext({ viewport: { width: 900, height: 1000 } });
    const guest = await guestContext.newPage();
    await guest.goto(invitation);
    const widget = guest.locator('kindly-rsvp');
    await eventually(() => widget.getByText('Signed in as Jane Smith').isVisible()).toBe(true);
    await widget.getByRole('group', { name: /Dinner/ }).getByRole('radio', { name: 'Joyfully accepts' }).check();
    await widget.getByLabel('Message to the hosts').fill('We will bring the cake!\nSee you soon.');
    await widget.getByRole('button', { name: 'Review answers' }).click();
    await widget.getByRole('button', { name: 'Send RSVP' }).click();
    await eventually(() => widget.getByText('Thank you! Your RSVP has been sent.').isVisible()).toBe(true);
    await guestContext.close();

    // The host reads the message in Replies (asked anew when the screen opens).
    await page.getByRole('navigation', { name: 'Occasion' }).getByRole('link', { name: 'Replies' }).click();
    const replies = page.getByRole('table', { name: 'Replies, newest first' });
    const reply = replies.locator('tbody tr', { hasText: 'The Smiths' });
    await eventually(() => reply.count()).toBe(1);
    expect(await reply.locator('[data-label="Answered by"]').textContent()).toBe('Jane Smith');
    expect(await reply.locator('[data-label="Message"]').textContent()).toBe('We will bring the cake!\nSee you soon.');
    expect(await reply.locator('time').first().textContent()).toBe('just now');
    expect(await reply.locator('time').first().getAttribute('title')).toMatch(/2\d{3}, \d+:\d\d [AP]M/);
    await expectAccessible(page, 'replies');

    // The same message on the household's screen.
    await page.getByRole('navigation', { name: 'Occasion' }).getByRole('link', { name: 'Households' }).click();
    await page.getByRole('button', { name: 'Edit The Smiths' }).click();
    const householdReply = page.getByRole('dialog').getByTestId('household-reply');
    await eventually(() => householdReply.getByLabel('Message to the hosts').textContent()).toBe('We will bring the cake!\nSee you soon.');
    expect(await householdReply.textContent()).toContain('by Jane Smith');

    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // And on Jane's own screen, as her household's reply.
    await page.getByRole('navigation', { name: 'Occasion' }).getByRole('link', { name: 'Guests' }).click();
    await page.getByRole('button', { name: 'Edit Jane Smith' }).click();
    const guestReply = page.getByRole('dialog').getByTestId('household-reply');
    await eventually(() => guestReply.getByLabel('Message to the hosts').textContent()).toBe('We will bring the cake!\nSee you soon.');
    expect(await guestReply.getByRole('heading').textContent()).toBe("Their household's reply");
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // The CSV export carries the message on the household's rows.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const exported = parseCsv(readFileSync((await download.path())!, 'utf8'));
    const messageAt = exported.headers.indexOf('Message to the hosts');
    const byFirstName = new Map(exported.rows.map((row) => [row[exported.headers.indexOf('First Name')], row[messageAt]]));
    expect(byFirstName.get('Jane')).toBe('We will bring the cake!\nSee you soon.');
    expect(byFirstName.get('Chidi')).toBe('');

    // Back on Email (from the cache, asked anew on open): the Smiths replied, and Jane's confirmation is in the outbox.
    await page.getByRole('navigation', { name: 'Occasion' }).getByRole('link', { name: 'Email' }).click();
    await eventually(() => recipients.locator('tr', { hasText: 'The Smiths' }).textContent()).toContain('Replied');
    await eventually(() => outbox.locator('tbody tr', { hasText: 'Confirmation' }).count()).toBe(1);

    // Reminders go to the households still pending, by keyboard alone: the Okafors, not the Smiths.
    await page.getByRole('button', { name: 'Send reminders now to pending households' }).focus();
    await page.keyboard.press('Enter');
    const reminder = page.getByRole('alertdialog');
    await eventually(() => reminder.getByTestId('send-summary').textContent()).toBe('1 reminder will be sent; 1 household will be skipped: 1 has no email address.');
    await eventually(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await eventually(() => outbox.locator('tbody tr', { hasText: 'Reminder' }).textContent()).toContain('chidi@example.com');
    expect(await outbox.locator('tbody tr', { hasText: 'Reminder' }).count()).toBe(1);

    // The template tabs move with the arrow keys.
    await page.getByRole('tab', { name: 'Invitation' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Reminder' }).getAttribute('aria-selected')).toBe('true');
    await eventually(() => field(page, 'Reminder subject').locator('input').isVisible()).toBe(true);

    expect(errors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });
});
