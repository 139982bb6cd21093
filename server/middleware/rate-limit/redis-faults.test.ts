import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectRedis } from '../../create-deps';
import { silentLogger } from '../../logger';
import { eventually, expectUnavailable, FAULT_TEST_TIMEOUTS, timed } from '../../test-support/fault-app';
import { startFaultProxy, type FaultProxy } from '../../test-support/fault-proxy';
import { BASE, newHostCredentials } from '../../in-process/host-session';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { RateLimiter } from './rate-limiter';
import { RedisRateLimitStore } from './redis-store';

const url = process.env.REDIS_URL_FOR_TESTS;
/** With the test's short timeouts (half a second), every fault must answer within this. */
const QUICKLY_MS = 3000;

describe.runIf(url)('Redis faults under the rate limiter, through a TCP proxy', () => {
  let t: TestApp;
  let proxy: FaultProxy;
  let redis: Redis;
  beforeEach(async () => {
    const target = new URL(url!);
    proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 6379) });
    redis = connectRedis(proxy.proxiedUrl(url!), FAULT_TEST_TIMEOUTS, silentLogger());
    const store = new RedisRateLimitStore(redis, `kindly:faults:${randomBytes(6).toString('hex')}:`);
    t = await createTestApp({ rateLimiter: new RateLimiter(store) });
  });
  afterEach(async () => {
    redis.disconnect();
    await proxy.close();
    await t.close();
  });

  // Account creation is limited per client, so every sign-up goes through Redis.
  const signUp = () =>
    t.app.request(`${BASE}/host/v1/account`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(newHostCredentials()),
    });

  it('answers 503 quickly while Redis is down, and recovers by itself', async () => {
    expect((await signUp()).status).toBe(201);
    await proxy.cut();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const { response, ms } = await timed(signUp);
      await expectUnavailable(response);
      expect(ms).toBeLessThan(QUICKLY_MS);
    }
    await proxy.restore();
    expect((await eventually(signUp, 201)).status).toBe(201);
  });

  it('answers 503 quickly while Redis is stalled, and recovers by itself', async () => {
    expect((await signUp()).status).toBe(201);
    proxy.stall();
    const answers = await Promise.all(Array.from({ length: 3 }, () => timed(signUp)));
    for (const { response, ms } of answers) {
      await expectUnavailable(response);
      expect(ms).toBeLessThan(QUICKLY_MS);
    }
    await proxy.restore();
    expect((await eventually(signUp, 201)).status).toBe(201);
  });
});
