import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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
}

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
  };
}

function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(33).toString('base64');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
