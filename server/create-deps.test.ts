import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chooseRateLimitStore } from './create-deps';
import { DatabaseRateLimitStore } from './middleware/rate-limit/database-store';
import { MemoryRateLimitStore } from './middleware/rate-limit/rate-limiter';
import { RedisRateLimitStore } from './middleware/rate-limit/redis-store';
import { createTestApp, testDatabaseKind, type TestApp } from './test-support/test-app';

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
