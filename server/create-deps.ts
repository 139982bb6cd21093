import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { AppDeps } from './app-env';
import type { ServerConfig, Timeouts } from './config';
import { dataDirError } from './data-dir-error';
import type { EmailRenderer } from './email/render-email';
import type { ServerLogger } from './logger';
import { createDatabase, type KindlyDatabase } from './db/create-database';
import { DatabaseRateLimitStore } from './middleware/rate-limit/database-store';
import { MemoryRateLimitStore, RateLimiter, type RateLimitStore } from './middleware/rate-limit/rate-limiter';
import { RedisRateLimitStore } from './middleware/rate-limit/redis-store';

export interface Runtime {
  deps: AppDeps;
  database: KindlyDatabase;
  close(): Promise<void>;
}

/** Opens the configured database and builds what the app needs. */
export async function createRuntime(config: ServerConfig, log: ServerLogger, renderEmail: EmailRenderer): Promise<Runtime> {
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: join(config.dataDir, 'kindly.db'),
    timeouts: config.timeouts,
    pgNamedStatements: config.pgNamedStatements,
    // Connections lost and found again: the pool reconnects on its own.
    log: (line) => log.warn(line),
  }).catch((error: unknown) => {
    throw (config.databaseUrl ? undefined : dataDirError(config.dataDir, error)) ?? error;
  });
  const redis = config.redisUrl ? connectRedis(config.redisUrl, config.timeouts, log) : undefined;
  const deps: AppDeps = {
    db: database.db,
    dbKind: database.kind,
    config,
    log,
    rateLimiter: new RateLimiter(chooseRateLimitStore(database, redis)),
    renderEmail,
  };
  return {
    deps,
    database,
    async close() {
      await redis?.quit();
      await database.close();
    },
  };
}

/**
 * Where rate-limit counters live: Redis when configured, else the shared PostgreSQL database,
 * so that limits hold across server instances; memory for the single-process SQLite default.
 */
export function chooseRateLimitStore(database: KindlyDatabase, redis: Redis | undefined): RateLimitStore {
  if (redis) return new RedisRateLimitStore(redis);
  if (database.kind === 'postgres') return new DatabaseRateLimitStore(database.db);
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
