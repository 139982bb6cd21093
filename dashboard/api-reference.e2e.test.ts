import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, closeContexts, sharedChromium } from '../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';
import { reportCspViolations } from './e2e-checks';
import { signUpInContext } from './e2e-host';

/**
 * The API reference in Chromium: linked from the dashboard's footer, drawn by Scalar's bundle as
 * the server serves it (nothing from another origin), within the page's CSP.
 * `npm run build && npx vitest run --project browser dashboard/api-reference`.
 */
describe.skipIf(!chromiumPath)('the API reference in Chromium', () => {
  let live: LiveServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  const cspViolations: string[] = [];
  const foreignRequests: string[] = [];

  beforeAll(async () => {
    live = await startLiveServer();
    browser = await sharedChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await reportCspViolations(context, cspViolations);
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      if (!request.url().startsWith(live.url) && !request.url().startsWith('data:')) foreignRequests.push(request.url());
    });
  });

  afterAll(async () => {
    await closeContexts(browser);
    await live?.close();
  });

  it('is linked from the dashboard and shows both areas’ operations', async () => {
    await signUpInContext(context, live.url);
    await page.goto(`${live.url}/occasions`);
    await page.getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL(`${live.url}/api-reference`);

    await expect.poll(() => page.getByText('Kindly host API').first().isVisible(), { timeout: 30_000 }).toBe(true);
    await page.getByText('Occasions', { exact: true }).first().click();
    await expect.poll(() => page.getByText('Create an occasion').first().isVisible(), { timeout: 30_000 }).toBe(true);
    expect(errors).toEqual([]);
    // Zod, inside Scalar's bundle, probes once whether it may compile code (`Function('')` in a
    // try) and validates without compiling when refused: the one refusal expected, and wanted.
    expect(cspViolations.filter((violation) => !/^script-src refused eval at .*\/api-reference\/scalar\.js:/.test(violation))).toEqual([]);
    expect(foreignRequests).toEqual([]);
  });

  it('sends the page a CSP that allows scripts and connections of its own origin only', async () => {
    const response = await page.request.get(`${live.url}/api-reference`);
    const directives = new Map(
      (response.headers()['content-security-policy'] ?? '').split(';').map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name!, values.join(' ')] as const;
      }),
    );
    expect(directives.get('default-src')).toBe("'self'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('connect-src')).toBe("'self'");
    expect(directives.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(response.headers()['x-frame-options']).toBe('DENY');
  });
});
