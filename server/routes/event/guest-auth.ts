import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { GuestCredentialsSchema, type GuestCredentials, type GuestSessionInfo, type GuestSignInResult } from '../../../core/schemas/event';
import { findGuestByCredentials } from '../../data/event-credentials';
import { loadEventHousehold } from '../../data/event-household';
import { loadEventInfo } from '../../data/event-info';
import { loadRsvp } from '../../data/event-rsvp';
import { createGuestSession, deleteGuestSession, guestSessionExpiry } from '../../data/event-sessions';
import type { Clock } from '../../app-env';
import type { Database } from '../../db/schema';
import { ApiError, unavailable } from '../../data/api-error';
import { clientAddress } from '../../http/client-address';
import { readBody } from '../../http/read-body';
import { checkOccasionOrigin } from '../../middleware/cors/event-cors';
import { checkSignInLimits, recordSignInFailure } from './event-rate-limits';
import type { EventEnv } from './event-env';
import { checkGuestRequest, clearGuestCookie, currentGuest, setGuestCookie } from './require-guest';

const invalidCredentials = () =>
  new ApiError(
    401,
    'INVALID_CREDENTIALS',
    'We could not find your invitation. Check the code, or the spelling of your name and the passcode.',
  );

/**
 * Sign-ins one instance works on at once unless `guestSignInsInFlight` says otherwise: each
 * stays in flight for the floor (150 ms), so some 1,500 a second pass. Past it, or with the
 * event loop more than {@link SHED_WHEN_LATE_MS} behind, the server is falling behind, and every
 * sign-in it takes on makes the others later: each guest opens a connection of their own, and
 * the ones waiting in the listen queue are worked on long after their browser gave up (the wave
 * then answered none in time). A sign-in refused for load is answered 503 with `Retry-After`
 * before anything is read, whatever its credentials, so it tells nothing about them; it costs a
 * fraction of one worked on, so the queue drains and the guests already in finish their replies.
 */
export const GUEST_SIGN_INS_IN_FLIGHT = 256;
/** How late the event loop may run before new sign-ins are refused: a second, well past any answer in time, and past what a busy machine alone costs. */
export const SHED_WHEN_LATE_MS = 1000;
/** When a sign-in refused for load may try again. */
const BUSY_RETRY_AFTER_SECONDS = 2;

/** `POST /auth/credentials`, `GET /auth/session/{occasionId}`, `POST /auth/signout`. */
export function guestAuthRoutes(): Hono<EventEnv> {
  const routes = new Hono<EventEnv>();
  /** This instance's sign-ins between their arrival and their answer. */
  let inFlight = 0;

  // Every attempt takes at least `guestSignInFloorMs`, whatever happens inside, so that an unknown
  // name, a wrong code and a wrong passcode cannot be told apart by timing. A success also reads
  // the household's data (info, household, RSVP) inside this time: a few milliseconds, well
  // under the floor.
  routes.post('/auth/credentials', async (c) => {
    const { guestSignInsInFlight = GUEST_SIGN_INS_IN_FLIGHT, loopLag } = c.get('deps');
    if (inFlight >= guestSignInsInFlight || (loopLag?.lateMs ?? 0) > SHED_WHEN_LATE_MS) throw unavailable(BUSY_RETRY_AFTER_SECONDS);
    inFlight += 1;
    try {
      return await signInRequest(c);
    } finally {
      inFlight -= 1;
    }
  });

  /** One sign-in attempt, held for the floor. */
  const signInRequest = async (c: Context<EventEnv>) => {
    const { db, rateLimiter, clock, guestSignInFloorMs } = c.get('deps');
    const input = await readBody(c, GuestCredentialsSchema);
    const started = clock.now();
    const occasion = await findOccasionForSignIn(db, input.occasionId);
    await checkOccasionOrigin(c, occasion ?? null);
    const client = `${clientAddress(c)}|${input.occasionId}`;
    await checkSignInLimits(rateLimiter, input.occasionId, client);
    let result: GuestSignInResult | undefined;
    try {
      result = await signIn(db, occasion, input);
      if (!result) await recordSignInFailure(rateLimiter, input.occasionId, client);
    } finally {
      // A fault too (opening the session, reading the household's data) waits for the floor: a
      // quick 500 would say "these credentials are right".
      await waitUntil(clock, started + guestSignInFloorMs);
    }
    if (!result) throw invalidCredentials();
    setGuestCookie(c, result.token, new Date(result.expiresAt));
    return c.json(result);
  };

  routes.get('/auth/session/:occasionId', async (c) => {
    const { db } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    const occasion = await db.selectFrom('occasion').select('allowedOrigins').where('id', '=', occasionId).executeTakeFirst();
    await checkOccasionOrigin(c, occasion ?? null);
    const guest = await currentGuest(c);
    if (!guest || guest.session.occasionId !== occasionId) return c.json(null);
    return c.json(await sessionInfo(db, guest.session));
  });

  routes.post('/auth/signout', async (c) => {
    const guest = await currentGuest(c);
    if (guest) {
      await checkGuestRequest(c, guest);
      await deleteGuestSession(c.get('deps').db, guest.session.tokenHash);
    }
    clearGuestCookie(c);
    return c.body(null, 204);
  });

  return routes;
}

async function findOccasionForSignIn(db: Kysely<Database>, occasionId: string) {
  return db
    .selectFrom('occasion')
    .select(['id', 'allowedOrigins', 'passcode', 'endDate'])
    .where('id', '=', occasionId)
    .executeTakeFirst();
}

type SignInOccasion = NonNullable<Awaited<ReturnType<typeof findOccasionForSignIn>>>;

/** Checks the credentials and opens a session; undefined for every kind of failure alike. */
async function signIn(
  db: Kysely<Database>,
  occasion: SignInOccasion | undefined,
  input: GuestCredentials,
): Promise<GuestSignInResult | undefined> {
  const found = await findGuestByCredentials(db, occasion, input);
  const now = new Date();
  const expiresAt = occasion && guestSessionExpiry(occasion.endDate, now);
  if (!occasion || !found || !expiresAt) return undefined;
  const { householdId, guest } = found;
  const platform = input.platform ?? null;
  const token = await createGuestSession(db, { occasionId: occasion.id, householdId, guestId: guest.id, platform, expiresAt }, now);
  // Read only once the credentials matched, so no failure does this work; what the three
  // routes would answer now, by their own loaders, so the widget asks for none of them.
  const owner = { occasionId: occasion.id, householdId };
  const [info, household, rsvp] = await Promise.all([
    loadEventInfo(db, occasion.id, householdId, now),
    loadEventHousehold(db, householdId),
    loadRsvp(db, owner),
  ]);
  return { token, expiresAt: expiresAt.toISOString(), occasionId: occasion.id, householdId, guest, info, household, rsvp: rsvp ?? null };
}

async function sessionInfo(
  db: Kysely<Database>,
  session: { occasionId: string; householdId: string; guestId: string; expiresAt: string },
): Promise<GuestSessionInfo> {
  const guest = await db
    .selectFrom('guest')
    .select(['id', 'firstName', 'lastName'])
    .where('id', '=', session.guestId)
    .executeTakeFirstOrThrow();
  return { occasionId: session.occasionId, householdId: session.householdId, guest, expiresAt: session.expiresAt };
}

async function waitUntil(clock: Clock, deadline: number): Promise<void> {
  const remaining = deadline - clock.now();
  if (remaining > 0) await clock.sleep(remaining);
}
