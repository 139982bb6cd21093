import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { RateLimitHit, RateLimitStore } from './rate-limiter';

/** How many hits between two sweeps of windows that ended. */
const SWEEP_EVERY = 1000;

/**
 * Fixed-window counters in the `rateLimit` table, so that every server instance sharing one
 * database sees one count. Each hit is one atomic upsert (SQLite ≥ 3.35 and PostgreSQL alike):
 * a window that ended starts over at 1, a live one counts up.
 */
export class DatabaseRateLimitStore implements RateLimitStore {
  private hitsSinceSweep = 0;

  constructor(private readonly db: Kysely<Database>) {}

  async hit(key: string, windowMs: number, now: number, amount = 1): Promise<RateLimitHit> {
    const expired = sql<boolean>`${sql.ref('rateLimit.resetAt')} <= ${now}`;
    const row = await this.db
      .insertInto('rateLimit')
      .values({ key, count: amount, resetAt: now + windowMs })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          count: sql<number>`CASE WHEN ${expired} THEN ${amount} ELSE ${sql.ref('rateLimit.count')} + ${amount} END`,
          resetAt: sql<number>`CASE WHEN ${expired} THEN ${now + windowMs} ELSE ${sql.ref('rateLimit.resetAt')} END`,
        }),
      )
      .returning(['count', 'resetAt'])
      .executeTakeFirstOrThrow();
    await this.sweepNow(now);
    // pg returns bigint columns as strings.
    return { count: Number(row.count), resetAt: Number(row.resetAt) };
  }

  private async sweepNow(now: number): Promise<void> {
    this.hitsSinceSweep += 1;
    if (this.hitsSinceSweep < SWEEP_EVERY) return;
    this.hitsSinceSweep = 0;
    await this.db.deleteFrom('rateLimit').where('resetAt', '<=', now).execute();
  }
}
