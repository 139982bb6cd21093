import type { Redis } from 'ioredis';
import { unavailable } from '../../data/api-error';
import type { RateLimitHit, RateLimitStore } from './rate-limiter';

/**
 * Fixed-window counters in Redis, shared by every server instance that uses it. One MULTI per
 * hit: INCRBY (0 reads the count), PEXPIRE NX (only the first hit of a window sets its end), PTTL. Keys vanish on
 * their own when the window ends.
 */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'kindly:rate:',
  ) {}

  async hit(key: string, windowMs: number, now: number, amount = 1): Promise<RateLimitHit> {
    const fullKey = this.prefix + key;
    const results = await this.redis.multi().incrby(fullKey, amount).pexpire(fullKey, windowMs, 'NX').pttl(fullKey).exec().catch(redisUnavailable);
    if (!results || results.some(([error]) => error)) throw redisUnavailable();
    const count = Number(results[0]![1]);
    let ttl = Number(results[2]![1]);
    if (ttl < 0) {
      // The key lost its expiry (or expired between the commands): never let it count forever.
      await this.redis.pexpire(fullKey, windowMs).catch(redisUnavailable);
      ttl = windowMs;
    }
    return { count, resetAt: now + ttl };
  }
}

/**
 * Without its counters the limiter cannot tell an attacker from a guest, and letting everyone
 * through would open sign-in to guessing: the limited routes answer 503 until Redis is back.
 */
function redisUnavailable(): never {
  throw unavailable(5);
}
