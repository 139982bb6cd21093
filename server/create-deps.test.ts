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
import { RedisRateLimitStore } from './middleware/rate-limit/redis-store';
import { loadConfig } from './config';
import { MemoryRateLimitStore, RateLimiter } from './middleware/rate-limit/rate-limiter';
import { EVENT_RATE_LIMITS } from './routes/event/event-rate-limits';
import { createEventFixture, errorCode, eventRequest } from './test-support/event-fixture';
import { createTestApp, testConfig, testDatabaseKind, type TestApp } from './test-support/test-app';

describe('chooseRateLimitStore', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('picks Redis when configured, whatever the database', () => {
    const redis = new Redis({ lazyConnect: true });
    expect(chooseRateLimitStore('redis', t.database, redis)).toBeInstanceOf(RedisRateLimitStore);
    redis.disconnect();
  });

  it(`keeps counters in memory by default on ${testDatabaseKind}, and in the database only when told`, () => {
    expect(chooseRateLimitStore('memory', t.database, undefined)).toBeInstanceOf(MemoryRateLimitStore);
    expect(chooseRateLimitStore('database', t.database, undefined)).toBeInstanceOf(DatabaseRateLimitStore);
  });
});

describe('rate limits without Redis', () => {
  it(`hold on ${testDatabaseKind} with the default store, and a sign-in writes no counter to the database`, async () => {
    const config = loadConfig({ KINDLY_DATA_DIR: '/srv/kindly/data', AUTH_SECRET: 's'.repeat(40), DATABASE_URL: 'postgres://kindly@db/kindly' });
    const statements: string[] = [];
    const t = await createTestApp({}, { onQuery: (query) => statements.push(query.sql) });
    try {
      const app = createApp({ ...t.deps, rateLimiter: new RateLimiter(chooseRateLimitStore(config.rateLimitStore!, t.database, undefined)) });
      const f = await createEventFixture({ ...t, app });
      const signIn = (inviteCode: string) => eventRequest(app, 'POST', '/auth/credentials', { body: { occasionId: f.occasionId, inviteCode }, address: '10.9.9.9' });
      statements.length = 0;
      expect((await signIn(f.smith.inviteCode)).status).toBe(200);
      for (let i = 1; i < EVENT_RATE_LIMITS.signInPerClientMinute.limit; i++) expect((await signIn('ZZZZ-ZZZZ-ZZZZ')).status).toBe(401);
      const limited = await signIn(f.smith.inviteCode);
      expect(limited.status).toBe(429);
      expect(await errorCode(limited)).toBe('RATE_LIMITED');
      // Another client is not limited by this one's attempts.
      expect((await eventRequest(app, 'POST', '/auth/credentials', { body: { occasionId: f.occasionId, inviteCode: f.smith.inviteCode }, address: '10.9.9.8' })).status).toBe(200);
      expect(statements.filter((text) => text.includes('rateLimit'))).toEqual([]);
      expect(await t.deps.db.selectFrom('rateLimit').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
    }
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
