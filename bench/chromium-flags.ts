import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium, TOP_CHROME_WEBUI_FEATURES } from '../server/test-support/browser';

/**
 * The benches' Chromium: headless, with the switches of Playwright's launch that bear on timing
 * (so figures stay comparable with earlier runs), and without the browser's own UI renderers,
 * which compete with the page for this machine's two cores.
 */
export const BENCH_CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--hide-scrollbars',
  '--mute-audio',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  '--disable-breakpad',
  '--disable-field-trial-config',
  '--disable-back-forward-cache',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-ipc-flooding-protection',
  '--disable-hang-monitor',
  '--disable-dev-shm-usage',
  // The address bar's WebUI renderers (see TOP_CHROME_WEBUI_FEATURES): a host's browser has them idle.
  `--disable-features=${['PaintHolding', ...TOP_CHROME_WEBUI_FEATURES].join(',')}`,
  '--force-color-profile=srgb',
  '--password-store=basic',
  '--use-mock-keychain',
  '--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4',
];

/**
 * The tests' Chromium (`launchChromium`) with {@link BENCH_CHROMIUM_FLAGS} instead of Playwright's own switches.
 * Playwright's default `--disable-features` cannot be added to (Chromium takes the last one
 * given), so the bench gives every switch itself, with the two Playwright needs to drive it.
 */
export async function launchBenchChromium(): Promise<Browser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'kindly-bench-chromium-'));
  const browser = await launchChromium({
    ignoreDefaultArgs: true,
    args: [...BENCH_CHROMIUM_FLAGS, '--remote-debugging-pipe', `--user-data-dir=${userDataDir}`, '--no-startup-window'],
  });
  // Chromium's last processes may still be writing the profile as the pipe closes: retried, and
  // never an uncaught error that ends the bench after its results are written.
  browser.on('disconnected', () => {
    try {
      rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    } catch (error) {
      console.warn(`Could not remove ${userDataDir}: ${(error as Error).message}`);
    }
  });
  return browser;
}
