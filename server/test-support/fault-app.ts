import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect } from 'vitest';
import { createApp } from '../app';
import type { AppDeps } from '../app-env';
import { DEFAULT_TIMEOUTS, type Timeouts } from '../config';
import { createDatabase } from '../db/create-database';
import { renderEmailHere } from '../email/render-email';
import { MemoryRateLimitStore, RateLimiter } from '../middleware/rate-limit/rate-limiter';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import { memoryLogger } from './memory-log';
import { withSchemaLock } from './schema-lock';
import { testConfig, testCosts, type TestApp } from './test-app';

/** Short limits, so that a fault test sees its 503 within a second or two. */
export const FAULT_TEST_TIMEOUTS: Timeouts = {
  ...DEFAULT_TIMEOUTS,
  pgConnectMs: 500,
  pgStatementMs: 600,
  pgQueryMs: 800,
  pgIdleInTransactionMs: 2000,
  redisConnectMs: 500,
  redisCommandMs: 500,
};

/** A test app whose PostgreSQL is behind a {@link FaultProxy}, in a schema of its own. */
export interface PostgresFaultApp extends TestApp {
  proxy: FaultProxy;
  /** The `application_name` of the app's connections, to find them in `pg_stat_activity`. */
  applicationName: string;
}

/** Opens the app on `TEST_DATABASE_URL` through a fresh proxy. */
export async function createPostgresFaultApp(overrides: Partial<AppDeps> = {}): Promise<PostgresFaultApp> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('The PostgreSQL fault tests need TEST_DATABASE_URL.');
  const target = new URL(url);
  const proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const suffix = randomBytes(6).toString('hex');
  const schema = `faults_${suffix}`;
  const applicationName = `kindly-faults-${suffix}`;
  const proxied = new URL(proxy.proxiedUrl(url));
  proxied.searchParams.set('application_name', applicationName);
  const logs: string[] = [];
  const log = (line: string) => logs.push(line);
  const database = await withSchemaLock(url, 'shared', async () => {
    // Migrated first with the default time limits, straight to the server: the migration is not
    // what these tests time, and on a loaded machine one of its statements outlasted 600 ms.
    await (await createDatabase({ databaseUrl: url, pgSchema: schema, poolSize: 1 })).close();
    return createDatabase({ databaseUrl: proxied.toString(), pgSchema: schema, poolSize: 4, timeouts: FAULT_TEST_TIMEOUTS, log, alreadyMigrated: true });
  });
  const deps: AppDeps = {
    db: database.db,
    dbKind: database.kind,
    config: { ...testConfig, timeouts: FAULT_TEST_TIMEOUTS },
    log: memoryLogger(logs),
    rateLimiter: new RateLimiter(new MemoryRateLimitStore()),
    renderEmail: renderEmailHere,
    ...testCosts(),
    ...overrides,
  };
  return {
    app: createApp(deps),
    deps,
    database,
    logs,
    proxy,
    applicationName,
    async close() {
      await proxy.restore();
      await database.close();
      await proxy.close();
      await withSchemaLock(url, 'exclusive', () => withAdminClient(url, (admin) => admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)));
    },
  };
}

/** Runs `work` on a connection of its own, straight to PostgreSQL (not through the proxy). */
export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Ends every backend whose `application_name` is the given one; returns how many. */
export async function terminateBackends(url: string, applicationName: string): Promise<number> {
  const result = await withAdminClient(url, (admin) =>
    admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [applicationName]),
  );
  return result.rowCount ?? 0;
}

/** Asserts the contract's 503 answer: `UNAVAILABLE`, with `Retry-After`. */
export async function expectUnavailable(response: Response): Promise<void> {
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await response.json()).toEqual({ error: { code: 'UNAVAILABLE', message: expect.any(String) } });
}

/** Runs `request` and returns its response with how long it took, in milliseconds. */
export async function timed(request: () => Response | Promise<Response>): Promise<{ response: Response; ms: number }> {
  const started = performance.now();
  const response = await request();
  return { response, ms: performance.now() - started };
}

/** Repeats `request` until it answers `status` or `withinMs` pass; returns the last response. */
export async function eventually(request: () => Response | Promise<Response>, status: number, withinMs = 5000): Promise<Response> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const response = await request();
    if (response.status === status || Date.now() > deadline) return response;
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
