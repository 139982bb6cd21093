import { join } from 'node:path';
import type { AppDeps } from './app-env';
import type { ServerConfig } from './config';
import { createDatabase, type KindlyDatabase } from './db/create-database';
import { MemoryRateLimitStore, RateLimiter } from './middleware/rate-limit/rate-limiter';

export interface Runtime {
  deps: AppDeps;
  database: KindlyDatabase;
  close(): Promise<void>;
}

/** Opens the configured database and builds what the app needs. */
export async function createRuntime(config: ServerConfig, log: (line: string) => void = console.log): Promise<Runtime> {
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: join(config.dataDir, 'kindly.db'),
  });
  const deps: AppDeps = {
    db: database.db,
    dbKind: database.kind,
    config,
    log,
    rateLimiter: new RateLimiter(new MemoryRateLimitStore()),
  };
  return { deps, database, close: () => database.close() };
}
