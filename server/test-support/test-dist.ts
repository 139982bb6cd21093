import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, testConfig, type TestApp } from './test-app';

export interface TestDist {
  /** The directory to give as `config.distDir`. */
  dir: string;
  remove(): void;
}

/** The dashboard's page as the built one starts: its module script and a `data:` icon. */
export const TEST_INDEX_HTML =
  '<!doctype html><html><head><link rel="icon" href="data:image/svg+xml,x" /><script type="module" crossorigin src="/assets/index-test.js"></script></head><body><div id="root"></div></body></html>';

/**
 * A small built `dist/` in a temporary directory (the dashboard's index.html and one asset, the
 * widget's files: the loader, an app named by its hash), so server tests serve real files
 * without a build.
 */
export function writeTestDist(): TestDist {
  const dir = mkdtempSync(join(tmpdir(), 'kindly-dist-'));
  mkdirSync(join(dir, 'dashboard', 'assets'), { recursive: true });
  mkdirSync(join(dir, 'widget'), { recursive: true });
  writeFileSync(join(dir, 'dashboard', 'index.html'), TEST_INDEX_HTML);
  writeFileSync(join(dir, 'dashboard', 'assets', 'index-test.js'), 'console.log("dashboard");');
  writeFileSync(join(dir, 'widget', 'widget.js'), 'console.log("loader");');
  writeFileSync(join(dir, 'widget', 'app.js'), 'console.log("app");');
  mkdirSync(join(dir, 'widget', 'app'));
  writeFileSync(join(dir, 'widget', 'app', 'app-Test_1.js'), 'export const mount = "app";');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A test app serving a fresh `writeTestDist()`; `close` stops the app and removes the files. */
export async function createTestAppWithDist(): Promise<TestApp> {
  const dist = writeTestDist();
  const test = await createTestApp({ config: { ...testConfig, distDir: dist.dir } });
  return {
    ...test,
    close: async () => {
      await test.close();
      dist.remove();
    },
  };
}
