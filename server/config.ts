import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as v from 'valibot';
import { BackupVariables, POSTGRES_BACKUP_REFUSED, backupSettingsOf, type BackupSettings } from './backup/backup-settings';
import { ConfigError } from './config-error';
import { dataDirError } from './data-dir-error';
import { DKIM_INCOMPLETE, dkimComplete } from './email/dkim-settings';
import { EmailVariables, emailSettingsOf, type EmailSettings } from './email/email-settings';
import { flag, parseEnv, urlWithScheme, wholeNumber } from './env-variables';
import { WebhookVariables, webhookSettingsOf, type WebhookSettings } from './webhooks/webhook-settings';

export { ConfigError } from './config-error';

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
  /**
   * Where rate-limit counters live (`RATE_LIMIT_STORE`): this process's memory (one instance; the
   * default without `REDIS_URL`), Redis (the default with it), or the database (several instances
   * without Redis, at one write per counted request). Left out: Redis with `redisUrl`, else memory.
   */
  rateLimitStore?: RateLimitStoreKind;
  /** Where the built dashboard and widget are (`dist/`); undefined serves the API alone. */
  distDir: string | undefined;
  /** How long the server waits on PostgreSQL, SQLite and Redis before it answers 503. */
  timeouts: Timeouts;
  /** PostgreSQL: the most connections this instance opens (`PG_POOL_SIZE`); {@link DEFAULT_PG_POOL_SIZE} when absent. */
  pgPoolSize?: number;
  /** The least severe log entries written (`LOG_LEVEL`): `info` writes a line per request; `warn` only problems. */
  logLevel?: LogLevel;
  /** Sending mail: SMTP or the local outbox, limits, retries; `DEFAULT_EMAIL_SETTINGS` when absent. */
  email?: EmailSettings;
  /** The embedded database's copies: where, how often the server takes one, how many it keeps. */
  backup?: BackupSettings;
  /** Delivering webhooks: the worker, the address guard's exceptions, time limits, retries; `DEFAULT_WEBHOOK_SETTINGS` when absent. */
  webhooks?: WebhookSettings;
}

export type RateLimitStoreKind = 'memory' | 'redis' | 'database';

/** pino's levels, most severe last but one; `silent` writes nothing. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

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

/**
 * Connections one instance keeps to PostgreSQL at most. Each instance opens its own: instances
 * times this stays under PostgreSQL's `max_connections` (100 unless set), with room for the rest.
 * More does not answer more on a machine whose cores are already busy (bench/README.md).
 */
export const DEFAULT_PG_POOL_SIZE = 10;

const milliseconds = (variable: string) => wholeNumber(variable, 'a whole number of milliseconds', 0);
const portNumber = (variable: string) => wholeNumber(variable, 'a port number from 0 to 65535', 0, 65_535);

/** Every environment variable the server reads (README's configuration table), checked with its default. */
const ServerVariables = v.object({
  ...EmailVariables.entries,
  ...BackupVariables.entries,
  ...WebhookVariables.entries,
  NODE_ENV: v.optional(v.string()),
  PORT: v.optional(portNumber('PORT'), '8787'),
  EXAMPLES_PORT: v.optional(portNumber('EXAMPLES_PORT')),
  KINDLY_DATA_DIR: v.optional(v.string(), 'data'),
  KINDLY_DIST_DIR: v.optional(v.string(), 'dist'),
  DATABASE_URL: v.optional(urlWithScheme('DATABASE_URL', ['postgres:', 'postgresql:'], 'postgres://kindly:password@db.example.com:5432/kindly (unset: the embedded SQLite database)')),
  AUTH_SECRET: v.optional(v.string()),
  AUTH_URL: v.optional(urlWithScheme('AUTH_URL', ['https:', 'http:'], 'https://rsvp.example.com')),
  TRUST_PROXY: v.optional(flag('TRUST_PROXY'), '0'),
  REDIS_URL: v.optional(urlWithScheme('REDIS_URL', ['redis:', 'rediss:'], 'redis://redis.example.com:6379')),
  RATE_LIMIT_STORE: v.optional(
    v.picklist(['memory', 'redis', 'database'], (issue) => `RATE_LIMIT_STORE must be memory, redis or database, not "${String(issue.input)}".`),
  ),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, (issue) => `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${String(issue.input)}".`), 'info'),
  PG_POOL_SIZE: v.optional(wholeNumber('PG_POOL_SIZE', 'a whole number of connections from 1 to 1000', 1, 1000), String(DEFAULT_PG_POOL_SIZE)),
  PG_CONNECT_TIMEOUT_MS: v.optional(milliseconds('PG_CONNECT_TIMEOUT_MS'), String(DEFAULT_TIMEOUTS.pgConnectMs)),
  PG_STATEMENT_TIMEOUT_MS: v.optional(milliseconds('PG_STATEMENT_TIMEOUT_MS'), String(DEFAULT_TIMEOUTS.pgStatementMs)),
  PG_QUERY_TIMEOUT_MS: v.optional(milliseconds('PG_QUERY_TIMEOUT_MS'), String(DEFAULT_TIMEOUTS.pgQueryMs)),
  PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: v.optional(milliseconds('PG_IDLE_IN_TRANSACTION_TIMEOUT_MS'), String(DEFAULT_TIMEOUTS.pgIdleInTransactionMs)),
  SQLITE_BUSY_TIMEOUT_MS: v.optional(milliseconds('SQLITE_BUSY_TIMEOUT_MS'), String(DEFAULT_TIMEOUTS.sqliteBusyMs)),
  REDIS_CONNECT_TIMEOUT_MS: v.optional(milliseconds('REDIS_CONNECT_TIMEOUT_MS'), String(DEFAULT_TIMEOUTS.redisConnectMs)),
  REDIS_COMMAND_TIMEOUT_MS: v.optional(milliseconds('REDIS_COMMAND_TIMEOUT_MS'), String(DEFAULT_TIMEOUTS.redisCommandMs)),
});

