import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type KindlyDatabase } from '../../db/create-database';
import type { Database } from '../../db/schema';
import { ApiError } from '../../data/api-error';
import { withSchemaLock } from '../../test-support/schema-lock';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test-support/test-app';
import { DatabaseRateLimitStore } from './database-store';
import { MemoryRateLimitStore, RateLimiter, type RateLimitRule, type RateLimitStore } from './rate-limiter';
import { RedisRateLimitStore } from './redis-store';

const rule: RateLimitRule = { name: 'test', limit: 3, windowMs: 60_000 };
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A clock the test moves by hand. */
function manualClock(start = 1_800_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

async function retryAfterOf(attempt: Promise<void>): Promise<number | undefined> {
  try {
    await attempt;
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(429);
    expect(apiError.code).toBe('RATE_LIMITED');
    return Number(apiError.headers?.['Retry-After']);
  }
}

/** The behaviour every store must have, run against each of them. */
function storeContract(makeStore: () => RateLimitStore) {
  it('counts up within a window and starts over when it ends', async () => {
    const store = makeStore();
    const key = `k-${randomBytes(4).toString('hex')}`;
    const now = 1_800_000_000_000;
    const first = await store.hit(key, 1000, now);
    expect(first.count).toBe(1);
    expect(first.resetAt).toBeGreaterThanOrEqual(now + 900);
    expect(first.resetAt).toBeLessThanOrEqual(now + 1000);
    const second = await store.hit(key, 1000, now + 10);
    expect(second.count).toBe(2);
    expect(second.resetAt).toBeGreaterThanOrEqual(now + 900);
    expect(second.resetAt).toBeLessThanOrEqual(now + 1010);
    expect(typeof second.resetAt).toBe('number');
  });

  it('keeps keys apart', async () => {
    const store = makeStore();
    const suffix = randomBytes(4).toString('hex');
    await store.hit(`a-${suffix}`, 60_000, Date.now());
    await store.hit(`a-${suffix}`, 60_000, Date.now());
    expect((await store.hit(`b-${suffix}`, 60_000, Date.now())).count).toBe(1);
  });

  it('refuses with 429 and Retry-After past the limit, for one key only', async () => {
    const limiter = new RateLimiter(makeStore());
    const client = `client-${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < rule.limit; i++) await limiter.consume([{ rule, key: client }]);
    const retryAfter = await retryAfterOf(limiter.consume([{ rule, key: client }]));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await retryAfterOf(limiter.consume([{ rule, key: `${client}-other` }]))).toBeUndefined();
  });

  it('reads a count without counting when the amount is 0', async () => {
    const store = makeStore();
    const key = `peek-${randomBytes(4).toString('hex')}`;
    const now = Date.now();
    expect((await store.hit(key, 60_000, now, 0)).count).toBe(0);
    await store.hit(key, 60_000, now);
    expect((await store.hit(key, 60_000, now + 1, 0)).count).toBe(1);
    expect((await store.hit(key, 60_000, now + 2)).count).toBe(2);
  });

  it('counts once for every hit when hits arrive at once', async () => {
    const store = makeStore();
    const key = `burst-${randomBytes(4).toString('hex')}`;
    const hits = await Promise.all(Array.from({ length: 20 }, () => store.hit(key, 60_000, Date.now())));
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
}

describe('RateLimiter with the memory store', () => {
  storeContract(() => new MemoryRateLimitStore());

  it('holds a bounded number of keys however many random ones arrive, and still limits a recent one', async () => {
    const store = new MemoryRateLimitStore(1_000);
    const limiter = new RateLimiter(store);
    const sizes: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      await limiter.consume([{ rule: { ...rule, windowMs: 3_600_000 }, key: `occasion-${randomBytes(9).toString('base64url')}` }]);
      if (i % 500 === 0) sizes.push(store.size);
    }
    expect(store.size).toBeLessThanOrEqual(1_000);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(1_000);
    for (let i = 0; i < rule.limit; i++) await limiter.consume([{ rule, key: 'recent' }]);
    expect(await retryAfterOf(limiter.consume([{ rule, key: 'recent' }]))).toBeGreaterThan(0);
  });

  it('makes room by dropping windows that ended before live ones', async () => {
    const clock = manualClock();
    const store = new MemoryRateLimitStore(10);
    const limiter = new RateLimiter(store, clock.now);
    await limiter.consume([{ rule: { ...rule, windowMs: 3_600_000 }, key: 'long' }]);
    for (let i = 0; i < 9; i++) await limiter.consume([{ rule: { ...rule, windowMs: 1_000 }, key: `short-${i}` }]);
    clock.advance(2_000);
    await limiter.consume([{ rule, key: 'new' }]);
    expect(store.size).toBe(2);
    expect((await store.hit('test:long', 3_600_000, clock.now(), 0)).count).toBe(1);
  });

  it('lets a client in again when the window ends', async () => {
    const clock = manualClock();
    const limiter = new RateLimiter(new MemoryRateLimitStore(), clock.now);
    for (let i = 0; i < rule.limit; i++) await limiter.consume([{ rule, key: 'c' }]);
    expect(await retryAfterOf(limiter.consume([{ rule, key: 'c' }]))).toBe(60);
    clock.advance(60_000);
    expect(await retryAfterOf(limiter.consume([{ rule, key: 'c' }]))).toBeUndefined();
  });
});

describe(`DatabaseRateLimitStore on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let second: KindlyDatabase | undefined;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await second?.close();
    second = undefined;
    await t.close();
  });

  storeContract(() => new DatabaseRateLimitStore(t.deps.db));

  it('starts a window over in the row once it ended', async () => {
    const clock = manualClock();
    const limiter = new RateLimiter(new DatabaseRateLimitStore(t.deps.db), clock.now);
    for (let i = 0; i < rule.limit; i++) await limiter.consume([{ rule, key: 'c' }]);
    expect(await retryAfterOf(limiter.consume([{ rule, key: 'c' }]))).toBe(60);
    clock.advance(59_000);
    expect(await retryAfterOf(limiter.consume([{ rule, key: 'c' }]))).toBe(1);
    clock.advance(1_000);
    expect(await retryAfterOf(limiter.consume([{ rule, key: 'c' }]))).toBeUndefined();
    const rows = await t.deps.db.selectFrom('rateLimit').selectAll().execute();
    expect(rows.map((row) => ({ ...row, count: Number(row.count), resetAt: Number(row.resetAt) }))).toEqual([
      { key: 'test:c', count: 1, resetAt: clock.now() + 60_000 },
    ]);
  });

  it('holds across two server instances that share the database', async () => {
    const otherDb = await openSecondConnection(t.deps.db);
    second = otherDb;
    const instanceA = new RateLimiter(new DatabaseRateLimitStore(t.deps.db));
    const instanceB = new RateLimiter(new DatabaseRateLimitStore(otherDb?.db ?? t.deps.db));
    await instanceA.consume([{ rule, key: 'shared' }]);
    await instanceB.consume([{ rule, key: 'shared' }]);
    await instanceA.consume([{ rule, key: 'shared' }]);
    expect(await retryAfterOf(instanceB.consume([{ rule, key: 'shared' }]))).toBeGreaterThan(0);
    expect(await retryAfterOf(instanceA.consume([{ rule, key: 'shared' }]))).toBeGreaterThan(0);
  });
});

