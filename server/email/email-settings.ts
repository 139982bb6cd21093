import * as v from 'valibot';
import { flag, parseEnv, urlWithScheme, wholeNumber } from '../env-variables';
import { DKIM_INCOMPLETE, DkimVariables, dkimComplete, dkimSettingsOf, type DkimSettings } from './dkim-settings';
import { mailFromAddress } from './mail-from';

/** How the server sends mail; each setting has its environment variable (see README). */
export interface EmailSettings {
  /** `smtp://user:pass@host:587` or `smtps://…`; undefined: the local outbox (`SMTP_URL`). */
  smtpUrl: string | undefined;
  /** The `From` of every message (`MAIL_FROM`); its domain names every `Message-ID`. */
  mailFrom: string;
  /**
   * Invitations, reminders and digests wait while the occasion sent this many messages of any
   * kind (confirmations too) in the last hour (`EMAIL_HOURLY_LIMIT`).
   */
  hourlyLimitPerOccasion: number;
  /** Most reply confirmations one occasion sends in any hour; bulk mail never holds them back (`EMAIL_CONFIRMATION_HOURLY_LIMIT`). */
  confirmationHourlyLimitPerOccasion: number;
  /** Most messages of any kind all occasions of one account send in any 24 hours (`EMAIL_ACCOUNT_DAILY_LIMIT`). */
  dailyLimitPerAccount: number;
  /** The same limit for an account in its first {@link newAccountDays} days (`EMAIL_NEW_ACCOUNT_DAILY_LIMIT`). */
  newAccountDailyLimit: number;
  /** How many days after sign-up an account counts as new (`EMAIL_NEW_ACCOUNT_DAYS`). */
  newAccountDays: number;
  /** DKIM signing of every message, or undefined (`DKIM_PRIVATE_KEY`, `DKIM_SELECTOR`, `DKIM_DOMAIN`). */
  dkim: DkimSettings | undefined;
  /** How often the worker looks for due messages (`EMAIL_POLL_MS`). */
  pollMs: number;
  /** The first retry's delay; each next one doubles it, up to six hours (`EMAIL_RETRY_BASE_MS`). */
  retryBaseMs: number;
  /** Attempts before a message is `FAILED` (`EMAIL_MAX_ATTEMPTS`). */
  maxAttempts: number;
  /** How long a claimed message stays the claimer's; past it another instance may send it (`EMAIL_LEASE_MS`). */
  leaseMs: number;
  /** Whether `npm start` runs the worker (`EMAIL_WORKER=0` turns it off). */
  workerEnabled: boolean;
}

export const DEFAULT_EMAIL_SETTINGS: EmailSettings = {
  smtpUrl: undefined,
  mailFrom: 'Kindly <no-reply@kindly.invalid>',
  hourlyLimitPerOccasion: 500,
  // Each household has at most one confirmation waiting (changes made meanwhile share it), so
  // this bounds a runaway, not a deadline day: every household of a 5,000-household guest list
  // may reply within the same hour and each hears back.
  confirmationHourlyLimitPerOccasion: 5000,
  // Twice the largest occasion's deadline day (every household of 5,000 confirmed in one day).
  dailyLimitPerAccount: 10_000,
  // A new account's first occasion is a small test of the waters, not a mailing list.
  newAccountDailyLimit: 50,
  newAccountDays: 3,
  dkim: undefined,
  pollMs: 1000,
  retryBaseMs: 30_000,
  maxAttempts: 8,
  // Longer than the SMTP time limits together (connect 10 s, greeting 10 s, socket 30 s).
  leaseMs: 120_000,
  workerEnabled: true,
};

const atLeastOne = (variable: string) => wholeNumber(variable, 'a whole number of at least 1', 1);

/**
 * The email variables, each checked with its default; their entries are part of the server's
 * one configuration schema (`server/config.ts`). A new setting is a field of
 * {@link EmailSettings} with its default, an entry here, a line in {@link emailSettingsOf} and
 * a row in README's configuration table.
 */
