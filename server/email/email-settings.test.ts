import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config-error';
import { DEFAULT_EMAIL_SETTINGS, loadEmailSettings } from './email-settings';

const pem = (key: { export(options: { type: 'pkcs8'; format: 'pem' }): string | Buffer }) => key.export({ type: 'pkcs8', format: 'pem' }).toString();
const rsa = pem(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
const dkim = { DKIM_SELECTOR: 'kindly', DKIM_DOMAIN: 'Mail.Example.com' };

describe('email settings', () => {
  it('default to the local outbox and read each variable', () => {
    expect(loadEmailSettings({})).toEqual(DEFAULT_EMAIL_SETTINGS);
    expect(DEFAULT_EMAIL_SETTINGS).toMatchObject({ newAccountDailyLimit: 50, newAccountDays: 3 });
    expect(
      loadEmailSettings({
        SMTP_URL: 'smtps://user:pw@mail.example.com:465',
        MAIL_FROM: 'Sam & Alex <rsvp@example.com>',
        EMAIL_HOURLY_LIMIT: '50',
        EMAIL_CONFIRMATION_HOURLY_LIMIT: '700',
        EMAIL_ACCOUNT_DAILY_LIMIT: '2000',
        EMAIL_NEW_ACCOUNT_DAILY_LIMIT: '20',
        EMAIL_NEW_ACCOUNT_DAYS: '0',
        EMAIL_POLL_MS: '250',
        EMAIL_RETRY_BASE_MS: '1000',
        EMAIL_MAX_ATTEMPTS: '3',
        EMAIL_LEASE_MS: '60000',
        EMAIL_WORKER: '0',
      }),
    ).toEqual({
      smtpUrl: 'smtps://user:pw@mail.example.com:465',
      mailFrom: 'Sam & Alex <rsvp@example.com>',
      hourlyLimitPerOccasion: 50,
      confirmationHourlyLimitPerOccasion: 700,
      dailyLimitPerAccount: 2000,
      newAccountDailyLimit: 20,
      newAccountDays: 0,
      dkim: undefined,
      pollMs: 250,
      retryBaseMs: 1000,
      maxAttempts: 3,
      leaseMs: 60000,
      workerEnabled: false,
    });
  });

  it('refuse a malformed value with one sentence', () => {
    expect(() => loadEmailSettings({ SMTP_URL: 'mail.example.com' })).toThrow(ConfigError);
    expect(() => loadEmailSettings({ EMAIL_HOURLY_LIMIT: '0' })).toThrow(new ConfigError('EMAIL_HOURLY_LIMIT must be a whole number of at least 1, not "0".'));
    expect(() => loadEmailSettings({ EMAIL_MAX_ATTEMPTS: '2.5' })).toThrow(ConfigError);
    expect(() => loadEmailSettings({ EMAIL_CONFIRMATION_HOURLY_LIMIT: '-5' })).toThrow(
      new ConfigError('EMAIL_CONFIRMATION_HOURLY_LIMIT must be a whole number of at least 1, not "-5".'),
    );
  });

  it('read the DKIM key with line breaks or with \\n written out, and sign for the domain in lower case', () => {
    const expected = { domainName: 'mail.example.com', keySelector: 'kindly', privateKey: rsa.trim() };
    expect(loadEmailSettings({ ...dkim, DKIM_PRIVATE_KEY: rsa }).dkim).toEqual(expected);
    expect(loadEmailSettings({ ...dkim, DKIM_PRIVATE_KEY: rsa.trim().replaceAll('\n', '\\n') }).dkim).toEqual(expected);
  });

  it('refuse a DKIM key that cannot sign, in one sentence that never repeats the key', () => {
    const refusal = (problem: string) =>
      new ConfigError(`DKIM_PRIVATE_KEY ${problem}: give the PEM text of an RSA private key of at least 1024 bits (-----BEGIN PRIVATE KEY----- …), with line breaks or \\n.`);
    const truncated = rsa.slice(0, 300);
    expect(() => loadEmailSettings({ ...dkim, DKIM_PRIVATE_KEY: truncated })).toThrow(refusal('is not a PEM private key'));
    expect(() => loadEmailSettings({ ...dkim, DKIM_PRIVATE_KEY: truncated })).toThrow(expect.objectContaining({ message: expect.not.stringContaining(truncated.slice(40, 80)) }));
    const ed25519 = pem(generateKeyPairSync('ed25519').privateKey);
    expect(() => loadEmailSettings({ ...dkim, DKIM_PRIVATE_KEY: ed25519 })).toThrow(refusal('is a key of type ed25519, and DKIM signing here takes RSA keys only'));
    const small = pem(generateKeyPairSync('rsa', { modulusLength: 512 }).privateKey);
    expect(() => loadEmailSettings({ ...dkim, DKIM_PRIVATE_KEY: small })).toThrow(refusal('is an RSA key of 512 bits, and receivers ignore signatures by keys under 1024 bits'));
    expect(() => loadEmailSettings({ DKIM_PRIVATE_KEY: rsa, DKIM_DOMAIN: 'example.com' })).toThrow(
      new ConfigError('DKIM_PRIVATE_KEY, DKIM_SELECTOR and DKIM_DOMAIN go together: set all three to sign email with DKIM, or none.'),
    );
    expect(() => loadEmailSettings({ DKIM_PRIVATE_KEY: rsa, DKIM_SELECTOR: 'kindly', DKIM_DOMAIN: 'localhost' })).toThrow(
      new ConfigError('DKIM_DOMAIN must be a domain name such as example.com, not "localhost".'),
    );
    expect(() => loadEmailSettings({ DKIM_PRIVATE_KEY: rsa, DKIM_SELECTOR: 'kindly 2026', DKIM_DOMAIN: 'example.com' })).toThrow(
      new ConfigError('DKIM_SELECTOR must be a DNS label such as kindly2026, not "kindly 2026".'),
    );
  });

  it('refuse a MAIL_FROM without an address and domain', () => {
    expect(loadEmailSettings({ MAIL_FROM: 'rsvp@example.com' }).mailFrom).toBe('rsvp@example.com');
    for (const from of ['Kindly', 'Kindly <rsvp>', 'a@example.com, b@example.com']) {
      expect(() => loadEmailSettings({ MAIL_FROM: from })).toThrow(new ConfigError('MAIL_FROM must be an address with a domain, for example Kindly <rsvp@example.com>.'));
    }
  });
});
