import { computed, type ReadableAtom } from 'nanostores';
import type { EventHousehold, EventInfo, GuestSessionInfo, GuestSignInResult, Rsvp } from '../schemas/event';
import type { EventHouseholdUpdateBody, GuestCredentialsInput, RsvpBody } from './event-bodies';
import type { GuestClient } from './guest-client';
import { createQueryContext, type Mutation, type Query } from './query-context';
import { sessionState, type SessionBox, type SessionState } from './session-state';
import { guestStaleTags as stale, type Tag } from './stale-tags';

/** The widget's stores for one occasion over the guest client (contract section 6). */
export interface GuestStores {
  /** The guest's session for the occasion: asked on first subscribe; render nothing until `ready`. */
  $session: ReadableAtom<SessionState<GuestSessionInfo>>;
  /** The occasion and the household's activities; waits for a session. */
  $info: Query<EventInfo>;
  /** The guest's household; waits for a session. */
  $household: Query<EventHousehold>;
  /** The household's RSVP; its error is a 404 until the household has answered. */
  $rsvp: Query<Rsvp>;
  /** Signs in to this occasion (by invite code, or by name and passcode) and keeps the token. */
  $signIn: Mutation<GuestCredentialsInput, GuestSignInResult>;
  /** Signs out and forgets the token and everything cached. */
  $signOut: Mutation<void, void>;
  $updateHousehold: Mutation<EventHouseholdUpdateBody, EventHousehold>;
  /** First answer (409 `RSVP_EXISTS` if there is one); 403 `RSVP_CLOSED` after the deadline. */
  $createRsvp: Mutation<RsvpBody, Rsvp>;
  $updateRsvp: Mutation<RsvpBody, Rsvp>;
  /** Marks tags stale by hand. */
  markStale(tags: readonly Tag[]): void;
}

/**
 * Creates the widget's stores for one occasion: the session, the event data (fetched only once
 * signed in, and per guest, so another guest never sees the previous one's data), and one
 * mutator store per write, each marking stale the tags of {@link guestStaleTags}.
 *
 * @param guest The guest client.
 * @param occasionId The occasion of the widget.
 * @returns The stores.
 */
export function createGuestStores(guest: GuestClient, occasionId: string): GuestStores {
  const { query, mutation, markStale, forget, put } = createQueryContext();
  const $sessionQuery = query<SessionBox<GuestSessionInfo>>('Session', [occasionId], async () => {
    const result = await guest.getSession(occasionId);
    return result.error ? result : { data: { session: result.data } };
  });
  /** The signed-in guest's id: the key of their data, null (no request) when signed out. */
  const $guestId = computed($sessionQuery, ({ data }) => data?.session?.guest.id ?? null);
  const signedIn = (session: GuestSessionInfo | null): void => {
    forget('Session');
    put('Session', [occasionId], { session });
  };

  return {
    $session: sessionState($sessionQuery),
    $info: query('EventInfo', [$guestId], guest.getInfo),
    $household: query('EventHousehold', [$guestId], guest.getHousehold),
    $rsvp: query('Rsvp', [$guestId], guest.getRsvp),
    $signIn: mutation(
      (credentials) => guest.signIn({ ...credentials, occasionId }),
      [],
      ({ token: _token, ...session }) => signedIn(session),
    ),
    $signOut: mutation(() => guest.signOut(), [], () => signedIn(null)),
    $updateHousehold: mutation(guest.updateHousehold, stale.updateHousehold),
    $createRsvp: mutation(guest.createRsvp, stale.createRsvp),
    $updateRsvp: mutation(guest.updateRsvp, stale.updateRsvp),
    markStale,
  };
}
