import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectRedis } from '../../create-deps';
import { signUpHost, type HostClient } from '../../in-process/host-session';
import { silentLogger } from '../../logger';
import { RateLimiter } from '../../middleware/rate-limit/rate-limiter';
import { RedisRateLimitStore } from '../../middleware/rate-limit/redis-store';
import { createTwoInstances, type TestApp } from '../../test-support/test-app';
import { verifyAccount } from '../../test-support/verify-account';
import { createApiToken, tokenRequest } from './api-token-fixtures';
import { createOccasion } from './host-fixtures';
import { HOST_RATE_LIMITS } from './host-rate-limits';

const url = process.env.REDIS_URL_FOR_TESTS;

describe.runIf(url)('API tokens on two instances sharing Redis', () => {
  let first: TestApp;
  let second: TestApp;
  let close: () => Promise<void>;
  let redis: Redis;
  let owner: HostClient;
  let occasionId: string;
  beforeEach(async () => {
    redis = connectRedis(url!, { redisConnectMs: 2000, redisCommandMs: 2000 }, silentLogger());
    const prefix = `kindly:tokens:${randomBytes(6).toString('hex')}:`;
    ({ first, second, close } = await createTwoInstances(() => ({ rateLimiter: new RateLimiter(new RedisRateLimitStore(redis, prefix)) })));
    owner = await signUpHost(first.app);
    await verifyAccount(first.deps.db, owner.credentials.email);
    occasionId = (await createOccasion(owner)).id;
  });
  afterEach(async () => {
    redis.disconnect();
    await close();
  });

  it('counts a token’s requests on both instances against one limit, and a revocation on one holds on the other', async () => {
    const busy = await createApiToken(owner, occasionId, 'viewer', 'Busy');
    const calm = await createApiToken(owner, occasionId, 'viewer', 'Calm');
    const door = `/occasion/${occasionId}/door`;
    const { limit } = HOST_RATE_LIMITS.apiTokenRequests;
    for (let sent = 0; sent < limit; sent += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, (_, i) => tokenRequest(i % 2 === 0 ? first : second, busy.secret, 'GET', door)));
      expect(batch.map((response) => response.status).filter((status) => status !== 200)).toEqual([]);
    }
    for (const instance of [first, second]) {
      const refused = await tokenRequest(instance, busy.secret, 'GET', door);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await tokenRequest(second, calm.secret, 'GET', door)).status).toBe(200);

    expect((await owner.request('DELETE', `/occasion/${occasionId}/api-token/${calm.id}`)).status).toBe(204);
    expect((await tokenRequest(second, calm.secret, 'GET', door)).status).toBe(401);
  }, 60_000);
});
