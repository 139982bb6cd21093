import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config-error';
import { DEFAULT_EMAIL_SETTINGS, loadEmailSettings } from './email-settings';

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
});
