import { existsSync } from 'node:fs';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

/** Debian's Chromium (never a downloaded browser); `CHROMIUM_PATH` overrides. */
export const chromiumPath: string | undefined = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (path): path is string => !!path && existsSync(path),
);

if (!chromiumPath) {
  console.warn('\n\u26a0  No Chromium found (apt-get install chromium): the browser tests are SKIPPED.\n');
}

/**
 * Chromium 156 runs the address bar's popup in renderers of its own even headless ("WebUI Top
 * Renderer", `--top-chrome-webui`), and only these switches together stop them. Traced, two such
 * renderers took 13.4 s of CPU during one dashboard load at 4× on a 2-core machine, beside the
 * page's 8.7 s; idle, a test's Chromium took 90% of a core with them and 45% without.
 */
export const TOP_CHROME_WEBUI_FEATURES = ['PreloadTopChromeWebUI', 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * What the tests' Chromium runs without. Chromium keeps the last `--disable-features` it is
 * given, so this repeats the features Playwright's launch disables (its Chromium switches of
 * version 1.64) before adding {@link TOP_CHROME_WEBUI_FEATURES}.
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  ...TOP_CHROME_WEBUI_FEATURES,
];

/** Headless Chromium with the flags this network-less machine needs. */
export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  if (!chromiumPath) throw new Error('No Chromium found.');
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    ...options,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-features=${DISABLED_FEATURES.join(',')}`,
      ...(options.args ?? []),
    ],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * The worker's one Chromium, launched by its first browser test file (the browser files share a
 * module graph per worker) and ended with the worker. A file opens contexts of its own and closes
 * them with {@link closeContexts}; launching Chromium for each file cost about half a second of
 * both cores.
 */
export function sharedChromium(): Promise<Browser> {
  shared ??= launchChromium().then((browser) => {
    browser.on('disconnected', () => (shared = undefined));
    return browser;
  });
  return shared;
}

/** Closes every context (and so every page) the file opened in the shared Chromium. */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
}
