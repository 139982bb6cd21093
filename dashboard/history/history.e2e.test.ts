import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, closeContexts, sharedChromium } from '../../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../../server/test-support/live-server';
import { signUpInContext, type E2eHost } from '../e2e-host';

/**
 * A guest replies through the event API; the host's overview, in real Chromium on a phone-sized
 * screen, shows the feed entry, the replies chart (a canvas drawn by the lazily loaded uPlot) and
 * its table, with no CSP violation, no axe violation and no sideways scroll; the guest's dialog
 * shows the guest's own history. `npm run build && npx vitest run --project browser dashboard/history`.
 */

const AXE = resolve('node_modules/axe-core/axe.min.js');
const PHONE = { width: 390, height: 844 };

async function seriousAxeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE, 'utf8'));
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  })) as Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }>;
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`);
}

describe.skipIf(!chromiumPath)('history on the overview, in Chromium', () => {
  let server: LiveServer;
  let browser: Browser;
  let context: BrowserContext;
  let host: E2eHost;
  const cspViolations: string[] = [];

  beforeAll(async () => {
    server = await startLiveServer();
    browser = await sharedChromium();
    context = await browser.newContext({ viewport: PHONE });
    context.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    host = await signUpInContext(context, server.url);
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    await closeContexts(browser);
    await server?.close();
  });

  it('shows the reply in the feed, the chart and its table', async () => {
    const occasion = await host.call<{ id: string }>('POST', '/occasion', {
      title: 'Sam & Alex',
      startDate: '2030-06-12',
      endDate: '2030-06-13',
      timezone: 'Europe/Lisbon',
    });
    const brunch = await host.call<{ id: string }>('POST', `/occasion/${occasion.id}/activity`, { name: 'Brunch', startsAt: '2030-06-13T10:00:00.000Z' });
    const household = await host.call<{ id: string; inviteCode: string }>('POST', `/occasion/${occasion.id}/household`, { name: 'The Kims' });
    const amara = await host.call<{ id: string }>('POST', `/occasion/${occasion.id}/guest`, { firstName: 'Amara', lastName: 'Kim', householdId: household.id });
    await host.call('POST', `/occasion/${occasion.id}/invite-line`, { guestId: amara.id, activityId: brunch.id });
    // More entries than the feed's first page holds.
    const guests = Array.from({ length: 60 }, (_, i) => ({ firstName: `Guest ${i}`, lastName: 'Zed' }));
    await host.call('POST', `/occasions/${occasion.id}/guests?source=import`, { guests });

    const signIn = await context.request.post(`${server.url}/event/v1/auth/credentials`, { data: { occasionId: occasion.id, inviteCode: household.inviteCode } });
    expect(signIn.status()).toBe(200);
    const { token } = (await signIn.json()) as { token: string };
    const reply = await context.request.post(`${server.url}/event/v1/rsvp`, {
      headers: { authorization: `Bearer ${token}` },
      data: { responses: [{ guestId: amara.id, activityId: brunch.id, response: 'DECLINED' }] },
    });
    expect(reply.status()).toBe(201);

    const page = await context.newPage();
    await page.goto(`${server.url}/occasion/${occasion.id}`);
    const feed = page.getByRole('list', { name: 'Recent activity' });
    await expect.poll(() => feed.locator('li').first().textContent(), { timeout: 30_000 }).toContain('Amara Kim declined the Brunch');
    const time = feed.locator('li').first().locator('time');
    expect(await time.getAttribute('title')).toMatch(/2\d{3}/);
    expect(await time.textContent()).toMatch(/now|sec|min/);

    expect(await feed.locator('li').count()).toBe(50);
    const { entries } = await host.call<{ entries: unknown[] }>('GET', `/occasion/${occasion.id}/history?limit=200`);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => feed.locator('li').count(), { timeout: 30_000 }).toBe(entries.length);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(await feed.locator('li').last().textContent()).toContain('Household The Kims was added');
    expect(await feed.locator('li', { hasText: 'Guest 0 Zed was added' }).textContent()).toContain('CSV import by Ada Host');

    await page.locator('[data-testid=replies-plot] canvas').waitFor({ timeout: 30_000 });
    const table = page.getByTestId('replies-table');
    expect(await table.locator('tbody tr').count()).toBe(1);
    expect(await table.locator('tbody tr td').allTextContents()).toEqual(['0', '1', '0']);
    await page.getByRole('button', { name: 'Show as table' }).click();
    expect(await table.isVisible()).toBe(true);

    await page.waitForLoadState('networkidle');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(cspViolations).toEqual([]);

    // The guest's own history, in the guest's dialog.
    await page.goto(`${server.url}/occasion/${occasion.id}/guests`);
    await page.getByRole('button', { name: 'Edit Amara Kim' }).click();
    const history = page.getByRole('list', { name: 'History of Amara Kim' });
    await expect.poll(() => history.locator('li').allTextContents(), { timeout: 30_000 }).toEqual([
      expect.stringContaining('Amara Kim declined the Brunch'),
      expect.stringContaining('Amara Kim was invited to the Brunch'),
      expect.stringContaining('Amara Kim was added to the guest list'),
    ]);
    await page.close();
  }, 90_000);
});
