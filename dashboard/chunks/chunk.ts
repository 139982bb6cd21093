/**
 * One of the app's code chunks, loaded once: `load()` starts it (again after a failure) and
 * `loaded` is the module once it has come. No React here: the entry (`preload.ts`) starts the
 * screen's chunks through these, and the app's `lazyChunk` components render a chunk that has
 * come at once, without suspending.
 */
export interface Chunk<M> {
  load(): Promise<M>;
  /** The module, once loaded. */
  readonly loaded: M | undefined;
}

/**
 * A chunk of the app's code that did not come (a dropped connection, a deploy that replaced it),
 * with the browser's own words: what a part of a screen may show in its place (`ChunkPart`).
 */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

export function chunk<M>(importer: () => Promise<M>): Chunk<M> {
  let loading: Promise<M> | undefined;
  let loaded: M | undefined;
  return {
    load() {
      loading ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = undefined; // a later load tries again (a deploy, a dropped connection)
          throw new ChunkLoadError(error);
        },
      );
      return loading;
    },
    get loaded() {
      return loaded;
    },
  };
}
