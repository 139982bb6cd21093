import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { LruMap } from '../../lru-map';

/**
 * How long an instance answers "no occasion allows this origin" without asking the database
 * again. An occasion saved on this instance forgets its origins at once
 * ({@link forgetUnknownOrigins}); one saved on another instance sharing the database is seen
 * here within this time.
 */
export const UNKNOWN_ORIGIN_TTL_MS = 5_000;
/** Origins remembered at most (they come from requests: any text a client sends). */
const UNKNOWN_ORIGINS_KEPT = 1_000;

/**
 * Origins that no occasion allowed when last looked up, and until when that holds: what a
 * preflight from an unknown site (a crawler, a forgotten site, someone probing) answers from
 * memory instead of an index lookup. Kept per database handle, that is per server instance;
 * a positive answer is never kept, so a removed origin is refused at once.
 */
export class UnknownOrigins {
  private readonly until: LruMap<string, number>;
  /** Counts {@link forget} calls: a lookup that began before one notes nothing. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number = UNKNOWN_ORIGIN_TTL_MS,
    limit: number = UNKNOWN_ORIGINS_KEPT,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.until = new LruMap(limit);
  }

  /**
   * Whether some occasion allows `origin`: false from memory while it is noted unknown, else by
   * `lookup`, whose "no" is then noted (unless origins were forgotten while it ran).
   */
  async allowed(origin: string, lookup: () => Promise<boolean>): Promise<boolean> {
    if (this.has(origin)) return false;
    const generation = this.generation;
    const allowed = await lookup();
    if (!allowed && generation === this.generation) this.until.set(origin, this.now() + this.ttlMs);
    return allowed;
  }

  /** Whether `origin` was found unknown less than the time-to-live ago. */
  has(origin: string): boolean {
    const until = this.until.get(origin);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.until.delete(origin);
    return false;
  }

  /** Forgets what was noted of these origins (an occasion now allows them). */
  forget(origins: Iterable<string>): void {
    this.generation += 1;
    for (const origin of origins) this.until.delete(origin);
  }
}

const byDatabase = new WeakMap<Kysely<Database>, UnknownOrigins>();

/** The unknown origins of the instance that holds `db` (one per database handle). */
export function unknownOriginsOf(db: Kysely<Database>): UnknownOrigins {
  let kept = byDatabase.get(db);
  if (!kept) byDatabase.set(db, (kept = new UnknownOrigins()));
  return kept;
}

/** Gives the instance that holds `db` these unknown origins (a test's, on a hand-moved clock). */
export function keepUnknownOrigins(db: Kysely<Database>, unknown: UnknownOrigins): void {
  byDatabase.set(db, unknown);
}

/** After an occasion's allowed origins were written and committed: this instance stops refusing them from memory. */
export function forgetUnknownOrigins(db: Kysely<Database>, origins: Iterable<string>): void {
  unknownOriginsOf(db).forget(origins);
}
