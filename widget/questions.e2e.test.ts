/**
 * Questions end to end in Chromium: a host adds three questions of different kinds in the
 * dashboard, a guest answers them in the widget on the hostile wedding page (another site),
 * and the host sees the answers summed up. Needs `npm run build` first.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInContext, type E2eHost } from '../dashboard/e2e-host';
import { startExamplesServer, type ExamplesServer } from '../server/frontends/serve-examples';
import { chromiumPath, closeContexts, sharedChromium } from '../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';

const AXE = resolve('node_modules/axe-core/axe.min.js');
/** The widget's app is `dist/widget/app/app-<content hash>.js`. */
const built =
  existsSync(resolve('dist/widget/app')) && readdirSync(resolve('dist/widget/app')).some((file) => /^app-.+\.js$/.test(file)) && existsSync(resolve('dist/dashboard/index.html'));

/** axe-core on the page (the dashboard) or on the widget only (the host page is not ours): no serious or critical violation. */
async function expectAccessible(page: Page, where: string, selector?: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE, 'utf8'));
  const violations = await page.evaluate(async (target) => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: object): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }> }> } }).axe;
    const result = await axe.run(target ? document.querySelector(target) : document, { resultTypes: ['violations'] });
    return result.violations.filter((rule) => rule.impact === 'serious' || rule.impact === 'critical').map((rule) => `${rule.id}: ${JSON.stringify(rule.nodes.map((node) => node.target))}`);
  }, selector);
  expect(violations, `axe on ${where}`).toEqual([]);
}

/** The dashboard field whose label reads `label` (required fields add ` *`). */
function field(scope: Locator, label: string): Locator {
  const pattern = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
  return scope.locator('.field').filter({ has: scope.page().locator(':is(label, .react-aria-Label)', { hasText: pattern }) });
}

async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await field(scope, label).getByRole('button').first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const eventually = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 15_000 });

