import { computed, type ReadableAtom } from 'nanostores';
import type { Query } from './query-context';
import type { ClientError } from './result';

/** The session as a UI renders it. */
export interface SessionState<S> {
  /** The first answer (or failure) is in: until then, render nothing. */
  ready: boolean;
  /** The session, or `null` when signed out (or not ready). */
  session: S | null;
  /** Why the session could not be asked for; `ready` is true then. */
  error?: ClientError;
}

/** What the session fetcher caches: a box, because `@nanostores/query` cannot cache `null`. */
export interface SessionBox<S> {
  session: S | null;
}

/**
 * Derives the {@link SessionState} from the session fetcher store; subscribing asks the server.
 *
 * @param query The session fetcher store.
 * @returns A read-only store of the state.
 */
export function sessionState<S>(query: Query<SessionBox<S>>): ReadableAtom<SessionState<S>> {
  return computed(query, ({ data, error }) => ({
    ready: data !== undefined || error !== undefined,
    session: data?.session ?? null,
    ...(error ? { error } : {}),
  }));
}
