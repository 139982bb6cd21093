import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { renderEmailHere } from './email/render-email';
import { silentLogger } from './logger';
import { chooseRateLimitStore, createRuntime, systemClock } from './create-deps';
import { DatabaseRateLimitStore } from './middleware/rate-limit/database-store';
import { MemoryRateLimitStore } from './middleware/rate-limit/rate-limiter';
import { RedisRateLimitStore } from './middleware/rate-limit/redis-store';
import { eventRequest } from './test-support/event-fixture';
import { createTestApp, testConfig, testDatabaseKind, type TestApp } from './test-support/test-app';

describe('chooseRateLimitStore', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('picks Redis when configured, whatever the database', () => {
    const redis = new Redis({ lazyConnect: true });
    expect(chooseRateLimitStore(t.database, redis)).toBeInstanceOf(RedisRateLimitStore);
    redis.disconnect();
  });

  it(`picks the ${testDatabaseKind === 'postgres' ? 'database' : 'memory'} store on ${testDatabaseKind} without Redis`, () => {
    const expected = testDatabaseKind === 'postgres' ? DatabaseRateLimitStore : MemoryRateLimitStore;
    expect(chooseRateLimitStore(t.database, undefined)).toBeInstanceOf(expected);
  });
});

// Every other test runs on test-support's cheap costs: this one proves what a server runs with.
describe('createRuntime', () => {
  it('gives the production costs: Argon2id at 19 MiB, 2 passes, 1 lane, and a 150 ms guest sign-in floor that a sign-in waits for', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindly-runtime-'));
    const runtime = await createRuntime({ ...testConfig, dataDir: dir }, silentLogger(), renderEmailHere);
    try {
      const { deps } = runtime;
      expect(await deps.passwords.hash('correct horse battery staple')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(deps.guestSignInFloorMs).toBe(150);
      expect(deps.clock).toBe(systemClock);
      const started = performance.now();
      const body = { occasionId: 'AAAAAAAAAAAA', inviteCode: 'ZZZZ-ZZZZ-ZZZZ' };
      const response = await eventRequest(createApp(deps), 'POST', '/auth/credentials', { body });
      expect(response.status).toBe(401);
      // Timers may fire up to a millisecond early by performance.now().
      expect(performance.now() - started).toBeGreaterThanOrEqual(149);
    } finally {
      await runtime.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