describe.skipIf(!chromiumPath || !built)('custom questions from the dashboard to the widget and back (Chromium)', () => {
  let live: LiveServer;
  let examples: ExamplesServer;
  let browser: Browser;

  beforeAll(async () => {
    live = await startLiveServer();
    examples = await startExamplesServer({ port: 0, examplesDir: 'examples', distDir: 'dist', apiOrigin: live.url });
    browser = await sharedChromium();
  });

  afterAll(async () => {
    await closeContexts(browser);
    await examples?.close();
    await live?.close();
  });

  it('a host adds three questions, a guest answers them on the wedding page, the host sees the answers, the feed entry and the chart', async () => {
    const hostContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const host: E2eHost = await signUpInContext(hostContext, live.url);
    const occasion = await host.call<{ id: string }>('POST', '/occasion', {
      title: 'Sam & Alex',
      startDate: '2027-06-11',
      endDate: '2027-06-13',
      timezone: 'America/New_York',
      allowedOrigins: [examples.url],
    });
    const base = `/occasion/${occasion.id}`;
    const dinner = await host.call<{ id: string }>('POST', `${base}/activity`, { name: 'Welcome dinner', startsAt: '2027-06-11T23:00:00.000Z' });
    const household = await host.call<{ id: string; inviteCode: string }>('POST', `${base}/household`, { name: 'The Smiths' });
    const jane = await host.call<{ id: string }>('POST', `${base}/guest`, { householdId: household.id, firstName: 'Jane', lastName: 'Smith' });
    await host.call('POST', `${base}/invite-line`, { guestId: jane.id, activityId: dinner.id });

    // The host: three questions of three kinds on the Questions screen.
    const dashboard = await hostContext.newPage();
    const pageErrors: string[] = [];
    dashboard.on('pageerror', (error) => pageErrors.push(error.message));
    await dashboard.goto(`${live.url}${base}`);
    await dashboard.getByRole('navigation', { name: 'Occasion' }).getByRole('link', { name: 'Questions' }).click();
    await dashboard.getByText('No questions yet').waitFor();

    await dashboard.getByRole('button', { name: 'Add question' }).click();
    let dialog = dashboard.getByRole('dialog', { name: 'New question' });
    await field(dialog, 'Question').locator('input').fill('Which song gets you dancing?');
    await dialog.getByRole('button', { name: 'Save question' }).click();
    await dialog.waitFor({ state: 'detached' });

    await dashboard.getByRole('button', { name: 'Add question' }).click();
    dialog = dashboard.getByRole('dialog', { name: 'New question' });
    await field(dialog, 'Question').locator('input').fill('Do you need the shuttle?');
    await choose(dashboard, dialog, 'Kind', 'Yes or no');
    await choose(dashboard, dialog, 'Who answers', 'Once per household');
    await dialog.getByText('An answer is required').click();
    await dialog.getByRole('button', { name: 'Save question' }).click();
    await dialog.waitFor({ state: 'detached' });

    await dashboard.getByRole('button', { name: 'Add question' }).click();
    dialog = dashboard.getByRole('dialog', { name: 'New question' });
    await field(dialog, 'Question').locator('input').fill('Where would you like to sit?');
    await choose(dashboard, dialog, 'Kind', 'One choice');
    await choose(dashboard, dialog, 'Asked of', 'Those attending Welcome dinner');
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await field(dialog, 'Option 1').locator('input').fill('Near the band');
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await field(dialog, 'Option 2').locator('input').fill('Near the garden');
    await expectAccessible(dashboard, 'the question dialog');
    await dialog.getByRole('button', { name: 'Save question' }).click();
    await dialog.waitFor({ state: 'detached' });
    const list = dashboard.getByRole('list', { name: 'Questions' });
    await eventually(() => list.getByRole('listitem').count()).toBe(3);
    await expectAccessible(dashboard, 'the questions screen');
    const questions = await host.call<Array<{ kind: string; scope: string; required: boolean; activityId: string | null; options: unknown[] }>>('GET', `${base}/questions`);
    expect(questions.map((q) => [q.kind, q.scope, q.required, q.activityId, q.options.length])).toEqual([
      ['SHORT_TEXT', 'GUEST', false, null, 0],
      ['YES_NO', 'HOUSEHOLD', true, null, 0],
      ['SINGLE_CHOICE', 'GUEST', false, dinner.id, 2],
    ]);

    // The guest, on the hostile wedding page of another site.
    const guestContext = await browser.newContext({ viewport: { width: 900, height: 1000 } });
    const page = await guestContext.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${examples.url}/wedding/?occasion=${occasion.id}&invite=${household.inviteCode}`);
    const widget = page.locator('kindly-rsvp');
    const dinnerGroup = widget.getByRole('group', { name: /Welcome dinner/ });
    await dinnerGroup.getByRole('group', { name: 'Jane Smith' }).getByRole('radio', { name: 'Joyfully accepts' }).check();
    // Attending, Jane is asked all three; the choice only because she comes to the dinner.
    await widget.getByRole('group', { name: 'Where would you like to sit?' }).waitFor();
    await expectAccessible(page, 'the RSVP form with questions', 'kindly-rsvp');
    await widget.getByRole('button', { name: 'Review answers' }).click();
    await eventually(() => widget.getByText('Please choose an answer.').count()).toBeGreaterThan(0);
    await widget.getByRole('group', { name: 'Which song gets you dancing?' }).getByLabel('Jane Smith').fill('September');
    await widget.getByRole('group', { name: 'Do you need the shuttle? (required)' }).getByRole('radio', { name: 'Yes' }).check();
    await widget.getByRole('group', { name: 'Where would you like to sit?' }).getByRole('radio', { name: 'Near the garden' }).check();
    await widget.getByRole('button', { name: 'Review answers' }).click();
    await widget.getByRole('heading', { name: 'Review your RSVP' }).waitFor();
    const reviewed = widget.locator('dt', { hasText: 'Where would you like to sit? (Jane Smith)' });
    expect(await reviewed.locator('xpath=following-sibling::dd').textContent()).toBe('Near the garden');
    await widget.getByRole('button', { name: 'Send RSVP' }).click();
    await widget.getByText('Thank you! Your RSVP has been sent.').waitFor();

    // The host sees the answers, summed up per question.
    await dashboard.reload();
    const items = dashboard.getByRole('list', { name: 'Questions' }).locator(':scope > li');
    await items.first().waitFor();
    await items.nth(0).getByText('1 answer').click();
    await eventually(() => items.nth(0).textContent()).toContain('September');
    const rows = (item: Locator) => item.locator('tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
    expect(await items.nth(1).getByRole('table').getAttribute('aria-label')).toBe('Answers to Do you need the shuttle?');
    expect(await rows(items.nth(1))).toEqual([['Yes', '1'], ['No', '0']]);
    expect(await rows(items.nth(2))).toEqual([['Near the band', '0'], ['Near the garden', '1']]);

    // And on the household's screen, with whose answer each is.
    await dashboard.getByRole('navigation', { name: 'Occasion' }).getByRole('link', { name: 'Households' }).click();
    await dashboard.getByRole('button', { name: 'Edit The Smiths' }).click();
    const answered = dashboard.getByRole('dialog').getByRole('region', { name: 'Answers to your questions' });
    await answered.waitFor();
    const pairs = await answered.locator('dt').evaluateAll((terms) => terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(pairs).toEqual([
      ['Which song gets you dancing? (Jane Smith)', 'September'],
      ['Do you need the shuttle?', 'Yes'],
      ['Where would you like to sit? (Jane Smith)', 'Near the garden'],
    ]);
    await expectAccessible(dashboard, 'the household dialog with answers');

    // The overview's feed tells of the reply and its answers, and the chart counts Jane attending.
    await dashboard.keyboard.press('Escape');
    await dashboard.getByRole('navigation', { name: 'Occasion' }).getByRole('link', { name: 'Overview' }).click();
    const feed = dashboard.getByRole('list', { name: 'Recent activity' });
    await eventually(() => feed.locator('li').allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Jane Smith answered “Which song gets you dancing?”: September'),
        expect.stringContaining('Jane Smith accepted the Welcome dinner'),
      ]),
    );
    await dashboard.locator('[data-testid=replies-plot] canvas').waitFor({ timeout: 30_000 });
    const days = await dashboard.getByTestId('replies-table').locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
    expect(days.at(-1)?.slice(1)).toEqual(['1', '0', '0']);
    expect(pageErrors).toEqual([]);
    await guestContext.close();
    await hostContext.close();
  });
});
