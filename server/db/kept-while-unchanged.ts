import type { Kysely } from 'kysely';
import { LruMap } from '../lru-map';
import type { Database } from './schema';
import { committedDataMark } from './sqlite-connection';

interface Kept<Value> {
  mark: string;
  value: Value;
}

/**
 * Lookups of the embedded database kept while it is unchanged: a kept value is given again only
 * when the database's {@link committedDataMark} is the one it was read under, so any commit since
 * (a sign-out, a password change, a guest moved, a revision bumped, here or by another process on
 * the same file) makes the next lookup read again. Checking the mark costs two statements that
 * read no table, less than the lookups it spares. On PostgreSQL, and while the connection is held
 * (a group commit), every lookup reads. At most `size` values a database, least recently used
 * dropped; callers must not change a value they are given.
 */
export class KeptWhileUnchanged<Value> {
  private readonly byDatabase = new WeakMap<Kysely<Database>, LruMap<string, Kept<Value>>>();

  constructor(private readonly size: number) {}

  /**
   * The value of `key`: kept, or read by `load`. A value `load` gives as undefined is not kept
   * (unknown tokens must not push out live ones).
   */
  async get(db: Kysely<Database>, key: string, load: () => Promise<Value | undefined>): Promise<Value | undefined> {
    const mark = committedDataMark(db);
    if (mark === undefined) return load();
    let kept = this.byDatabase.get(db);
    const found = kept?.get(key);
    if (found?.mark === mark) return found.value;
    const value = await load();
    // Kept only when nothing committed while it was read (a read through Kysely waits its turn).
    if (value !== undefined && committedDataMark(db) === mark) {
      if (!kept) this.byDatabase.set(db, (kept = new LruMap(this.size)));
      kept.set(key, { mark, value });
    }
    return value;
  }
}
