import type { Context } from 'hono';
import type { RateLimiter, RateLimitRule } from '../../middleware/rate-limit/rate-limiter';
import type { EventEnv } from './event-env';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Limits of the guest area. Every sign-in attempt is counted per client and occasion (a
 * household retrying a code); failed ones are also counted per occasion (someone spreading
 * guesses over many addresses) and per client. Writes are counted per session.
 */
export const EVENT_RATE_LIMITS = {
  signInPerClientMinute: { name: 'event-signin-client-minute', limit: 5, windowMs: MINUTE },
  signInPerClientHour: { name: 'event-signin-client-hour', limit: 20, windowMs: HOUR },
  signInFailuresPerOccasion: { name: 'event-signin-occasion-failures', limit: 300, windowMs: HOUR },
  signInFailuresPerClientUnderAttack: { name: 'event-signin-client-failures', limit: 2, windowMs: HOUR },
  writesPerSession: { name: 'event-write-session', limit: 30, windowMs: MINUTE },
} satisfies Record<string, RateLimitRule>;

/**
 * The limits a sign-in attempt passes before its credentials are looked at. The client's own
 * limits come first, so an attempt refused there spends nothing of the occasion's. The occasion's
 * budget slows guessing down rather than locking the door (its id is public): once it has seen
 * 300 failures in the hour, a client that failed twice this hour is refused, while one with a
 * clean record, such as a guest arriving now, still gets in.
 */
export async function checkSignInLimits(limiter: RateLimiter, occasionId: string, client: string): Promise<void> {
  await limiter.consume([
    { rule: EVENT_RATE_LIMITS.signInPerClientMinute, key: client },
    { rule: EVENT_RATE_LIMITS.signInPerClientHour, key: client },
  ]);
  if (await limiter.reached(EVENT_RATE_LIMITS.signInFailuresPerOccasion, occasionId)) {
    await limiter.check([{ rule: EVENT_RATE_LIMITS.signInFailuresPerClientUnderAttack, key: client }]);
  }
}

/** Counts a failed sign-in against the occasion's budget and the client's record. */
export async function recordSignInFailure(limiter: RateLimiter, occasionId: string, client: string): Promise<void> {
  await limiter.record([
    { rule: EVENT_RATE_LIMITS.signInFailuresPerOccasion, key: occasionId },
    { rule: EVENT_RATE_LIMITS.signInFailuresPerClientUnderAttack, key: client },
  ]);
}

/** Counts a write (RSVP, household) against the session's limit; 429 past it. */
export async function consumeWriteLimit(c: Context<EventEnv>): Promise<void> {
  const key = c.get('guest').session.tokenHash;
  await c.get('deps').rateLimiter.consume([{ rule: EVENT_RATE_LIMITS.writesPerSession, key }]);
}
