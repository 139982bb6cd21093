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

/**
 * Holds back the page's requests to `url` (a glob) until the returned function lets them through:
 * a screen is checked while its write is under way.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let letThrough!: () => void;
  const released = new Promise<void>((done) => (letThrough = done));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return letThrough;
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

/** What a phone screen got wrong: each entry names the element and why. */
export interface PhoneProblems {
  /** The page scrolls sideways: its width and the element that sticks out furthest. */
  sideways: string[];
  /** Table cells narrower than the shortest word they hold (a column squeezed to nothing). */
  squeezed: string[];
  /** Rows whose first cell with text (their name) is not in view. */
  hiddenNames: string[];
}

/**
 * Reads the page as a phone shows it: no sideways scroll of the page; in every table, grid or
 * ARIA table, no cell narrower than the shortest word in it; each body row's first cell with text
 * (its name) inside the viewport, or inside its own scroller's view.
 */
export function phoneProblems(page: Page): Promise<PhoneProblems> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const sideways: string[] = [];
    const label = (element: Element): string => {
      const classes = typeof element.className === 'string' && element.className.trim() ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
      return `${element.tagName.toLowerCase()}${classes} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    };
    const root = document.documentElement;
    if (root.scrollWidth > width) {
      const clipped = (element: Element) => {
        if (['absolute', 'fixed'].includes(getComputedStyle(element).position)) return false;
        for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) if (getComputedStyle(up).overflowX !== 'visible') return true;
        return false;
      };
      let widest = '';
      let right = width;
      for (const element of document.body.querySelectorAll('*')) {
        const box = element.getBoundingClientRect();
        if (box.right > right + 0.5 && !clipped(element)) {
          right = box.right;
          widest = label(element);
        }
      }
      sideways.push(`the page is ${root.scrollWidth} px wide; widest ${widest} (right edge ${Math.round(right)} px)`);
    }

    const canvas = document.createElement('canvas').getContext('2d')!;
    const shortestWord = (cell: Element): number => {
      const style = getComputedStyle(cell);
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      // Words as a reader sees them: an address or a code's parts count one by one.
      const words = (cell.textContent ?? '').split(/[\s\-@/.,:;]+/).filter((word) => /\w/.test(word));
      return words.length === 0 ? 0 : Math.min(...words.map((word) => canvas.measureText(word).width));
    };
    const shown = (element: Element): boolean => {
      const box = element.getBoundingClientRect();
      return getComputedStyle(element).display !== 'none' && getComputedStyle(element).visibility !== 'hidden' && (box.width > 0 || box.height > 0);
    };
    // Visually hidden (for screen readers only): inside a clipped box of a pixel or so.
    const visuallyHidden = (element: Element): boolean => {
      for (let up: Element | null = element; up && up !== document.body; up = up.parentElement) {
        const box = up.getBoundingClientRect();
        if (getComputedStyle(up).overflow !== 'visible' && (box.width <= 2 || box.height <= 2)) return true;
      }
      return false;
    };
    const squeezed: string[] = [];
    const hiddenNames: string[] = [];
    const tables = document.querySelectorAll('table, [role=table], [role=grid]');
    for (const table of tables) {
      if (!shown(table) || table.closest('[aria-hidden=true]') || visuallyHidden(table)) continue;
      const rows = [...table.querySelectorAll('tr, [role=row]')].filter((row) => row.closest('table, [role=table], [role=grid]') === table && !row.closest('thead, [role=rowgroup].glist__head') && !row.classList.contains('spacer'));
      for (const row of rows.slice(0, 12)) {
        const cells = [...row.querySelectorAll(':scope > td, :scope > th, :scope > [role=cell], :scope > [role=gridcell], :scope > [role=rowheader]')].filter(shown);
        for (const cell of cells) {
          const style = getComputedStyle(cell);
          const inner = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          const word = shortestWord(cell);
          if (word > 0 && inner + 1 < word) squeezed.push(`${label(cell)}: ${Math.round(inner)} px for a ${Math.round(word)} px word`);
        }
        const name = cells.find((cell) => (cell.textContent ?? '').trim() !== '');
        if (!name) continue;
        const box = name.getBoundingClientRect();
        let scroller: Element | null = name.parentElement;
        while (scroller && scroller !== document.body && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
        const view = scroller && scroller !== document.body ? scroller.getBoundingClientRect() : { left: 0, right: width };
        const left = Math.max(view.left, 0);
        const right = Math.min(view.right, width);
        if (box.left < left - 1 || box.left + Math.min(box.width, 24) > right + 1) hiddenNames.push(`${label(name)} at ${Math.round(box.left)}–${Math.round(box.right)} px`);
      }
    }
    return { sideways, squeezed, hiddenNames };
  });
}

/** Fails unless {@link phoneProblems} finds nothing on the page. */
export async function expectReadableOnPhone(page: Page, screen: string): Promise<void> {
  expect(await phoneProblems(page), `${screen} on a phone`).toEqual({ sideways: [], squeezed: [], hiddenNames: [] });
}
