import { LruMap } from '../lru-map';

/** What one household's `GET /event/v1/info` answer was made from, and the answer. */
interface CachedInfo {
  revision: number;
  rsvpOpen: boolean;
  body: string;
}

/**
 * Households' `GET /event/v1/info` answers, reused while their occasion's revision stays the
 * same. Every write to the occasion, its activities, guests, households, invite lines, replies or
 * questions bumps that revision in the write's own transaction (database triggers), and each
 * request reads it with its session, so an answer is never reused after a change, whichever
 * instance made it. `rsvpOpen` is part of the key: the deadline passes without a write.
 * Bounded: the least recently used household goes first.
 */
export class EventInfoCache {
  private readonly entries: LruMap<string, CachedInfo>;

  constructor(maxHouseholds = 2000) {
    this.entries = new LruMap(maxHouseholds);
  }

  /** The household's answer made at this revision with this `rsvpOpen`, if kept. */
  get(householdId: string, revision: number, rsvpOpen: boolean): string | undefined {
    const entry = this.entries.get(householdId);
    if (!entry) return undefined;
    if (entry.revision === revision && entry.rsvpOpen === rsvpOpen) return entry.body;
    this.entries.delete(householdId);
    return undefined;
  }

  /** Keeps an answer made from data read at (or after) `revision`. */
  set(householdId: string, revision: number, rsvpOpen: boolean, body: string): void {
    this.entries.set(householdId, { revision, rsvpOpen, body });
  }

  /** How many households are kept. */
  get size(): number {
    return this.entries.size;
  }
}
