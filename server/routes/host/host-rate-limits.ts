import type { RateLimitRule } from '../../middleware/rate-limit/rate-limiter';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Limits of the host area: sign-in per client and per account, sign-up per client, the account's mail, API tokens' requests. */
export const HOST_RATE_LIMITS = {
  signInPerClient: { name: 'host-signin-client', limit: 20, windowMs: 15 * MINUTE },
  signInPerAccount: { name: 'host-signin-account', limit: 10, windowMs: 15 * MINUTE },
  accountCreation: { name: 'host-signup-client', limit: 10, windowMs: HOUR },
  /** Reset links asked for by one client, and for one address (whoever asks). */
  passwordResetPerClient: { name: 'host-reset-client', limit: 10, windowMs: HOUR },
  passwordResetPerAddress: { name: 'host-reset-address', limit: 3, windowMs: HOUR },
  /** Verification and change-of-address messages an account asks for. */
  accountMailPerAccount: { name: 'host-account-mail', limit: 5, windowMs: HOUR },
  /** Requests one API token opens, whatever their route (a script in a loop must not crowd out the hosts). */
  apiTokenRequests: { name: 'host-api-token', limit: 300, windowMs: MINUTE },
} satisfies Record<string, RateLimitRule>;

/**
 * The email a credentials sign-in carries, read exactly as Auth.js (`@auth/core`) reads the
 * body: JSON when the content type contains `application/json`, else a form when it contains
 * `application/x-www-form-urlencoded`, else nothing. Reading it any other way would let a
 * crafted content type (`application/x-www-form-urlencoded; x=json`) hide the email from the
 * per-account limit while Auth.js still signs in with it.
 */
export async function signInEmail(request: Request): Promise<string | undefined> {
  try {
    const body = await readAsAuthJs(request);
    const email = body?.email;
    return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

async function readAsAuthJs(request: Request): Promise<Record<string, unknown> | undefined> {
  if (!request.body || request.method !== 'POST') return undefined;
  const type = request.headers.get('content-type');
  if (type?.includes('application/json')) return (await request.json()) as Record<string, unknown>;
  if (type?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(await request.text()));
  return undefined;
}