export const EmailVariables = v.object({
  SMTP_URL: v.optional(urlWithScheme('SMTP_URL', ['smtp:', 'smtps:'], 'smtp://user:password@mail.example.com:587')),
  MAIL_FROM: v.optional(
    v.pipe(
      v.string(),
      v.check((text) => mailFromAddress(text) !== undefined, 'MAIL_FROM must be an address with a domain, for example Kindly <rsvp@example.com>.'),
    ),
    DEFAULT_EMAIL_SETTINGS.mailFrom,
  ),
  EMAIL_HOURLY_LIMIT: v.optional(atLeastOne('EMAIL_HOURLY_LIMIT'), String(DEFAULT_EMAIL_SETTINGS.hourlyLimitPerOccasion)),
  EMAIL_CONFIRMATION_HOURLY_LIMIT: v.optional(
    atLeastOne('EMAIL_CONFIRMATION_HOURLY_LIMIT'),
    String(DEFAULT_EMAIL_SETTINGS.confirmationHourlyLimitPerOccasion),
  ),
  EMAIL_ACCOUNT_DAILY_LIMIT: v.optional(atLeastOne('EMAIL_ACCOUNT_DAILY_LIMIT'), String(DEFAULT_EMAIL_SETTINGS.dailyLimitPerAccount)),
  EMAIL_NEW_ACCOUNT_DAILY_LIMIT: v.optional(atLeastOne('EMAIL_NEW_ACCOUNT_DAILY_LIMIT'), String(DEFAULT_EMAIL_SETTINGS.newAccountDailyLimit)),
  EMAIL_NEW_ACCOUNT_DAYS: v.optional(
    wholeNumber('EMAIL_NEW_ACCOUNT_DAYS', 'a whole number of days (0: no account counts as new)', 0),
    String(DEFAULT_EMAIL_SETTINGS.newAccountDays),
  ),
  ...DkimVariables.entries,
  EMAIL_POLL_MS: v.optional(atLeastOne('EMAIL_POLL_MS'), String(DEFAULT_EMAIL_SETTINGS.pollMs)),
  EMAIL_RETRY_BASE_MS: v.optional(atLeastOne('EMAIL_RETRY_BASE_MS'), String(DEFAULT_EMAIL_SETTINGS.retryBaseMs)),
  EMAIL_MAX_ATTEMPTS: v.optional(atLeastOne('EMAIL_MAX_ATTEMPTS'), String(DEFAULT_EMAIL_SETTINGS.maxAttempts)),
  EMAIL_LEASE_MS: v.optional(atLeastOne('EMAIL_LEASE_MS'), String(DEFAULT_EMAIL_SETTINGS.leaseMs)),
  EMAIL_WORKER: v.optional(flag('EMAIL_WORKER'), '1'),
});

/** The settings the checked variables give. */
export function emailSettingsOf(env: v.InferOutput<typeof EmailVariables>): EmailSettings {
  return {
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    hourlyLimitPerOccasion: env.EMAIL_HOURLY_LIMIT,
    confirmationHourlyLimitPerOccasion: env.EMAIL_CONFIRMATION_HOURLY_LIMIT,
    dailyLimitPerAccount: env.EMAIL_ACCOUNT_DAILY_LIMIT,
    newAccountDailyLimit: env.EMAIL_NEW_ACCOUNT_DAILY_LIMIT,
    newAccountDays: env.EMAIL_NEW_ACCOUNT_DAYS,
    dkim: dkimSettingsOf(env),
    pollMs: env.EMAIL_POLL_MS,
    retryBaseMs: env.EMAIL_RETRY_BASE_MS,
    maxAttempts: env.EMAIL_MAX_ATTEMPTS,
    leaseMs: env.EMAIL_LEASE_MS,
    workerEnabled: env.EMAIL_WORKER,
  };
}

/** Reads the email settings alone from the environment; a malformed value throws a `ConfigError` with one sentence. */
export function loadEmailSettings(env: NodeJS.ProcessEnv): EmailSettings {
  return emailSettingsOf(parseEnv(EmailVariablesChecked, env));
}

/** {@link EmailVariables} and the check that spans them (the three DKIM ones go together; `config.ts` makes it too). */
const EmailVariablesChecked = v.pipe(EmailVariables, v.check((vars) => dkimComplete(vars), DKIM_INCOMPLETE));

