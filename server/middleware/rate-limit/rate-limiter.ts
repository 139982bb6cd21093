import { ApiError } from '../../data/api-error';

/** One limit: at most `limit` hits per `windowMs` for each key. */
export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitHit {
  count: number;
  /** Epoch milliseconds when the window ends. */
  resetAt: number;
}

/** Where counters live: memory for one process, the database or Redis for several. */
export interface RateLimitStore {
  /**
   * Adds `amount` (1 unless given) to the key's window, starting a new window when there is
   * none or it ended, and answers the count. An amount of 0 reads the count without counting.
   */
  hit(key: string, windowMs: number, now: number, amount?: number): Promise<RateLimitHit>;
}

/** Keys the memory store holds at most, unless told otherwise: some 20 MB. */
export const MEMORY_STORE_MAX_KEYS = 100_000;

/**
 * Fixed-window counters in this process's memory: right for the embedded single-process
 * default. Keys are bounded (random occasion ids make new ones at will): when full, windows
 * that ended go first, then the oldest tenth, so the cost of making room is spread over the
 * many hits that fill it again.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, RateLimitHit>();

  constructor(private readonly maxKeys: number = MEMORY_STORE_MAX_KEYS) {}

  /** How many keys the store holds now. */
  get size(): number {
    return this.windows.size;
  }

  async hit(key: string, windowMs: number, now: number, amount = 1): Promise<RateLimitHit> {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (window) this.windows.delete(key);
      if (amount === 0) return { count: 0, resetAt: now + windowMs };
      this.makeRoom(now);
      window = { count: 0, resetAt: now + windowMs };
      // A Map keeps insertion order: re-inserting a renewed window keeps the oldest first.
      this.windows.set(key, window);
    }
    window.count += amount;
    return { ...window };
  }

  private makeRoom(now: number): void {
    if (this.windows.size < this.maxKeys) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    const target = Math.floor(this.maxKeys * 0.9);
    for (const key of this.windows.keys()) {
      if (this.windows.size <= target) break;
      this.windows.delete(key);
    }
  }
}

export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit against each rule and throws 429 with `Retry-After` when any is over. */
  async consume(checks: ReadonlyArray<{ rule: RateLimitRule; key: string }>): Promise<void> {
    const now = this.now();
    let retryAfterMs = 0;
    for (const { rule, key } of checks) {
      const hit = await this.store.hit(`${rule.name}:${key}`, rule.windowMs, now);
      if (hit.count > rule.limit) retryAfterMs = Math.max(retryAfterMs, hit.resetAt - now);
    }
    if (retryAfterMs > 0) throw tooManyRequests(retryAfterMs);
  }

  /** Throws 429 with `Retry-After` when any rule has already reached its limit; counts nothing. */
  async check(checks: ReadonlyArray<{ rule: RateLimitRule; key: string }>): Promise<void> {
    const now = this.now();
    let retryAfterMs = 0;
    for (const { rule, key } of checks) {
      const hit = await this.store.hit(`${rule.name}:${key}`, rule.windowMs, now, 0);
      if (hit.count >= rule.limit) retryAfterMs = Math.max(retryAfterMs, hit.resetAt - now);
    }
    if (retryAfterMs > 0) throw tooManyRequests(retryAfterMs);
  }

  /** Whether the key has reached the rule's limit in the current window; counts nothing. */
  async reached(rule: RateLimitRule, key: string): Promise<boolean> {
    const hit = await this.store.hit(`${rule.name}:${key}`, rule.windowMs, this.now(), 0);
    return hit.count >= rule.limit;
  }

  /** Counts one hit against each rule without refusing anything (failures, for later checks). */
  async record(checks: ReadonlyArray<{ rule: RateLimitRule; key: string }>): Promise<void> {
    const now = this.now();
    for (const { rule, key } of checks) await this.store.hit(`${rule.name}:${key}`, rule.windowMs, now);
  }
}

function tooManyRequests(retryAfterMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new ApiError(429, 'RATE_LIMITED', `Too many attempts. Please wait ${seconds} seconds and try again.`, undefined, {
    'Retry-After': String(seconds),
  });
}
