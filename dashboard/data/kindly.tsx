import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { ReadableAtom } from 'nanostores';
import { createHostClient, type HostClient } from '../../core/client/host-client';
import { createHostStores, type HostStores } from '../../core/client/host-stores';
import { parseJson, readJsonStream } from './parse-json';
import type { Query } from '../../core/client/query-context';
import type { ClientError } from '../../core/client/result';
import { keepDrafts } from './drafts';

/** What the dashboard talks to the server through: core's host client and its stores. */
export interface Kindly {
  client: HostClient;
  stores: HostStores;
}

/** The client and stores for an API at `baseUrl` (the dashboard's own origin in the app). */
export function createKindly(baseUrl: string, fetchImpl?: typeof fetch): Kindly {
  let stores: HostStores | undefined;
  const watched = watchSignedOut(askPastFailedPreload(fetchImpl ?? ((input, init) => fetch(input, init))), () => sessionEnded(stores));
  // The 10,000-guest list is megabytes of JSON: parsed in slices as it downloads, not in one long task at the end.
  const client = createHostClient({ baseUrl, fetch: watched, parse: parseJson, readJson: readJsonStream });
  stores = createHostStores(client);
  return { client, stores };
}

/**
 * A `fetch` that calls `onSignedOut` when a host API call (other than Auth.js's own routes)
 * answers 401: the session was revoked elsewhere (sign-out in another tab, a deleted cookie).
 */
export function watchSignedOut(inner: typeof fetch, onSignedOut: () => void): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (response.status === 401) {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = new URL(url, 'http://localhost').pathname;
      if (path.startsWith('/host/v1/') && !path.startsWith('/host/v1/auth/')) onSignedOut();
    }
    return response;
  };
}

/**
 * A `fetch` that does not take a failed `rel=preload` for the server's answer: the page's entry
 * preloads the screen's data (`preload.ts`), and the browser hands a request the preload's outcome,
 * a network failure too, even when the server is back by then. A GET that fails while the page
 * holds a preload link for its URL drops the link and asks once more, over the network.
 */
export function askPastFailedPreload(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    try {
      return await inner(input, init);
    } catch (error) {
      if (typeof document === 'undefined' || (init?.method ?? 'GET') !== 'GET' || init?.signal?.aborted) throw error;
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
      const link = [...document.querySelectorAll<HTMLLinkElement>('link[rel=preload]')].find((candidate) => {
        const href = new URL(candidate.href, window.location.href);
        return href.origin === url.origin && href.pathname === url.pathname && href.search === url.search;
      });
      if (!link) throw error;
      link.remove();
      return inner(input, init);
    }
  };
}

/**
 * The session ended: keep what the host typed, then ask for the session again; its `null`
 * sends the host to sign in, with the way back to where they were.
 */
function sessionEnded(stores: HostStores | undefined): void {
  keepDrafts();
  stores?.markStale(['Session']);
}

/**
 * Checks the session when the host moves to another screen (the screen's data may come from
 * the cache, with no request that would notice a revoked session).
 */
export function useSessionCheckOnNavigation(location: string, signedIn: boolean): void {
  const kindly = useContext(KindlyContext);
  const first = useRef(true);
  useEffect(() => {
    if (first.current || !signedIn || !kindly) {
      first.current = false;
      return;
    }
    void kindly.client.getSession().then((result) => {
      if (!result.error && result.data === null) sessionEnded(kindly.stores);
    });
  }, [location, signedIn, kindly]);
}

const KindlyContext = createContext<Kindly | null>(null);

let appKindly: Kindly | undefined;

/** Provides the client and stores (tests pass their own; the app uses one for its origin). */
export function KindlyProvider({ kindly, children }: { kindly?: Kindly; children: ReactNode }) {
  const value = useMemo(() => kindly ?? (appKindly ??= createKindly(window.location.origin)), [kindly]);
  return <KindlyContext.Provider value={value}>{children}</KindlyContext.Provider>;
}

/**
 * The screen's one "Try again": asks again for everything shown that failed (the session, the
 * occasion, each list), not only the part whose message was pressed. Undefined outside a provider.
 */
export function useRetryFailed(): (() => void) | undefined {
  const kindly = useContext(KindlyContext);
  return kindly ? () => kindly.stores.retryFailed() : undefined;
}

/** The client and stores. */
export function useKindly(): Kindly {
  const kindly = useContext(KindlyContext);
  if (!kindly) throw new Error('useKindly needs a <KindlyProvider>.');
  return kindly;
}

/** The value of a nanostores store, re-rendering when it changes. */
export function useStore<T>(store: ReadableAtom<T>): T {
  // A stable subscribe: a new one each render would resubscribe, and a fetcher store notifies
  // on every (re)subscription.
  const subscribe = useCallback((onChange: () => void) => store.listen(() => onChange()), [store]);
  const get = useCallback(() => store.get(), [store]);
  return useSyncExternalStore(subscribe, get, get);
}

/** What a screen needs from a query: the data, the error, whether it is (re)loading, and retry. */
export interface QueryState<T> {
  data: T | undefined;
  error: ClientError | undefined;
  /** No data and no error yet. */
  pending: boolean;
  /** A request is in flight (also while stale data is shown). */
  loading: boolean;
  retry(): void;
}

/**
 * Subscribes to a query store made by `make` (once per `key`): `useQuery(s => s.guests(id), id)`.
 */
export function useQuery<T>(make: (stores: HostStores) => Query<T>, key: string): QueryState<T> {
  const { stores } = useKindly();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const store = useMemo(() => make(stores), [stores, key]);
  const value = useStore(store);
  return {
    data: value.data,
    error: value.error,
    pending: value.data === undefined && value.error === undefined,
    loading: value.loading,
    retry: () => store.revalidate(),
  };
}
