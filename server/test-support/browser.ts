import { existsSync } from 'node:fs';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

/** Debian's Chromium (never a downloaded browser); `CHROMIUM_PATH` overrides. */
export const chromiumPath: string | undefined = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (path): path is string => !!path && existsSync(path),
);

if (!chromiumPath) {
  console.warn('\n\u26a0  No Chromium found (apt-get install chromium): the browser tests are SKIPPED.\n');
}

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
