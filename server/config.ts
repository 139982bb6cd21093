import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { dataDirError } from './data-dir-error';
import { loadEmailSettings, type EmailSettings } from './email/email-settings';

export interface ServerConfig {
  port: number;
  /** Second port for the example sites, a different site from the API. */
  examplesPort: number;
  dataDir: string;
  /** `postgres://…`, or undefined for the embedded SQLite file under `dataDir`. */
  databaseUrl: string | undefined;
  authSecret: string;
  /** The public URL of the server, e.g. `https://rsvp.example.com`. */
  authUrl: string | undefined;
  production: boolean;
  /** Trust `X-Forwarded-For` from a reverse proxy for the client address. */
  trustProxy: boolean;
  redisUrl: string | undefined;
  /** Where the built dashboard and widget are (`dist/`); undefined serves the API alone. */
  distDir: string | undefined;
  /** How long the server waits on PostgreSQL, SQLite and Redis before it answers 503. */
  timeouts: Timeouts;
  /** Sending mail: SMTP or the local outbox, limits, retries; `DEFAULT_EMAIL_SETTINGS` when absent. */
  email?: EmailSettings;
}

/** Time limits in milliseconds; each has its own environment variable (see README). */
export interface Timeouts {
  /** PostgreSQL: getting a connection from the pool, or opening one (`PG_CONNECT_TIMEOUT_MS`). */
  pgConnectMs: number;
  /** PostgreSQL: the server cancels a statement running longer (`PG_STATEMENT_TIMEOUT_MS`). */
  pgStatementMs: number;
  /** PostgreSQL: the client gives up on an answer and drops the connection (`PG_QUERY_TIMEOUT_MS`). */
  pgQueryMs: number;
  /** PostgreSQL: the server ends a session idle inside a transaction (`PG_IDLE_IN_TRANSACTION_TIMEOUT_MS`). */
  pgIdleInTransactionMs: number;
  /** SQLite: how long a write waits for another process's write lock (`SQLITE_BUSY_TIMEOUT_MS`). */
  sqliteBusyMs: number;
  /** Redis: connecting (`REDIS_CONNECT_TIMEOUT_MS`). */
  redisConnectMs: number;
  /** Redis: one command, queued or sent (`REDIS_COMMAND_TIMEOUT_MS`). */
  redisCommandMs: number;
}

/** A few seconds each: a stalled database answers 503 quickly instead of holding requests. */
export const DEFAULT_TIMEOUTS: Timeouts = {
  pgConnectMs: 3000,
  pgStatementMs: 5000,
  pgQueryMs: 6000,
  pgIdleInTransactionMs: 10_000,
  // Only another process can hold SQLite's write lock (this one writes synchronously); better-sqlite3
  // waits blocking the event loop, so a write fails fast with 503 instead of stalling every request.
  sqliteBusyMs: 50,
  redisConnectMs: 3000,
  redisCommandMs: 2000,
};

const TIMEOUT_VARIABLES: Record<keyof Timeouts, string> = {
  pgConnectMs: 'PG_CONNECT_TIMEOUT_MS',
  pgStatementMs: 'PG_STATEMENT_TIMEOUT_MS',
  pgQueryMs: 'PG_QUERY_TIMEOUT_MS',
  pgIdleInTransactionMs: 'PG_IDLE_IN_TRANSACTION_TIMEOUT_MS',
  sqliteBusyMs: 'SQLITE_BUSY_TIMEOUT_MS',
  redisConnectMs: 'REDIS_CONNECT_TIMEOUT_MS',
  redisCommandMs: 'REDIS_COMMAND_TIMEOUT_MS',
};

export class ConfigError extends Error {}

/** Reads the configuration from the environment; in development it makes `./data/auth-secret`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(env.KINDLY_DATA_DIR ?? 'data');
  const port = Number(env.PORT ?? 8787);
  if (production && (!env.AUTH_SECRET || !env.AUTH_URL)) {
    throw new ConfigError(
      'Kindly refuses to start in production without AUTH_SECRET and AUTH_URL. ' +
        'Set AUTH_SECRET to a long random string (for example `openssl rand -base64 33`) ' +
        'and AUTH_URL to the public URL of this server (for example https://rsvp.example.com).',
    );
  }
  return {
    port,
    examplesPort: Number(env.EXAMPLES_PORT ?? port + 1),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    authSecret: env.AUTH_SECRET ?? developmentSecret(dataDir),
    authUrl: env.AUTH_URL || undefined,
    production,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    redisUrl: env.REDIS_URL || undefined,
    distDir: resolve(env.KINDLY_DIST_DIR ?? 'dist'),
    timeouts: loadTimeouts(env),
    email: loadEmailSettings(env),
  };
}

function loadTimeouts(env: NodeJS.ProcessEnv): Timeouts {
  const timeouts = { ...DEFAULT_TIMEOUTS };
  for (const [key, variable] of Object.entries(TIMEOUT_VARIABLES) as Array<[keyof Timeouts, string]>) {
    const text = env[variable];
    if (text === undefined || text === '') continue;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 0) {
      throw new ConfigError(`${variable} must be a whole number of milliseconds, not "${text}".`);
    }
    timeouts[key] = value;
  }
  return timeouts;
}

function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(33).toString('base64');
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
  } catch (error) {
    throw dataDirError(dataDir, error) ?? error;
  }
  return secret;
}
