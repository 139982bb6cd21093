/**
 * Kindly's own RSVP page (`/r/{slug}`) in real Chromium: the widget on Kindly's origin is
 * same-origin, so the occasion lists no allowed origin at all. A guest opens the page from an
 * invitation's link, signs in with the invite code and replies; the page keeps its own CSP and
 * passes axe. Needs the built widget and dashboard (`npm run build`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportCspViolations } from '../dashboard/e2e-checks';
import { signUpInContext } from '../dashboard/e2e-host';
import { chromiumPath, closeContexts, sharedChromium } from '../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';

const built = existsSync(resolve('dist/widget/widget.js')) && existsSync(resolve('dist/dashboard/index.html'));
const AXE = resolve('node_modules/axe-core/axe.min.js');

const eventually = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 15_000 });

/** axe-core on the whole page, the widget's shadow root included: no serious or critical violation. */
async function expectAccessible(page: Page, state: string): Promise<void> {
  // Evaluated, not added as a <script>: the page's CSP refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE, 'utf8'));
  const result = await page.evaluate(async () => {
    type AxeRule = { id: string; impact?: string | null; nodes: Array<{ target: unknown }> };
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeRule[]; passes: AxeRule[] }> } }).axe;
    const results = await axe.run(document, { resultTypes: ['violations', 'passes'] });
    return {
      serious: results.violations.filter((rule) => rule.impact === 'serious' || rule.impact === 'critical').map((rule) => `${rule.id}: ${JSON.stringify(rule.nodes.map((node) => node.target))}`),
      checkedInside: results.passes.some((rule) => rule.nodes.some((node) => JSON.stringify(node.target).includes('kindly-rsvp'))),
    };
  });
  expect(result.serious, `axe on "${state}"`).toEqual([]);
  expect(result.checkedInside, `axe reached the shadow root on "${state}"`).toBe(true);
}

describe.skipIf(!chromiumPath || !built)("Kindly's RSVP page (Chromium)", () => {
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

  it('lets a guest sign in with the invite code and reply, same-origin, with no allowed origin listed', async () => {
    const hostContext = await browser.newContext();
    const host = await signUpInContext(hostContext, live.url);
    const occasion = await host.call<{ id: string; allowedOrigins: string[] }>('POST', '/occasion', { title: 'Sam & Alex', startDate: '2027-06-11', endDate: '2027-06-12', venueName: 'Quinta da Serra' });
    expect(occasion.allowedOrigins).toEqual([]);
    const base = `/occasion/${occasion.id}`;
    const ceremony = await host.call<{ id: string }>('POST', `${base}/activity`, { name: 'Ceremony', startsAt: '2027-06-11T20:00:00.000Z' });
    const smiths = await host.call<{ id: string; inviteCode: string }>('POST', `${base}/household`, { name: 'The Smiths' });
    const jane = await host.call<{ id: string }>('POST', `${base}/guest`, { householdId: smiths.id, firstName: 'Jane', lastName: 'Smith' });
    await host.call('POST', `${base}/invite-line`, { guestId: jane.id, activityId: ceremony.id });
    await host.call('PUT', `${base}/slug`, { slug: 'sam-and-alex' });

    const guestContext = await browser.newContext({ viewport: { width: 900, height: 1000 } });
    const violations: string[] = [];
    await reportCspViolations(guestContext, violations);
    const page = await guestContext.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${live.url}/r/sam-and-alex`);
    expect(await page.title()).toBe('Sam & Alex');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sam & Alex');
    const w = page.locator('kindly-rsvp');
    await eventually(() => w.getByLabel('Invite code').isVisible()).toBe(true);
    await expectAccessible(page, 'sign-in');

    await w.getByLabel('Invite code').fill(smiths.inviteCode);
    await w.getByRole('button', { name: 'Continue' }).click();
    await eventually(() => w.getByText('Signed in as Jane Smith').isVisible()).toBe(true);
    await w.getByRole('group', { name: /Ceremony/ }).getByRole('radio', { name: 'Joyfully accepts' }).check();
    await w.getByRole('button', { name: 'Review answers' }).click();
    await eventually(() => w.getByRole('heading', { name: 'Review your RSVP' }).isVisible()).toBe(true);
    await w.getByRole('button', { name: 'Send RSVP' }).click();
    await eventually(() => w.getByText('Thank you! Your RSVP has been sent.').isVisible()).toBe(true);
    await expectAccessible(page, 'RSVP sent');

    const lines = await host.call<Array<{ guestId: string; response: string; respondedBy: string }>>('GET', `${base}/invite-lines`);
    expect(lines.map((line) => [line.guestId, line.response, line.respondedBy])).toEqual([[jane.id, 'ATTENDING', 'GUEST']]);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);

    // The privacy note, one link away.
    await page.getByRole('link', { name: 'Privacy note' }).click();
    await eventually(() => page.getByRole('heading', { name: 'Privacy note: Sam & Alex' }).isVisible()).toBe(true);
    await expectAccessiblePage(page);
    await guestContext.close();
    await hostContext.close();
  });

  it('follows a renamed page from an old invitation link, the invite code signing in at once', async () => {
    const hostContext = await browser.newContext();
    const host = await signUpInContext(hostContext, live.url);
    const occasion = await host.call<{ id: string }>('POST', '/occasion', { title: 'Reunion', startDate: '2027-07-01', endDate: '2027-07-01' });
    const base = `/occasion/${occasion.id}`;
    const party = await host.call<{ id: string }>('POST', `${base}/activity`, { name: 'Party', startsAt: '2027-07-01T18:00:00.000Z' });
    const lees = await host.call<{ id: string; inviteCode: string }>('POST', `${base}/household`, { name: 'The Lees' });
    const sam = await host.call<{ id: string }>('POST', `${base}/guest`, { householdId: lees.id, firstName: 'Sam', lastName: 'Lee' });
    await host.call('POST', `${base}/invite-line`, { guestId: sam.id, activityId: party.id });
    await host.call('PUT', `${base}/slug`, { slug: 'class-reunion' });
    await host.call('PUT', `${base}/slug`, { slug: 'class-of-2007' });

    const page = await browser.newPage();
    await page.goto(`${live.url}/r/class-reunion?invite=${lees.inviteCode}`);
    expect(new URL(page.url()).pathname).toBe('/r/class-of-2007');
    await eventually(() => page.locator('kindly-rsvp').getByText('Signed in as Sam Lee').isVisible()).toBe(true);
    await page.close();
    await hostContext.close();
  });
});

/** axe on a page without the widget. */
async function expectAccessiblePage(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE, 'utf8'));
  const serious = await page.evaluate(async () => {
    type AxeRule = { id: string; impact?: string | null };
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeRule[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations.filter((rule) => rule.impact === 'serious' || rule.impact === 'critical').map((rule) => rule.id);
  });
  expect(serious, 'axe on the privacy page').toEqual([]);
}
