import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_TIMEOUTS, loadConfig } from './config';

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
});
