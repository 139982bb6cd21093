import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
});
