import { ConfigError } from '../config';

/** How the server sends mail; each setting has its environment variable (see README). */
export interface EmailSettings {
  /** `smtp://user:pass@host:587` or `smtps://…`; undefined: the local outbox (`SMTP_URL`). */
  smtpUrl: string | undefined;
  /** The `From` of every message (`MAIL_FROM`). */
  mailFrom: string;
  /** Most invitations, reminders and digests one occasion sends in any hour; the rest wait (`EMAIL_HOURLY_LIMIT`). */
  hourlyLimitPerOccasion: number;
  /** Most reply confirmations one occasion sends in any hour, counted apart (`EMAIL_CONFIRMATION_HOURLY_LIMIT`). */
  confirmationHourlyLimitPerOccasion: number;
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
  pollMs: 1000,
  retryBaseMs: 30_000,
  maxAttempts: 8,
  // Longer than the SMTP time limits together (connect 10 s, greeting 10 s, socket 30 s).
  leaseMs: 120_000,
  workerEnabled: true,
};

const NUMBER_VARIABLES = {
  hourlyLimitPerOccasion: 'EMAIL_HOURLY_LIMIT',
  confirmationHourlyLimitPerOccasion: 'EMAIL_CONFIRMATION_HOURLY_LIMIT',
  pollMs: 'EMAIL_POLL_MS',
  retryBaseMs: 'EMAIL_RETRY_BASE_MS',
  maxAttempts: 'EMAIL_MAX_ATTEMPTS',
  leaseMs: 'EMAIL_LEASE_MS',
} as const;

/** Reads the email settings from the environment; a malformed value stops the start with one sentence. */
export function loadEmailSettings(env: NodeJS.ProcessEnv): EmailSettings {
  const settings: EmailSettings = {
    ...DEFAULT_EMAIL_SETTINGS,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || DEFAULT_EMAIL_SETTINGS.mailFrom,
    workerEnabled: env.EMAIL_WORKER !== '0',
  };
  if (settings.smtpUrl && !/^smtps?:\/\//i.test(settings.smtpUrl)) {
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://, for example smtp://user:password@mail.example.com:587.');
  }
  for (const [key, variable] of Object.entries(NUMBER_VARIABLES) as Array<[keyof typeof NUMBER_VARIABLES, string]>) {
    const text = env[variable];
    if (text === undefined || text === '') continue;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) throw new ConfigError(`${variable} must be a whole number of at least 1, not "${text}".`);
    settings[key] = value;
  }
  return settings;
}
