import { LruMap } from '../lru-map';

/**
 * Answers (JSON texts, or their bytes) kept per key and given back only at the version they were made at: the
 * occasion's revision, which every write to the occasion and what it holds bumps in the write's
 * own transaction (database triggers, whichever instance wrote), with whatever else the answer
 * depends on. An answer must be made from reads made after its revision was read, so it is
 * never older than its version. Bounded: the least recently used key goes first.
 */
export class RevisionedAnswers<Body> {
  private readonly entries: LruMap<string, { version: string; body: Body }>;

  constructor(maxKeys: number) {
    this.entries = new LruMap(maxKeys);
  }

  /** The answer kept for `key` at `version`; one kept at another version is dropped. */
  get(key: string, version: string): Body | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version === version) return entry.body;
    this.entries.delete(key);
    return undefined;
  }

  /** Keeps `body` for `key`, made from data read at (or after) `version`. */
  set(key: string, version: string, body: Body): void {
    this.entries.set(key, { version, body });
  }

  /** How many keys are kept. */
  get size(): number {
    return this.entries.size;
  }
}
