import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import type { DatabaseKind } from './db/create-database';
import type { LogFunction } from './logger';
import type { Database } from './db/schema';
import type { RateLimiter } from './middleware/rate-limit/rate-limiter';

/** What every request handler can reach. */
export interface AppDeps {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  config: ServerConfig;
  log: LogFunction;
  rateLimiter: RateLimiter;
}

export interface HostIdentity {
  accountId: string;
  sessionId: string;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    host: HostIdentity;
  };
}
