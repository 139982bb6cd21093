import type { RateLimitRule } from '../../middleware/rate-limit/rate-limiter';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Limits of the host area: sign-in per client and per account, sign-up per client. */
export const HOST_RATE_LIMITS = {
  signInPerClient: { name: 'host-signin-client', limit: 20, windowMs: 15 * MINUTE },
  signInPerAccount: { name: 'host-signin-account', limit: 10, windowMs: 15 * MINUTE },
  accountCreation: { name: 'host-signup-client', limit: 10, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;
