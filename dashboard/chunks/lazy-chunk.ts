import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Chunk } from './chunk';

/**
 * `React.lazy` of a component in `chunk`, which renders at once when the chunk has already come
 * (the entry starts the screen's chunks before the app renders) instead of suspending for a
 * turn. Why it matters: a lazy component always suspends on its first render, even when its
 * chunk is loaded, so its Suspense boundary shows its fallback for a moment; and React then holds
 * back the next content that boundary reveals until 300 ms after the fallback came (its "fallback
 * throttle"): on a 10,000-guest list at 4x CPU, the rows waited ~200 ms idle for that.
 */
export function lazyChunk<M, P extends object>(chunk: Chunk<M>, pick: (module: M) => ComponentType<P>): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => {
    const module = chunk.loaded;
    if (module === undefined) return chunk.load().then((loaded) => ({ default: pick(loaded) }));
    // React.lazy reads a thenable that calls back at once as loaded: no suspending.
    const now: PromiseLike<{ default: ComponentType<P> }> = {
      then: (onFulfilled) => (onFulfilled ? onFulfilled({ default: pick(module) }) : undefined) as never,
    };
    return now as Promise<{ default: ComponentType<P> }>;
  });
}
