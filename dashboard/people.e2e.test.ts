import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, closeContexts, sharedChromium } from '../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';
import { expectAccessible, field, reportCspViolations } from './e2e-checks';
import { signUpInContext, type E2eHost } from './e2e-host';
import { verifyAccount } from '../server/test-support/verify-account';

/**
 * Co-hosts end to end in Chromium: an owner invites a partner from the People screen; the
 * partner opens the link of the stored email, creates an account and edits a guest; a viewer
 * finds no way to edit and the server refuses a direct call; a door person finds a household
 * and sees no email address. `npm run build && npx vitest run --project browser dashboard/people`.
 */

const eventually = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 20_000 });

describe.skipIf(!chromiumPath)('co-hosts with roles in Chromium', () => {
  let live: LiveServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  const cspViolations: string[] = [];

  beforeAll(async () => {
    live = await startLiveServer();
    browser = await sharedChromium();
  });
  afterAll(async () => {
    await closeContexts(browser);
    await live?.close();
  });

  async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await reportCspViolations(context, cspViolations);
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    return { context, page };
  }

  /** The accept link of the newest co-host invitation stored for an address, as its reader would follow it. */
  async function invitationLink(to: string): Promise<string> {
    const row = await live.deps.db
      .selectFrom('email')
      .select('text')
      .where('kind', '=', 'HOST_INVITATION')
      .where('to', '=', to)
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    return /https?:\/\/\S+\/invitation#[A-Za-z0-9_-]+/.exec(row.text)![0];
  }

  /** A signed-in account given `role` on the occasion through an invitation it accepts. */
  async function personWithRole(owner: E2eHost, occasionId: string, role: string): Promise<{ host: E2eHost; page: Page; context: BrowserContext }> {
    const { context, page } = await newPage();
    const host = await signUpInContext(context, live.url);
    await owner.call('POST', `/occasion/${occasionId}/invitations`, { email: host.email, role });
    const token = (await invitationLink(host.email)).split('#')[1];
    await host.call('POST', '/invitation/accept', { token });
    return { host, page, context };
  }

  it('lets an owner invite a partner who edits a guest; a viewer cannot edit; the door sees names only', async () => {
    const { context: ownerContext, page } = await newPage();
    const owner = await signUpInContext(ownerContext, live.url);
    await verifyAccount(live.deps.db, owner.email);
    const occasion = await owner.call<{ id: string }>('POST', '/occasion', { title: 'Sam & Alex', startDate: '2027-06-12', endDate: '2027-06-13' });
    const base = `/occasion/${occasion.id}`;
    const household = await owner.call<{ id: string }>('POST', `${base}/household`, { name: 'The Smiths', email: 'smiths@example.com', phone: '5551234567' });
    const jane = await owner.call<{ id: string }>('POST', `${base}/guest`, { householdId: household.id, firstName: 'Jane', lastName: 'Smith', email: 'jane@example.com' });

    // The owner invites a partner from the People screen.
    await page.goto(`${live.url}${base}/people`);
    await eventually(() => page.getByRole('table', { name: 'People' }).locator('tbody tr').count()).toBe(1);
    await page.getByRole('button', { name: 'Invite someone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite someone' });
    await expectAccessible(page, 'invite dialog');
    const partnerEmail = `partner.${Date.now()}@example.com`;
    await field(dialog, 'Email').locator('input').fill(partnerEmail);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await eventually(() => page.getByText(`Invitation sent to ${partnerEmail}.`).isVisible()).toBe(true);
    await eventually(() => page.getByRole('list', { name: 'Invitations waiting' }).textContent()).toContain(`${partnerEmail} as editor`);
    await expectAccessible(page, 'people');

    // The partner follows the link in the stored message and creates an account.
    const { page: partner } = await newPage();
    await partner.goto(await invitationLink(partnerEmail));
    await eventually(() => partner.getByText(/invites you to help plan/).textContent()).toContain('Sam & Alex');
    await partner.getByRole('link', { name: 'Create an account' }).click();
    await field(partner, 'First name').locator('input').fill('Robin');
    await field(partner, 'Last name').locator('input').fill('Partner');
    await field(partner, 'Email').locator('input').fill(partnerEmail);
    await field(partner, 'Password').locator('input').fill('correct horse battery staple');
    await partner.getByRole('button', { name: 'Create account' }).click();
    await partner.getByRole('button', { name: 'Accept the invitation' }).click();
    await eventually(() => new URL(partner.url()).pathname).toBe(base);

    // …and edits a guest.
    await partner.getByRole('navigation', { name: 'Occasion' }).getByRole('link', { name: 'Guests' }).click();
    await partner.getByRole('button', { name: 'Edit Jane Smith' }).click();
    const guestDialog = partner.getByRole('dialog');
    await field(guestDialog, 'Dietary notes').locator('textarea').fill('No nuts');
    await guestDialog.getByRole('button', { name: 'Save guest' }).click();
    await eventually(async () => (await owner.call<{ dietaryNotes: string }>('GET', `${base}/guest/${jane.id}`)).dietaryNotes).toBe('No nuts');
    // History names who made the change.
    const history = await owner.call<{ entries: Array<{ actorName: string }> }>('GET', `${base}/history?limit=1`);
    expect(history.entries[0]!.actorName).toBe('Robin Partner');

    // The owner's list shows each occasion's role; the partner's shows theirs.
    await page.goto(`${live.url}/occasions`);
    await eventually(() => page.getByRole('list', { name: 'Occasions' }).textContent()).toContain('You: Owner');
    await partner.goto(`${live.url}/occasions`);
    await eventually(() => partner.getByRole('list', { name: 'Occasions' }).textContent()).toContain('You: Editor');

    // A viewer finds nothing to edit with, and the server refuses a direct call.
    const viewer = await personWithRole(owner, occasion.id, 'viewer');
    await viewer.page.goto(`${live.url}${base}/guests`);
    await eventually(() => viewer.page.getByRole('button', { name: 'View Jane Smith' }).count()).toBe(1);
    expect(await viewer.page.getByRole('button', { name: 'Add guest' }).count()).toBe(0);
    expect(await viewer.page.getByRole('navigation', { name: 'Occasion' }).getByRole('link', { name: 'Settings' }).count()).toBe(0);
    await viewer.page.getByRole('button', { name: 'View Jane Smith' }).click();
    const viewDialog = viewer.page.getByRole('dialog', { name: 'View Jane Smith' });
    await eventually(() => viewDialog.getByRole('button', { name: 'Close' }).count()).toBe(1);
    expect(await viewDialog.getByRole('button', { name: /Save guest|Delete guest/ }).count()).toBe(0);
    await expectAccessible(viewer.page, 'a guest as a viewer');
    const refused = await viewer.context.request.put(`${live.url}/host/v1${base}/guest/${jane.id}`, { data: { dietaryNotes: 'Anything' } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe('FORBIDDEN');
    expect((await owner.call<{ dietaryNotes: string }>('GET', `${base}/guest/${jane.id}`)).dietaryNotes).toBe('No nuts');

    // The door person finds a household by a guest's name, and sees no email address.
    const door = await personWithRole(owner, occasion.id, 'door');
    await door.page.goto(`${live.url}/occasions`);
    await door.page.getByRole('link', { name: /Sam & Alex/ }).click();
    await eventually(() => new URL(door.page.url()).pathname).toBe(`${base}/door`);
    await field(door.page, 'Find a guest or household').locator('input').fill('jane');
    const found = door.page.getByRole('list', { name: 'Households' });
    await eventually(() => found.textContent()).toContain('The Smiths');
    expect(await door.page.getByRole('list', { name: 'Members of The Smiths' }).textContent()).toBe('Jane Smith');
    const shown = await door.page.locator('body').textContent();
    expect(shown).not.toContain('@');
    expect(shown).not.toContain('555');
    expect(await door.page.getByRole('navigation', { name: 'Occasion' }).getByRole('link').allTextContents()).toEqual(['Door']);
    await expectAccessible(door.page, 'door');
    expect((await door.context.request.get(`${live.url}/host/v1${base}/guests`)).status()).toBe(403);

    expect(errors).toEqual([]);
    expect(cspViolations).toEqual([]);
    await Promise.all(contexts.map((context) => context.close()));
  });
});
