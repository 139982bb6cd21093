import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { defineConfig, type ViteUserConfig as UserConfig } from 'vitest/config';

/** `vite build`: the dashboard, from dashboard/ into dist/dashboard, served by the server at `/`. */
const dashboardBuild: UserConfig = {
  root: 'dashboard',
  // The dashboard's own text is English: React Aria's built-in labels in its 30-odd other languages
  // were a third of its pickers' code, evaluated before a picker could mount. Other languages get
  // React Aria's English labels; dates still follow the browser's language (Intl).
  plugins: [react(), optimizeLocales.vite({ locales: ['en-US'] })],
  build: { outDir: '../dist/dashboard', emptyOutDir: true, sourcemap: true },
};

const postgresUrl = process.env.TEST_DATABASE_URL;
const serverTests = ['server/**/*.test.ts'];
const browserTests = ['**/*.e2e.test.ts'];
const exclude = ['**/node_modules/**', 'dist/**', ...browserTests];
// The suites share one module graph per worker (`isolate: false`): each server test file builds its
// own app, database and dependencies, and importing the code afresh for each file was most of the
// small suites' time on two cores. The widget's files keep module state of the page (its custom
// element, the chunks it loaded), so each of them gets a graph of its own.

/** vitest: one project per part; the server suite twice, on SQLite and on PostgreSQL. */
const testConfig: UserConfig = {
  plugins: [react()],
  test: {
    // Half again as many files as CPUs: a file spends part of its time waiting on Chromium,
    // PostgreSQL or a server process it started. On two cores three workers kept both busy (97%
    // against 84%) and took 251 s where two took 273; four took longer again.
    maxWorkers: Math.ceil(availableParallelism() * 1.5),
    reporters: ['default', './vitest-closing-line.ts'],
    projects: [
      {
        test: {
          name: 'core',
          include: ['core/**/*.test.ts'],
          exclude,
          environment: 'node',
          isolate: false,
          // core's type tests (`*.test-d.ts`) are checked with the tests' tsconfig in `npm run typecheck`, which
          // `npm test` runs first: a second tsc pass here would check them again.
        },
      },
      {
        test: {
          name: 'server-sqlite',
          include: serverTests,
          exclude,
          environment: 'node',
          env: { KINDLY_TEST_DB: 'sqlite' },
          isolate: false,
          testTimeout: 20_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                exclude,
                environment: 'node',
                env: { KINDLY_TEST_DB: 'postgres' },
                isolate: false,
                globalSetup: ['server/test-support/test-schemas.ts'],
                testTimeout: 30_000,
              },
            },
          ]
        : []),
      {
        plugins: [react()],
        test: { name: 'dashboard', include: ['dashboard/**/*.test.{ts,tsx}'], exclude, environment: 'happy-dom', isolate: false },
      },
      {
        test: { name: 'widget', include: ['widget/**/*.test.{ts,tsx}'], exclude, environment: 'happy-dom' },
      },
      // Browser files run side by side like the others: each starts its own server on a free port.
      {
        test: { name: 'bench', include: ['bench/**/*.test.ts'], exclude, environment: 'node', isolate: false },
      },
      {
        test: {
          name: 'browser',
          include: browserTests,
          environment: 'node',
          isolate: false,
          testTimeout: 120_000,
          // A screen's poll waits as long as a locator does: vitest's 1 s failed whenever both cores were busy.
          expect: { poll: { timeout: 30_000 } },
          hookTimeout: 120_000,
        },
      },
    ],
  },
};

export default defineConfig(({ command }) => {
  if (command === 'build') return dashboardBuild;
  if (!postgresUrl) {
    console.warn(
      '\n\u26a0  TEST_DATABASE_URL is not set: the PostgreSQL run of the server suite is SKIPPED.\n' +
        '   Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run it (CI does).\n',
    );
  }
  return testConfig;
});
