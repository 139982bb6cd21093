/**
 * `npm run demo` as a person starts it, on another port than the default: the real process
 * (`dist/server/main.js --demo`) with `PORT` set to a free port, its example sites on the next
 * one, the widget in Chromium on them. Needs the build (`npm run build`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, closeContexts, sharedChromium } from '../test-support/browser';
import { freePortPair } from '../test-support/free-ports';

const built = existsSync(resolve('dist/server/main.js')) && existsSync(resolve('dist/widget/widget.js'));

describe.skipIf(!chromiumPath || !built)('the demo on a PORT of its own (Chromium)', () => {
  let server: ChildProcess;
  let output = '';
  let browser: Browser;
  let port: number;
  const dataDir = mkdtempSync(join(tmpdir(), 'kindly-demo-'));

  beforeAll(async () => {
    port = await freePortPair();
    const { EXAMPLES_PORT: _examplesPort, AUTH_URL: _authUrl, ...env } = process.env;
    server = spawn(process.execPath, ['dist/server/main.js', '--demo'], {
      env: { ...env, PORT: String(port), KINDLY_DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk) => (output += String(chunk)));
    server.stderr!.on('data', (chunk) => (output += String(chunk)));
    for (let waited = 0; !output.includes('Examples:'); waited += 200) {
      if (waited > 60_000 || server.exitCode !== null) throw new Error(`the demo did not start:\n${output}`);
      await new Promise((done) => setTimeout(done, 200));
    }
    browser = await sharedChromium();
  });

  afterAll(async () => {
    await closeContexts(browser);
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves the examples on PORT + 1, and their origin is the demo occasion's allowed one", async () => {
    const examplesUrl = new RegExp(`Examples: +(http://127\\.0\\.0\\.1:${port + 1}/\\?occasion=[\\w-]+)`).exec(output)?.[1];
    expect(examplesUrl, output).toBeDefined();
    const occasion = new URL(examplesUrl!).searchParams.get('occasion')!;
    for (const origin of [`http://127.0.0.1:${port + 1}`, `http://localhost:${port + 1}`]) {
      const page = await browser.newPage();
      await page.goto(`${origin}/blank/?occasion=${occasion}`);
      const widget = page.locator('kindly-rsvp');
      await expect.poll(() => widget.getByRole('heading', { name: 'Find your invitation' }).isVisible(), { timeout: 15_000 }).toBe(true);
      await widget.getByRole('button', { name: "I don't have my invite code" }).click();
      await widget.getByLabel('First name').fill('Nobody');
      await widget.getByLabel('Last name').fill('Atall');
      await widget.getByRole('button', { name: 'Continue' }).click();
      // The API answered the page (a refused origin would say so instead): the sign-in ran and failed as it should.
      await expect.poll(() => widget.getByRole('alert').textContent(), { timeout: 15_000 }).toContain("We couldn't find an invitation");
      await page.close();
    }
  });
});
