import { ApiError } from '../../http/api-error';

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
  hit(key: string, windowMs: number, now: number): Promise<RateLimitHit>;
}

/** Fixed-window counters in this process's memory: right for the embedded single-process default. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, RateLimitHit>();

  async hit(key: string, windowMs: number, now: number): Promise<RateLimitHit> {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 100_000) this.sweep(now);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { ...window };
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
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
    if (retryAfterMs > 0) {
      const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
      throw new ApiError(
        429,
        'RATE_LIMITED',
        `Too many attempts. Please wait ${seconds} seconds and try again.`,
        undefined,
        { 'Retry-After': String(seconds) },
      );
    }
  }
}
