import type { Kysely, Transaction } from 'kysely';
import type { ServerConfig } from './config';
import type { DatabaseKind } from './db/create-database';
import type { ServerLogger } from './logger';
import type { Database } from './db/schema';
import type { RateLimiter } from './middleware/rate-limit/rate-limiter';
import type { LiveHostSession } from './auth/host-sessions';
import type { EmailRenderer } from './email/render-email';
import type { Passwords } from './auth/passwords';

/** What every request handler can reach. */
export interface AppDeps {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  config: ServerConfig;
  log: ServerLogger;
  rateLimiter: RateLimiter;
  /** Renders email (the server: on its render thread). */
  renderEmail: EmailRenderer;
  /** Runs in each RSVP write's transaction once its answers are written: tests fail or pause a write there. */
  duringRsvpWrite?: (trx: Transaction<Database>) => Promise<void>;
  /** Hosts' password hashing: Argon2id at production cost (create-deps.ts), cheap in tests. */
  passwords: Passwords;
  /** How long every guest sign-in attempt takes at least (guest-auth.ts says why). */
  guestSignInFloorMs: number;
  /** Guest sign-ins one instance works on at once; more answer 503 at once (guest-auth.ts). Default 256. */
  guestSignInsInFlight?: number;
  /** How late this process's event loop runs (the server's; none in tests unless given): sign-in sheds load past a limit. */
  loopLag?: { readonly lateMs: number };
  /** What waits such as the sign-in floor go by. */
  clock: Clock;
  /**
   * Runs work after the answer is sent (a password reset's lookup and message, so the answer
   * is the same whether or not the address has an account); soon after, unless given. Tests
   * hold the work to prove the answer did not wait for it.
   */
  afterAnswer?: (task: () => Promise<void>) => void;
}

/** A monotonic clock in milliseconds: the system's in production, one a test moves by hand. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/**
 * The signed-in host of a request, with the occasion its path names when there is one. A request
 * opened by an API token carries `apiToken`; its `accountId` is the token's creator (whose id
 * history records with the token's name), its role on `occasion` is the token's, and its
 * `sessionId` is empty (tokens never reach the account's routes, which use it).
 */
export type HostIdentity = LiveHostSession & { apiToken?: { id: string; name: string } };

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    host: HostIdentity;
  };
}
