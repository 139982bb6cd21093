import { atom, map, onStart, onStop, type ReadableAtom } from 'nanostores';
import type { EventHousehold, EventInfo, GuestSessionInfo, GuestSignInResult, Rsvp } from '../schemas/event';
import type { EventHouseholdUpdateBody, GuestCredentialsInput, RsvpBody } from './event-bodies';
import type { GuestClient } from './guest-client';
import { createMutation, type Mutation } from './mutation';
import type { ClientError, Result } from './result';
import type { SessionState } from './session-state';
import { guestStaleTags, type Tag } from './stale-tags';

/** How long guest data is kept after its last subscriber leaves (as the host cache's). */
const KEEP_UNUSED_MS = 60_000;

/** The state of an {@link EventQuery}. */
export interface EventQueryValue<T> {
  /** A request is in flight (the old data, if any, stays meanwhile). */
  loading: boolean;
  data?: T;
  error?: ClientError;
}

/** A store of one piece of the guest's data: fetched on first subscribe once signed in. */
export interface EventQuery<T> extends ReadableAtom<EventQueryValue<T>> {
  /** Asks again (after a failure, or to refresh), keeping the data meanwhile. */
  revalidate(): void;
}

/** The widget's stores for one occasion over the guest client (contract section 6). */
export interface GuestStores {
  /** The guest's session for the occasion: asked once, on first subscribe; render nothing until `ready`. */
  $session: ReadableAtom<SessionState<GuestSessionInfo>>;
  /** The occasion and the household's activities; asked only once signed in. */
  $info: EventQuery<EventInfo>;
  /** The guest's household; asked only once signed in. */
  $household: EventQuery<EventHousehold>;
  /** The household's RSVP; its data is `null` until the household has answered. */
  $rsvp: EventQuery<Rsvp | null>;
  /**
   * Signs in to this occasion (invite code, or name and passcode); keeps the token, forgets the
   * old data and holds the new guest's info, household and RSVP from the answer, fresh: nothing
   * is asked again right after a sign-in.
   */
  $signIn: Mutation<GuestCredentialsInput, GuestSignInResult>;
  /** Signs out; forgets the token and the data. */
  $signOut: Mutation<void, void>;
  $updateHousehold: Mutation<EventHouseholdUpdateBody, EventHousehold>;
  /** First answer (409 `RSVP_EXISTS` if there is one); 403 `RSVP_CLOSED` after the deadline. */
  $createRsvp: Mutation<RsvpBody, Rsvp>;
  $updateRsvp: Mutation<RsvpBody, Rsvp>;
  /** Marks tags stale: subscribed stores ask again, others when next used (`Session` asks for the session). */
  markStale(tags: readonly Tag[]): void;
}

/** An {@link EventQuery} with the controls its owner needs. */
interface OwnedQuery<T> extends EventQuery<T> {
  /** Forgets the data (another guest, or none); asks again when subscribed, unless given `data` to hold as fresh. */
  reset(data?: { data: T }): void;
}

/**
 * A small fetcher store (the widget cannot afford @nanostores/query): one request in flight at
 * a time (shared by every subscriber), no request while fresh, data dropped
 * {@link KEEP_UNUSED_MS} after the last subscriber leaves, errors not kept.
 */
