import type { Context } from 'hono';
import type { RateLimitRule } from '../../middleware/rate-limit/rate-limiter';
import type { EventEnv } from './event-env';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Limits of the guest area. Sign-in is counted per client and occasion (a household retrying a
 * code) and per occasion (someone spreading guesses over many addresses); writes per session.
 */
export const EVENT_RATE_LIMITS = {
  signInPerClientMinute: { name: 'event-signin-client-minute', limit: 5, windowMs: MINUTE },
  signInPerClientHour: { name: 'event-signin-client-hour', limit: 20, windowMs: HOUR },
  signInPerOccasion: { name: 'event-signin-occasion', limit: 300, windowMs: HOUR },
  writesPerSession: { name: 'event-write-session', limit: 30, windowMs: MINUTE },
} satisfies Record<string, RateLimitRule>;

/** Counts a write (RSVP, household) against the session's limit; 429 past it. */
export async function consumeWriteLimit(c: Context<EventEnv>): Promise<void> {
  const key = c.get('guest').session.tokenHash;
  await c.get('deps').rateLimiter.consume([{ rule: EVENT_RATE_LIMITS.writesPerSession, key }]);
}
