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

export function chunk<M>(importer: () => Promise<M>): Chunk<M> {
  let loading: Promise<M> | undefined;
  let loaded: M | undefined;
  return {
    load() {
      loading ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = undefined; // a later load tries again (a deploy, a dropped connection)
          throw error;
        },
      );
      return loading;
    },
    get loaded() {
      return loaded;
    },
  };
}
