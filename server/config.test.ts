import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_PG_POOL_SIZE, DEFAULT_TIMEOUTS, loadConfig } from './config';
import { DEFAULT_EMAIL_SETTINGS } from './email/email-settings';
import { DEFAULT_WEBHOOK_SETTINGS } from './webhooks/webhook-settings';

describe('loadConfig', () => {
  it('refuses production without AUTH_SECRET and AUTH_URL, with a clear message', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(40) })).toThrow(/AUTH_URL/);
    const config = loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(40), AUTH_URL: 'https://rsvp.example.com' });
    expect(config.production).toBe(true);
    expect(config.authUrl).toBe('https://rsvp.example.com');
  });

  it('generates an AUTH_SECRET into the data folder once and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindly-config-'));
    try {
      const dataDir = join(dir, 'data');
      const first = loadConfig({ KINDLY_DATA_DIR: dataDir });
      expect(first.authSecret.length).toBeGreaterThanOrEqual(40);
      expect(readFileSync(join(dataDir, 'auth-secret'), 'utf8')).toBe(first.authSecret);
      expect(loadConfig({ KINDLY_DATA_DIR: dataDir }).authSecret).toBe(first.authSecret);
      expect(first.port).toBe(8787);
      expect(loadConfig({ KINDLY_DATA_DIR: dataDir, PORT: '9000' }).port).toBe(9000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the time limits from the environment, with defaults of a few seconds', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindly-config-'));
    try {
      const base = { KINDLY_DATA_DIR: join(dir, 'data') };
      expect(loadConfig(base).timeouts).toEqual(DEFAULT_TIMEOUTS);
      for (const value of Object.values(DEFAULT_TIMEOUTS)) expect(value).toBeLessThanOrEqual(10_000);
      const timeouts = loadConfig({ ...base, PG_CONNECT_TIMEOUT_MS: '1500', PG_STATEMENT_TIMEOUT_MS: '0', PG_QUERY_TIMEOUT_MS: '2500', PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: '7000', SQLITE_BUSY_TIMEOUT_MS: '5', REDIS_CONNECT_TIMEOUT_MS: '900', REDIS_COMMAND_TIMEOUT_MS: '800' }).timeouts;
      expect(timeouts).toEqual({ pgConnectMs: 1500, pgStatementMs: 0, pgQueryMs: 2500, pgIdleInTransactionMs: 7000, sqliteBusyMs: 5, redisConnectMs: 900, redisCommandMs: 800 });
      expect(() => loadConfig({ ...base, PG_QUERY_TIMEOUT_MS: '2s' })).toThrow(new ConfigError('PG_QUERY_TIMEOUT_MS must be a whole number of milliseconds, not "2s".'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the log level from LOG_LEVEL, info unless told', () => {
    const base = { KINDLY_DATA_DIR: '/srv/kindly/data', AUTH_SECRET: 's'.repeat(40) };
    expect(loadConfig(base).logLevel).toBe('info');
    expect(loadConfig({ ...base, LOG_LEVEL: 'warn' }).logLevel).toBe('warn');
  });

  it('reads the PostgreSQL pool size from PG_POOL_SIZE, ten connections unless told', () => {
    const base = { KINDLY_DATA_DIR: '/srv/kindly/data', AUTH_SECRET: 's'.repeat(40) };
    expect(loadConfig(base).pgPoolSize).toBe(DEFAULT_PG_POOL_SIZE);
    expect(DEFAULT_PG_POOL_SIZE).toBe(10);
    expect(loadConfig({ ...base, PG_POOL_SIZE: '25' }).pgPoolSize).toBe(25);
    expect(loadConfig({ ...base, PG_POOL_SIZE: '1000' }).pgPoolSize).toBe(1000);
  });

  describe('refuses a bad value, naming it in one sentence', () => {
    const base = { KINDLY_DATA_DIR: '/nonexistent/kindly', AUTH_SECRET: 's'.repeat(40) };
    const refusals: Array<[Record<string, string>, string]> = [
      [{ PORT: 'abc' }, 'PORT must be a port number from 0 to 65535, not "abc".'],
      [{ PORT: '70000' }, 'PORT must be a port number from 0 to 65535, not "70000".'],
      [{ EXAMPLES_PORT: '-1' }, 'EXAMPLES_PORT must be a port number from 0 to 65535, not "-1".'],
      [{ SQLITE_BUSY_TIMEOUT_MS: '-5' }, 'SQLITE_BUSY_TIMEOUT_MS must be a whole number of milliseconds, not "-5".'],
      [{ REDIS_COMMAND_TIMEOUT_MS: 'soon' }, 'REDIS_COMMAND_TIMEOUT_MS must be a whole number of milliseconds, not "soon".'],
      [{ PG_CONNECT_TIMEOUT_MS: '1.5' }, 'PG_CONNECT_TIMEOUT_MS must be a whole number of milliseconds, not "1.5".'],
      [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, not "verbose".'],
      [{ PG_POOL_SIZE: '0' }, 'PG_POOL_SIZE must be a whole number of connections from 1 to 1000, not "0".'],
      [{ PG_POOL_SIZE: '1001' }, 'PG_POOL_SIZE must be a whole number of connections from 1 to 1000, not "1001".'],
      [{ PG_POOL_SIZE: 'many' }, 'PG_POOL_SIZE must be a whole number of connections from 1 to 1000, not "many".'],
      [
        { DATABASE_URL: 'mysql://root:hunter2@db/kindly' },
        'DATABASE_URL must start with postgres:// or postgresql://, for example postgres://kindly:password@db.example.com:5432/kindly (unset: the embedded SQLite database).',
      ],
      [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL must start with smtp:// or smtps://, for example smtp://user:password@mail.example.com:587.'],
      [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL must start with redis:// or rediss://, for example redis://redis.example.com:6379.'],
      [{ AUTH_URL: 'rsvp.example.com' }, 'AUTH_URL must start with https:// or http://, for example https://rsvp.example.com.'],
      [{ EMAIL_WORKER: 'maybe' }, 'EMAIL_WORKER must be 1 or true (on) or 0 or false (off), not "maybe".'],
      [{ WEBHOOK_WORKER: 'maybe' }, 'WEBHOOK_WORKER must be 1 or true (on) or 0 or false (off), not "maybe".'],
      [{ WEBHOOK_TIMEOUT_MS: '0' }, 'WEBHOOK_TIMEOUT_MS must be a whole number of at least 1, not "0".'],
      [
        { WEBHOOK_ALLOWED_HOSTS: 'localhost,http://hooks.internal/' },
        'WEBHOOK_ALLOWED_HOSTS must be host names or IP addresses separated by commas, for example 127.0.0.1,localhost,hooks.internal.',
      ],
      [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY must be 1 or true (on) or 0 or false (off), not "yes".'],
      [{ EMAIL_MAX_ATTEMPTS: '0' }, 'EMAIL_MAX_ATTEMPTS must be a whole number of at least 1, not "0".'],
      [{ EMAIL_ACCOUNT_DAILY_LIMIT: '0' }, 'EMAIL_ACCOUNT_DAILY_LIMIT must be a whole number of at least 1, not "0".'],
      [{ EMAIL_NEW_ACCOUNT_DAILY_LIMIT: 'fifty' }, 'EMAIL_NEW_ACCOUNT_DAILY_LIMIT must be a whole number of at least 1, not "fifty".'],
      [{ EMAIL_NEW_ACCOUNT_DAYS: '-1' }, 'EMAIL_NEW_ACCOUNT_DAYS must be a whole number of days (0: no account counts as new), not "-1".'],
      [{ MAIL_FROM: 'Kindly' }, 'MAIL_FROM must be an address with a domain, for example Kindly <rsvp@example.com>.'],
      [{ BACKUP_INTERVAL_HOURS: 'daily' }, 'BACKUP_INTERVAL_HOURS must be a number of hours from 0 to 168, for example 24 or 0.5 (0: no scheduled backups), not "daily".'],
      [{ BACKUP_INTERVAL_HOURS: '-1' }, 'BACKUP_INTERVAL_HOURS must be a number of hours from 0 to 168, for example 24 or 0.5 (0: no scheduled backups), not "-1".'],
      [{ BACKUP_INTERVAL_HOURS: '169' }, 'BACKUP_INTERVAL_HOURS must be a number of hours from 0 to 168, for example 24 or 0.5 (0: no scheduled backups), not "169".'],
      [{ BACKUP_KEEP: '0' }, 'BACKUP_KEEP must be a whole number of copies of at least 1, not "0".'],
      [
        { DATABASE_URL: 'postgres://kindly@db/kindly', BACKUP_INTERVAL_HOURS: '24' },
        'BACKUP_INTERVAL_HOURS backs up the embedded SQLite database only; with DATABASE_URL (PostgreSQL) unset it and back up with pg_dump -Fc (see README, Operations).',
      ],
      [{ DKIM_SELECTOR: 'kindly', DKIM_DOMAIN: 'example.com' }, 'DKIM_PRIVATE_KEY, DKIM_SELECTOR and DKIM_DOMAIN go together: set all three to sign email with DKIM, or none.'],
    ];
    it.each(refusals)('%o', (bad, sentence) => {
      expect(() => loadConfig({ ...base, ...bad })).toThrow(new ConfigError(sentence));
    });

    it('never repeats a URL that may hold a password', () => {
      expect(() => loadConfig({ ...base, DATABASE_URL: 'mysql://root:hunter2@db/kindly' })).toThrow(expect.objectContaining({ message: expect.not.stringContaining('hunter2') }));
    });
  });

  it('keeps rate-limit counters in memory unless Redis or the database is chosen', () => {
    const base = { KINDLY_DATA_DIR: '/srv/kindly/data', AUTH_SECRET: 's'.repeat(40) };
    const redisUrl = 'redis://cache.example.com:6379';
    expect(loadConfig(base).rateLimitStore).toBe('memory');
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://kindly@db/kindly' }).rateLimitStore).toBe('memory');
    expect(loadConfig({ ...base, REDIS_URL: redisUrl }).rateLimitStore).toBe('redis');
    expect(loadConfig({ ...base, RATE_LIMIT_STORE: 'database' }).rateLimitStore).toBe('database');
    expect(loadConfig({ ...base, REDIS_URL: redisUrl, RATE_LIMIT_STORE: 'memory' }).rateLimitStore).toBe('memory');
    expect(() => loadConfig({ ...base, RATE_LIMIT_STORE: 'redis' })).toThrow(new ConfigError('RATE_LIMIT_STORE=redis needs REDIS_URL, for example redis://redis.example.com:6379.'));
    expect(() => loadConfig({ ...base, RATE_LIMIT_STORE: 'postgres' })).toThrow(new ConfigError('RATE_LIMIT_STORE must be memory, redis or database, not "postgres".'));
  });

  it('takes no scheduled backups unless BACKUP_INTERVAL_HOURS asks, into backups/ of the data directory, keeping 7', () => {
    const base = { KINDLY_DATA_DIR: '/srv/kindly/data', AUTH_SECRET: 's'.repeat(40) };
    expect(loadConfig(base).backup).toEqual({ dir: '/srv/kindly/data/backups', intervalHours: 0, keep: 7 });
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://kindly@db/kindly', BACKUP_INTERVAL_HOURS: '0' }).backup?.intervalHours).toBe(0);
    expect(loadConfig({ ...base, BACKUP_INTERVAL_HOURS: '0.5', BACKUP_KEEP: '30', KINDLY_BACKUP_DIR: '/mnt/copies' }).backup).toEqual({ dir: '/mnt/copies', intervalHours: 0.5, keep: 30 });
  });

  it('reads every variable, an empty one counting as unset', () => {
    const config = loadConfig({
      KINDLY_DATA_DIR: '/srv/kindly/data',
      KINDLY_DIST_DIR: '/srv/kindly/dist',
      AUTH_SECRET: 's'.repeat(40),
      PORT: '9000',
      EXAMPLES_PORT: '',
      DATABASE_URL: 'postgresql://kindly@db/kindly',
      AUTH_URL: 'https://rsvp.example.com',
      TRUST_PROXY: 'true',
      REDIS_URL: 'rediss://cache.example.com:6380',
      EMAIL_WORKER: 'false',
      WEBHOOK_ALLOWED_HOSTS: ' 127.0.0.1, Hooks.Internal ,[::1]',
      WEBHOOK_TIMEOUT_MS: '3000',
    });
    expect(config).toMatchObject({
      port: 9000,
      examplesPort: 9001,
      dataDir: '/srv/kindly/data',
      distDir: '/srv/kindly/dist',
      databaseUrl: 'postgresql://kindly@db/kindly',
      authUrl: 'https://rsvp.example.com',
      production: false,
      trustProxy: true,
      redisUrl: 'rediss://cache.example.com:6380',
      email: { ...DEFAULT_EMAIL_SETTINGS, workerEnabled: false },
      webhooks: { ...DEFAULT_WEBHOOK_SETTINGS, allowedHosts: ['127.0.0.1', 'hooks.internal', '::1'], timeoutMs: 3000 },
    });
    const unset = loadConfig({ KINDLY_DATA_DIR: '/srv/kindly/data', AUTH_SECRET: 's'.repeat(40), DATABASE_URL: '', TRUST_PROXY: '0' });
    expect(unset).toMatchObject({ port: 8787, examplesPort: 8788, databaseUrl: undefined, authUrl: undefined, trustProxy: false, redisUrl: undefined, email: DEFAULT_EMAIL_SETTINGS, webhooks: DEFAULT_WEBHOOK_SETTINGS });
  });
});