function eventQuery<T>(load: () => Promise<Result<T>>, ready: () => boolean): OwnedQuery<T> {
  const $query = map<EventQueryValue<T>>({ loading: false });
  let fresh = false;
  let pending = false;
  let again = false;
  let generation = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = (): void => {
    if (!ready()) return;
    if (pending) return void (again = true);
    pending = true;
    const asked = generation;
    $query.setKey('loading', true);
    void load().then((result) => {
      pending = false;
      if (asked === generation) {
        fresh = !result.error;
        $query.set({ loading: false, data: $query.value!.data, ...result });
      }
      if (again) {
        again = false;
        run();
      }
    });
  };
  const revalidate = (): void => {
    fresh = false;
    if ($query.lc) run();
  };

  onStart($query, () => {
    clearTimeout(timer);
    if (!fresh) run();
  });
  const dropLater = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      fresh = false;
      $query.set({ loading: false });
    }, KEEP_UNUSED_MS);
  };
  onStop($query, dropLater);
  return Object.assign($query, {
    revalidate,
    reset: (seed?: { data: T }) => {
      generation++;
      if (!seed) {
        $query.set({ loading: false });
        return revalidate();
      }
      // Data from the sign-in answer: as fresh as a fetch; kept like unused data while nobody listens.
      fresh = true;
      $query.set({ loading: false, data: seed.data });
      if (!$query.lc) dropLater();
    },
  });
}

/**
 * Creates the widget's stores for one occasion: the session, the guest's data (fetched only
 * once signed in; forgotten at every sign-in and sign-out), and one mutator store per write,
 * each marking stale the tags of {@link guestStaleTags}.
 *
 * @param guest The guest client.
 * @param occasionId The occasion of the widget.
 * @returns The stores.
 */
export function createGuestStores(guest: GuestClient, occasionId: string): GuestStores {
  const $session = atom<SessionState<GuestSessionInfo>>({ ready: false, session: null });
  const signedIn = (): boolean => !!$session.value!.session;
  const queries = {
    EventInfo: eventQuery(guest.getInfo, signedIn),
    EventHousehold: eventQuery(guest.getHousehold, signedIn),
    Rsvp: eventQuery(guest.getRsvp, signedIn),
  };
  /** Sets the session and forgets the old guest's data, or holds the new guest's given with the sign-in. */
  const setSession = (session: GuestSessionInfo | null, data?: Pick<GuestSignInResult, 'info' | 'household' | 'rsvp'>): void => {
    // The signed-in guest's data first, so whoever hears of the session finds it there.
    if (data) {
      queries.EventInfo.reset({ data: data.info });
      queries.EventHousehold.reset({ data: data.household });
      queries.Rsvp.reset({ data: data.rsvp });
    }
    $session.set({ ready: true, session });
    if (!data) Object.values(queries).forEach((query) => query.reset());
  };
  let asked = false;
  const askSession = (): void => {
    asked = true;
    void guest.getSession(occasionId).then((result) => {
      if (result.error) $session.set({ ready: true, session: null, error: result.error });
      else setSession(result.data);
    });
  };
  /** A sign-in or sign-out answer says the session itself: nothing to ask on the next subscribe. */
  const answered: typeof setSession = (session, data) => {
    asked = true;
    setSession(session, data);
  };
  for (const store of [$session, ...Object.values(queries)]) {
    onStart(store, () => {
      if (!asked) askSession();
    });
  }
  const markStale = (tags: readonly Tag[]): void => {
    if (tags.includes('Session')) askSession();
    for (const tag of tags) queries[tag as keyof typeof queries]?.revalidate();
  };
  const write = <I, O>(call: (input: I) => Promise<Result<O>>, tags: readonly Tag[]): Mutation<I, O> =>
    createMutation(call, () => markStale(tags));

  return {
    $session,
    $info: queries.EventInfo,
    $household: queries.EventHousehold,
    $rsvp: queries.Rsvp,
    $signIn: createMutation(
      (credentials: GuestCredentialsInput) => guest.signIn({ ...credentials, occasionId }),
      ({ token: _token, info, household, rsvp, ...session }) => answered(session, { info, household, rsvp }),
    ),
    $signOut: createMutation(guest.signOut, () => answered(null)),
    $updateHousehold: write(guest.updateHousehold, guestStaleTags.updateHousehold),
    $createRsvp: write(guest.createRsvp, guestStaleTags.createRsvp),
    $updateRsvp: write(guest.updateRsvp, guestStaleTags.updateRsvp),
    markStale,
  };
}
