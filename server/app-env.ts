import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import type { DatabaseKind } from './db/create-database';
import type { ServerLogger } from './logger';
import type { Database } from './db/schema';
import type { RateLimiter } from './middleware/rate-limit/rate-limiter';
import type { LiveHostSession } from './auth/host-sessions';
import type { EmailRenderer } from './email/render-email';

/** What every request handler can reach. */
export interface AppDeps {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  config: ServerConfig;
  log: ServerLogger;
  rateLimiter: RateLimiter;
  /** Renders email (the server: on its render thread). */
  renderEmail: EmailRenderer;
}

/** The signed-in host of a request, with the occasion its path names when there is one. */
export type HostIdentity = LiveHostSession;

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    host: HostIdentity;
  };
}
