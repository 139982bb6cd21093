import { Redis } from 'ioredis';
import type { AppDeps, Clock } from './app-env';
import { createPasswords, type Argon2Cost } from './auth/passwords';
import { embeddedDatabaseFile, type RateLimitStoreKind, type ServerConfig, type Timeouts } from './config';
import { dataDirError } from './data-dir-error';
import type { EmailRenderer } from './email/render-email';
import type { ServerLogger } from './logger';
import { createDatabase, type KindlyDatabase, type SqliteThreadScripts } from './db/create-database';
import { DatabaseRateLimitStore } from './middleware/rate-limit/database-store';
import { MemoryRateLimitStore, RateLimiter, type RateLimitStore } from './middleware/rate-limit/rate-limiter';
import { RedisRateLimitStore } from './middleware/rate-limit/redis-store';
import { EventLoopLag } from './http/event-loop-lag';

export interface Runtime {
  deps: AppDeps;
  database: KindlyDatabase;
  close(): Promise<void>;
}

/**
 * Opens the configured database and builds what the app needs. `sqliteThreads` are the built
 * scripts of the embedded database's threads (see `createDatabase`).
 */
export async function createRuntime(config: ServerConfig, log: ServerLogger, renderEmail: EmailRenderer, sqliteThreads?: SqliteThreadScripts): Promise<Runtime> {
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: embeddedDatabaseFile(config.dataDir),
    sqliteThreads,
    timeouts: config.timeouts,
    poolSize: config.pgPoolSize,
    // Connections lost and found again: the pool reconnects on its own.
    log: (line) => log.warn(line),
  }).catch((error: unknown) => {
    throw (config.databaseUrl ? undefined : dataDirError(config.dataDir, error)) ?? error;
  });
  const storeKind = config.rateLimitStore ?? (config.redisUrl ? 'redis' : 'memory');
  const redis = config.redisUrl && storeKind === 'redis' ? connectRedis(config.redisUrl, config.timeouts, log) : undefined;
  const loopLag = new EventLoopLag();
  const deps: AppDeps = {
    db: database.db,
    dbKind: database.kind,
    config,
    log,
    rateLimiter: new RateLimiter(chooseRateLimitStore(storeKind, database, redis)),
    renderEmail,
    loopLag,
    ...productionCosts(),
  };
  return {
    deps,
    database,
    async close() {
      loopLag.stop();
      await redis?.quit();
      await database.close();
    },
  };
}

/** OWASP's Argon2id minimum: 19 MiB, 2 passes, 1 lane. */
export const PRODUCTION_ARGON2_COST: Argon2Cost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Long enough to hide what a guest sign-in does inside it (a few milliseconds of queries). */
export const PRODUCTION_GUEST_SIGN_IN_FLOOR_MS = 150;

export const systemClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The sign-in costs and the clock a server runs with; tests pass cheap ones (test-support/test-app.ts). */
export function productionCosts(): Pick<AppDeps, 'passwords' | 'guestSignInFloorMs' | 'clock'> {
  return { passwords: createPasswords(PRODUCTION_ARGON2_COST), guestSignInFloorMs: PRODUCTION_GUEST_SIGN_IN_FLOOR_MS, clock: systemClock };
}

/**
 * Where rate-limit counters live (`RATE_LIMIT_STORE`): this process's memory by default, which
 * holds the limits exactly for one instance and costs no write per sign-in; Redis (the default
 * with `REDIS_URL`) or the database share one count between instances. On a database every
 * counted request is a write (and, on PostgreSQL, a row lock per key): Redis is the way for
 * several instances.
 */
export function chooseRateLimitStore(kind: RateLimitStoreKind, database: KindlyDatabase, redis: Redis | undefined): RateLimitStore {
  if (kind === 'redis') {
    if (!redis) throw new Error('The Redis rate-limit store needs a Redis client.');
    return new RedisRateLimitStore(redis);
  }
  if (kind === 'database') return new DatabaseRateLimitStore(database.db);
  return new MemoryRateLimitStore();
}

/**
 * A Redis client that fails fast: a command waits at most `redisCommandMs` (sent or queued while
 * reconnecting) and is given up after one failed reconnection, so a stalled or lost Redis makes
 * the rate-limited routes answer 503 within seconds; ioredis reconnects on its own.
 */
export function connectRedis(url: string, timeouts: Pick<Timeouts, 'redisConnectMs' | 'redisCommandMs'>, log: ServerLogger): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: timeouts.redisConnectMs || undefined,
    commandTimeout: timeouts.redisCommandMs || undefined,
  });
  // Without a listener ioredis prints every reconnect attempt; one line each is enough.
  redis.on('error', (error: Error) => log.warn({ err: error }, `redis: ${error.message}`));
  return redis;
}
