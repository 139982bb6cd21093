import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type * as Axe from 'axe-core';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** What the dashboard's browser tests check on every screen: axe-core, CSP, and finding fields by label. */

const AXE = resolve('node_modules/axe-core/axe.min.js');

declare global {
  interface Window {
    /** axe-core, once {@link expectAccessible} evaluated it in the page. */
    axe?: typeof Axe;
    /** The binding {@link reportCspViolations} exposes to the context's pages. */
    reportCspViolation?: (text: string) => void;
  }
}

/** Runs axe-core on the page; fails on any serious or critical violation. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Evaluated, not added as a <script>: the dashboard's CSP refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE, 'utf8'));
  const violations = await page.evaluate(async () => {
    const result = await window.axe!.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => JSON.stringify(node.target)).slice(0, 5).join(', ')}`);
  expect(serious, `axe on ${screen}`).toEqual([]);
}

/** The field whose label reads `label` (required fields add ` *`). */
export function field(page: Page | Locator, label: string): Locator {
  const pattern = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
  const root = 'page' in page ? page.page() : page;
  return page.locator('.field').filter({ has: root.locator(':is(label, .react-aria-Label)', { hasText: pattern }) });
}

/** Opens the select labelled `label` and chooses `option`. */
export async function choose(page: Page, scope: Page | Locator, label: string, option: string): Promise<void> {
  await field(scope, label).getByRole('button').first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Types a date (and time) into a React Aria date picker, segment by segment. */
export async function typeDate(page: Page, scope: Page | Locator, label: string, keys: string): Promise<void> {
  await field(scope, label).locator('[role=spinbutton]').first().click();
  await page.keyboard.type(keys);
}


/**
 * Collects every Content-Security-Policy violation of the context's pages (the event, and
 * Chromium's console message for what it refused) into `violations`.
 */
export async function reportCspViolations(context: BrowserContext, violations: string[]): Promise<void> {
  await context.exposeBinding('reportCspViolation', (_source, text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      window.reportCspViolation!(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
}