/** On PostgreSQL, a second pool on the same schema, as a second server process would have. */
async function openSecondConnection(db: Kysely<Database>): Promise<KindlyDatabase | undefined> {
  if (testDatabaseKind !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const url = process.env.TEST_DATABASE_URL!;
  // Under the suite's schema lock: the migrator fails when another file drops its schema meanwhile.
  return withSchemaLock(url, 'shared', () => createDatabase({ databaseUrl: url, pgSchema: rows[0]!.schema, poolSize: 2 }));
}

const redisReachable = await canReachRedis();
if (!redisReachable) console.warn(`\u26a0  Redis at ${REDIS_URL} is not reachable: the RedisRateLimitStore tests are SKIPPED.`);

async function canReachRedis(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

describe.skipIf(!redisReachable)('RedisRateLimitStore', () => {
  const prefix = `kindly-test:${randomBytes(6).toString('hex')}:`;
  const clients: Redis[] = [];
  const connect = () => {
    const client = new Redis(REDIS_URL);
    clients.push(client);
    return client;
  };
  afterAll(async () => {
    const cleaner = connect();
    const keys = await cleaner.keys(`${prefix}*`);
    if (keys.length > 0) await cleaner.del(...keys);
    await Promise.all(clients.map((client) => client.quit()));
  });

  storeContract(() => new RedisRateLimitStore(connect(), prefix));

  it('sets the window end only on the first hit', async () => {
    const redis = connect();
    const store = new RedisRateLimitStore(redis, prefix);
    await store.hit('ttl', 60_000, Date.now());
    await new Promise((resolve) => setTimeout(resolve, 30));
    await store.hit('ttl', 60_000, Date.now());
    const ttl = await redis.pttl(`${prefix}ttl`);
    expect(ttl).toBeLessThanOrEqual(59_980);
    expect(ttl).toBeGreaterThan(50_000);
  });

  it('starts over once the key expired', async () => {
    const store = new RedisRateLimitStore(connect(), prefix);
    await store.hit('short', 50, Date.now());
    await store.hit('short', 50, Date.now());
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await store.hit('short', 50, Date.now())).count).toBe(1);
  });

  it('holds across two server instances, each with its own connection', async () => {
    const instanceA = new RateLimiter(new RedisRateLimitStore(connect(), prefix));
    const instanceB = new RateLimiter(new RedisRateLimitStore(connect(), prefix));
    await instanceA.consume([{ rule, key: 'shared' }]);
    await instanceB.consume([{ rule, key: 'shared' }]);
    await instanceA.consume([{ rule, key: 'shared' }]);
    expect(await retryAfterOf(instanceB.consume([{ rule, key: 'shared' }]))).toBeGreaterThan(0);
    expect(await retryAfterOf(instanceA.consume([{ rule, key: 'shared' }]))).toBeGreaterThan(0);
    expect(await retryAfterOf(instanceA.consume([{ rule, key: 'another' }]))).toBeUndefined();
  });
});

describe('RedisRateLimitStore without Redis', () => {
  it('answers 503 UNAVAILABLE rather than a 500 when Redis cannot be reached', async () => {
    const closedPort = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
    try {
      const error = await new RedisRateLimitStore(closedPort).hit('k', 1000, Date.now()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(503);
      expect((error as ApiError).code).toBe('UNAVAILABLE');
    } finally {
      closedPort.disconnect();
    }
  });
});
