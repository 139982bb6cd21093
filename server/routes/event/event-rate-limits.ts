import type { RateLimitRule } from '../../middleware/rate-limit/rate-limiter';

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
