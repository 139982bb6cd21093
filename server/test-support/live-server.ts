import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '../app';
import type { AppDeps } from '../app-env';
import { createDatabase } from '../db/create-database';
import { renderEmailHere } from '../email/render-email';
import { silentLogger } from '../logger';
import { MemoryRateLimitStore, RateLimiter } from '../middleware/rate-limit/rate-limiter';
import { testConfig, testCosts } from './test-app';

export interface LiveServer {
  /** e.g. `http://localhost:41234`: the API, the dashboard and `/widget.js`. */
  url: string;
  deps: AppDeps;
  close(): Promise<void>;
}

/**
 * The real server over real HTTP on a free port, on a fresh in-memory SQLite database,
 * serving the built dashboard and widget from `dist/`: what browser tests drive.
 */
export async function startLiveServer(overrides: Partial<AppDeps> = {}): Promise<LiveServer> {
  const database = await createDatabase({ sqliteFile: ':memory:' });
  const deps: AppDeps = {
    db: database.db,
    dbKind: database.kind,
    config: { ...testConfig, distDir: resolve('dist') },
    log: silentLogger(),
    rateLimiter: new RateLimiter(new MemoryRateLimitStore()),
    renderEmail: renderEmailHere,
    ...testCosts(),
    ...overrides,
  };
  const app = createApp(deps);
  const server = await new Promise<ReturnType<typeof serve>>((ready) => {
    const s = serve({ fetch: app.fetch, port: 0 }, () => ready(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    deps,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => void database.close().then(done));
      }),
  };
}
