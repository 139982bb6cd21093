import type { GuestCredentialsInput, EventHouseholdUpdateBody, RsvpBody } from '../../core/client/event-bodies';
import { createGuestClient, type GuestClient, type TokenStorage } from '../../core/client/guest-client';
import type { ClientError, Result } from '../../core/client/result';
import type { EventHousehold, EventInfo, GuestSessionInfo, GuestSignInResult, Rsvp } from '../../core/schemas/event';
import type { SessionPrefetch } from '../mount-options';

/** One piece of the guest's data as the screens read it. */
export interface Resource<T> {
  data?: T;
  error?: ClientError;
}

/** Everything the widget shows for one occasion. */
export interface GuestState {
  /** `ready` once the first session answer is in: nothing but "Loading…" renders before. */
  ready: boolean;
  session: GuestSessionInfo | null;
  /** Why the session could not be asked for. */
  sessionError?: ClientError;
  info: Resource<EventInfo>;
  household: Resource<EventHousehold>;
  /** `null` until the household has replied. */
  rsvp: Resource<Rsvp | null>;
}

type DataKey = 'info' | 'household' | 'rsvp';

/**
 * One occasion on one API: core's guest client and the state the screens render, shared by
 * every widget that shows the occasion (signing in or out in one shows in all).
 *
 * The widget keeps this small state over core's guest client instead of core's guest stores
 * (`createGuestStores`, on nanostores): those cost 1.1 kB gzipped more, which took the widget
 * over its 20 kB budget. It follows the same rules (contract section 6): the session is asked
 * for first, the guest's data is fetched only once signed in, each write refreshes what it
 * changes (an RSVP also the household, which gains plus-ones), and sign-in and sign-out forget
 * everything. A sign-in's answer carries the new guest's info, household and RSVP, held at once
 * (no request follows it); a page load with a kept token asks for the session, then the three.
 */
export interface Connection {
  apiBase: string;
  occasionId: string;
  client: GuestClient;
  get(): GuestState;
  /** Calls `listener` after each change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Asks for the session (once, unless `again`), then the guest's data. */
  start(again?: boolean): void;
  /** Fetches the guest's data again (after a failure). */
  refresh(): void;
  signIn(credentials: GuestCredentialsInput): Promise<Result<GuestSignInResult>>;
  signOut(): Promise<Result<void>>;
  updateHousehold(body: EventHouseholdUpdateBody): Promise<Result<EventHousehold>>;
  saveRsvp(body: RsvpBody, exists: boolean): Promise<Result<Rsvp>>;
  /** Whether `?invite=` has already been tried on this page (so a sign-out does not repeat it). */
  inviteTried: boolean;
}

const connections = new Map<string, Connection>();

/**
 * The connection of an occasion, made on first use.
 *
 * @param prefetch The session request `widget.js` already started, taken for the client's first.
 */
export function connect(apiBase: string, occasionId: string, prefetch?: SessionPrefetch): Connection {
  const key = `${apiBase} ${occasionId}`;
  let connection = connections.get(key);
  if (!connection) connections.set(key, (connection = createConnection(apiBase, occasionId, prefetch)));
  return connection;
}

