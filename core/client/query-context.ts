import { nanoquery, type FetcherStore, type KeySelector } from '@nanostores/query';
import { onNotify, type ReadableAtom } from 'nanostores';
import { createMutation, type Mutation } from './mutation';
import type { ClientError, Result } from './result';
import type { Tag } from './stale-tags';

/** How long data is kept after its last subscriber leaves (contract section 6). */
export const KEEP_UNUSED_MS = 60_000;

/** An id in a store's key: a string, or an atom (e.g. a route parameter); null-ish waits. */
export type KeyArg = string | ReadableAtom<string | null | undefined | false>;

/** A fetcher store of the client: `{ data?, error?, loading }`, with `revalidate()` to retry. */
export type Query<T> = FetcherStore<T, ClientError>;

/** One area's cache and the store factories over it. */
export interface QueryContext {
  /** A fetcher store keyed `<tag>/<id>/<id>`; `load` gets the ids and answers a {@link Result}. */
  query<T>(tag: Tag, ids: readonly KeyArg[], load: (...ids: string[]) => Promise<Result<T>>): Query<T>;
  /** A mutator store that marks `tags` stale, then runs `after`, on success. */
  mutation<Input, Output>(
    call: (input: Input) => Promise<Result<Output>>,
    tags: readonly Tag[],
    after?: (data: Output, input: Input) => void,
  ): Mutation<Input, Output>;
  /** Marks every key of these tags stale: open stores refetch, others when next used. */
  markStale(tags: readonly Tag[]): void;
  /**
   * Asks again for every key whose last answer was a failure and that an open store shows (a
   * failure without subscribers is not kept): one "Try again" for all that failed on a screen.
   */
  retryFailed(): void;
  /** Drops every cached key except those of `except`, clearing open stores without refetching. */
  forget(except: Tag): void;
  /** Writes an answer into the cache (and open stores) without a request. */
  put(tag: Tag, ids: readonly string[], data: unknown): void;
}

type CacheEntry = { data?: unknown; error?: unknown; created?: number; expires?: number };

/** The tag of a cache key (`Guest/o1/g1` → `Guest`). */
const tagOf = (key: string): string => key.split('/')[0]!;

/** `Guest/o1/g1` from a tag and ids. */
const keyOf = (tag: Tag, ids: readonly string[]): string => [tag, ...ids].join('/');

/** Selects the keys of some tags. */
const ofTags = (tags: readonly string[]): KeySelector => (key) => tags.includes(tagOf(key));

/**
 * Creates one area's cache: keys grouped by tag, identical requests in flight shared, data
 * kept until {@link KEEP_UNUSED_MS} after its last subscriber leaves (errors are not kept),
 * and never refetched while fresh unless a write marks its tag stale.
 *
 * @returns The store factories and cache operations of the area.
 */
export function createQueryContext(): QueryContext {
  const users = new Map<string, number>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  const expire = (key: string): void => {
    clearTimeout(timers.get(key));
    if (cache.get(key)?.error !== undefined) return void cache.delete(key);
    timers.set(key, setTimeout(() => users.has(key) || cache.delete(key), KEEP_UNUSED_MS));
  };

  /** A cache whose entries without subscribers expire. */
  class Cache extends Map<string, CacheEntry> {
    override set(key: string, entry: CacheEntry): this {
      super.set(key, entry);
      if (!users.has(key)) expire(key);
      return this;
    }
  }
  const cache = new Cache();

  const use = (key: string): void => {
    users.set(key, (users.get(key) ?? 0) + 1);
    clearTimeout(timers.get(key));
  };
  const leave = (key: string): void => {
    const left = users.get(key)! - 1;
    if (left) users.set(key, left);
    else {
      users.delete(key);
      expire(key);
    }
  };

  const [createFetcherStore, , { revalidateKeys, mutateCache }] = nanoquery({
    cache,
    dedupeTime: Infinity,
    cacheLifetime: Infinity,
    onErrorRetry: false,
  });

  /** Counts a store as a user of the key it shows while it has subscribers (even briefly, as `get()`). */
  const track = <T>(store: Query<T>): void => {
    let held: string | undefined;
    const sync = (): void => {
      const key = store.lc ? store.key : undefined;
      if (key === held) return;
      if (held !== undefined) leave(held);
      if (key !== undefined) use(key);
      held = key;
    };
    const listen = store.listen;
    store.listen = (listener) => {
      const unbind = listen(listener);
      sync();
      return () => {
        unbind();
        sync();
      };
    };
    onNotify(store, sync);
  };

  // A key asked for while a write marks it stale (or puts an answer in) is asked again before its
  // answer is kept: the library drops a refetch while one is in flight, and the answer in flight,
  // read before the write, would otherwise be kept as fresh (a second table, added at once, missing).
  const asking = new Set<string>();
  const askAgain = new Set<string>();
  const staleWhileAsked = (select: (key: string) => boolean): void => {
    for (const key of asking) if (select(key)) askAgain.add(key);
  };
  // Only a write does so: a refresh on focus or on opening a screen takes the answer in flight.
  const ofTagsNow = (tags: readonly Tag[]) => (key: string) => tags.includes(tagOf(key) as Tag);
  const markWritten = (tags: readonly Tag[]): void => {
    staleWhileAsked(ofTagsNow(tags));
    revalidateKeys(ofTags(tags));
  };

  return {
    query<T>(tag: Tag, ids: readonly KeyArg[], load: (...ids: string[]) => Promise<Result<T>>): Query<T> {
      const key = [tag, ...ids.flatMap((id) => ['/', id])];
      const store = createFetcherStore<T, ClientError>(key, {
        fetcher: async (...parts) => {
          const at = parts.join('');
          asking.add(at);
          try {
            for (;;) {
              askAgain.delete(at);
              const result = await load(...parts.filter((_, i) => i % 2 === 0).slice(1).map(String));
              if (askAgain.has(at)) continue;
              if (result.error) throw result.error;
              return result.data as T;
            }
          } finally {
            asking.delete(at);
          }
        },
      });
      track(store);
      return store;
    },

    mutation<Input, Output>(
      call: (input: Input) => Promise<Result<Output>>,
      tags: readonly Tag[],
      after?: (data: Output, input: Input) => void,
    ): Mutation<Input, Output> {
      return createMutation(call, (data, input) => {
        markWritten(tags);
        after?.(data, input);
      });
    },

    markStale: (tags) => revalidateKeys(ofTags(tags)),
    retryFailed: () => revalidateKeys((key) => cache.get(key)?.error !== undefined),
    forget: (except) => mutateCache((key) => tagOf(key) !== except, undefined),
    put: (tag, ids, data) => {
      const key = keyOf(tag, ids);
      staleWhileAsked((asked) => asked === key);
      mutateCache(key, data);
    },
  };
}
