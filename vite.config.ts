import { defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) {
  console.warn(
    '\n\u26a0  TEST_DATABASE_URL is not set: the PostgreSQL run of the server suite is SKIPPED.\n' +
      '   Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run it (CI does).\n',
  );
}

const serverTests = ['server/**/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['core/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server-sqlite',
          include: serverTests,
          environment: 'node',
          env: { KINDLY_TEST_DB: 'sqlite' },
          testTimeout: 20_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                environment: 'node',
                env: { KINDLY_TEST_DB: 'postgres' },
                testTimeout: 30_000,
              },
            },
          ]
        : []),
    ],
  },
});