function createConnection(apiBase: string, occasionId: string, prefetch: SessionPrefetch | undefined): Connection {
  const client = createGuestClient({
    baseUrl: apiBase,
    storage: pageStorage,
    fetch: (input, init) => {
      const early = prefetch?.url === input ? prefetch.response : undefined;
      prefetch = undefined;
      return (early ?? fetch(input, init)).catch((error: unknown) => refusalOr(error));
    },
  });

  /**
   * A request that failed at the network level may be a CORS refusal: the API answers an
   * origin the occasion does not allow with a 403 readable without credentials only. One
   * plain request tells; when it is that refusal, the client gets it as its answer.
   */
  const refusalOr = async (error: unknown): Promise<Response> => {
    const probe = await fetch(`${apiBase}/event/v1/auth/session/${encodeURIComponent(occasionId)}`, { credentials: 'omit' }).catch(() => undefined);
    if (probe?.status === 403) return probe;
    throw error;
  };

  const empty = (): Pick<GuestState, DataKey> => ({ info: {}, household: {}, rsvp: {} });
  let state: GuestState = { ready: false, session: null, ...empty() };
  const listeners = new Set<() => void>();
  let started = false;
  /** Bumped by sign-in and sign-out, so an answer for the previous guest is dropped. */
  let epoch = 0;

  const set = (change: Partial<GuestState>): void => {
    state = { ...state, ...change };
    for (const listener of [...listeners]) listener();
  };

  const load = (keys: readonly DataKey[]): void => {
    const at = epoch;
    for (const key of keys) {
      const call = key === 'info' ? client.getInfo : key === 'household' ? client.getHousehold : client.getRsvp;
      void (call() as Promise<Result<never>>).then((result) => {
        if (at !== epoch) return;
        if (result.error && typeof result.error.status === 'number' && result.error.status === 401) return connection.start(true);
        set({ [key]: result.error ? { data: state[key].data, error: result.error } : { data: result.data } });
      });
    }
  };
  const ALL: DataKey[] = ['info', 'household', 'rsvp'];

  /** A new session (or none): the old guest's data goes; the new guest's is given (a sign-in's answer) or asked for. */
  const signedIn = (session: GuestSessionInfo | null, data?: Pick<GuestState, DataKey>): void => {
    epoch += 1;
    set({ ready: true, session, sessionError: undefined, ...(data ?? empty()) });
    if (session && !data) load(ALL);
  };

  const connection: Connection = {
    apiBase,
    occasionId,
    client,
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    start(again) {
      if (started && !again) return;
      started = true;
      const at = ++epoch;
      void client.getSession(occasionId).then((result) => {
        if (at !== epoch) return;
        if (result.error) set({ ready: true, sessionError: result.error });
        else signedIn(result.data);
      });
    },
    refresh: () => load(ALL),
    async signIn(credentials) {
      const answer = client.signIn({ ...credentials, occasionId });
      askPreflights(apiBase);
      const result = await answer;
      if (result.data) {
        // The answer carries the household's data: the RSVP form renders from it, nothing is asked.
        const { token: _token, info, household, rsvp, ...session } = result.data;
        signedIn(session, { info: { data: info }, household: { data: household }, rsvp: { data: rsvp } });
      }
      return result;
    },
    async signOut() {
      const result = await client.signOut();
      signedIn(null);
      return result;
    },
    async updateHousehold(body) {
      const result = await client.updateHousehold(body);
      if (result.data) set({ household: { data: result.data } });
      return result;
    },
    async saveRsvp(body, exists) {
      const result = await (exists ? client.updateRsvp(body) : client.createRsvp(body));
      if (result.data) {
        set({ rsvp: { data: result.data } });
        load(['household']); // named plus-ones join the household
      } else if (typeof result.error.status === 'number' && [403, 409].includes(result.error.status)) {
        load(ALL); // closed meanwhile, or answered from another device
      }
      return result;
    },
    inviteTried: false,
  };
  return connection;
}

/**
 * Has the browser ask, and keep (10 minutes), the CORS preflights of the guest's writes while
 * the sign-in answer is on its way, so the first reply or correction does not wait for one.
 * An `OPTIONS` request is preflighted too; the API answers it like a preflight (204). Each in
 * a task of its own after the sign-in's request: at 4× CPU a `fetch` call costs the main thread
 * about 10 ms, and the three in the click's task made it one of 45 to 60 ms (traced).
 */
function askPreflights(apiBase: string): void {
  if (new URL(apiBase).origin === location.origin) return; // same origin: no preflights
  for (const key of ['rsvp', 'household']) setTimeout(() => void fetch(`${apiBase}/event/v1/${key}`, { method: 'OPTIONS', credentials: 'include' }).catch(() => undefined));
}

/**
 * The page's `localStorage`, when the page may use it (it throws in some privacy modes and
 * sandboxes; the guest then stays signed in for the page's life only).
 */
const pageStorage: TokenStorage = {
  get(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch {
      // not kept: signed in until the page closes
    }
  },
  remove(key) {
    try {
      localStorage.removeItem(key);
    } catch {
      // nothing was kept
    }
  },
};