/**
 * Reads the configuration from the environment, once, at start: a bad value throws a
 * {@link ConfigError} naming it in one sentence. In development it makes `./data/auth-secret`.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // The variables, then the checks that span several (the three DKIM ones go together).
  const vars = parseEnv(v.pipe(ServerVariables, v.check((vars) => dkimComplete(vars), DKIM_INCOMPLETE)), env);
  const production = vars.NODE_ENV === 'production';
  if (production && (!vars.AUTH_SECRET || !vars.AUTH_URL)) {
    throw new ConfigError(
      'Kindly refuses to start in production without AUTH_SECRET and AUTH_URL. ' +
        'Set AUTH_SECRET to a long random string (for example `openssl rand -base64 33`) ' +
        'and AUTH_URL to the public URL of this server (for example https://rsvp.example.com).',
    );
  }
  if (vars.RATE_LIMIT_STORE === 'redis' && !vars.REDIS_URL) {
    throw new ConfigError('RATE_LIMIT_STORE=redis needs REDIS_URL, for example redis://redis.example.com:6379.');
  }
  if (vars.DATABASE_URL && vars.BACKUP_INTERVAL_HOURS > 0) throw new ConfigError(POSTGRES_BACKUP_REFUSED);
  const dataDir = resolve(vars.KINDLY_DATA_DIR);
  return {
    port: vars.PORT,
    examplesPort: vars.EXAMPLES_PORT ?? vars.PORT + 1,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    authSecret: vars.AUTH_SECRET ?? developmentSecret(dataDir),
    authUrl: vars.AUTH_URL,
    production,
    trustProxy: vars.TRUST_PROXY,
    redisUrl: vars.REDIS_URL,
    rateLimitStore: vars.RATE_LIMIT_STORE ?? (vars.REDIS_URL ? 'redis' : 'memory'),
    distDir: resolve(vars.KINDLY_DIST_DIR),
    timeouts: {
      pgConnectMs: vars.PG_CONNECT_TIMEOUT_MS,
      pgStatementMs: vars.PG_STATEMENT_TIMEOUT_MS,
      pgQueryMs: vars.PG_QUERY_TIMEOUT_MS,
      pgIdleInTransactionMs: vars.PG_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      sqliteBusyMs: vars.SQLITE_BUSY_TIMEOUT_MS,
      redisConnectMs: vars.REDIS_CONNECT_TIMEOUT_MS,
      redisCommandMs: vars.REDIS_COMMAND_TIMEOUT_MS,
    },
    pgPoolSize: vars.PG_POOL_SIZE,
    logLevel: vars.LOG_LEVEL,
    email: emailSettingsOf(vars),
    backup: backupSettingsOf(vars, dataDir),
    webhooks: webhookSettingsOf(vars),
  };
}

/** The embedded SQLite database's file in the data directory. */
export function embeddedDatabaseFile(dataDir: string): string {
  return join(dataDir, 'kindly.db');
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
