import * as v from 'valibot';
import { flag, wholeNumber } from '../env-variables';

/** How the server delivers webhooks; each setting has its environment variable (docs/api/webhooks.md). */
export interface WebhookSettings {
  /** Whether `npm start` runs the webhook worker (`WEBHOOK_WORKER=0` turns it off). */
  workerEnabled: boolean;
  /**
   * Host names and IP addresses exempt from the address guard (`WEBHOOK_ALLOWED_HOSTS`, comma
   * separated, lower case): a receiver on this machine or the private network, named on purpose.
   */
  allowedHosts: readonly string[];
  /** How long one delivery may take, connecting included (`WEBHOOK_TIMEOUT_MS`). */
  timeoutMs: number;
  /** How often the worker looks for due deliveries (`WEBHOOK_POLL_MS`). */
  pollMs: number;
  /** The first retry's delay; each next one doubles it, up to six hours (`WEBHOOK_RETRY_BASE_MS`). */
  retryBaseMs: number;
  /** Attempts before a delivery is `FAILED` (`WEBHOOK_MAX_ATTEMPTS`). */
  maxAttempts: number;
}

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  workerEnabled: true,
  allowedHosts: [],
  timeoutMs: 10_000,
  pollMs: 1000,
  // 30 s, 1, 2, 4, 8, 16, 32, 64 min, 2 h 8 min: the tenth attempt comes about 4 h 15 min after the first.
  retryBaseMs: 30_000,
  maxAttempts: 10,
};

const atLeastOne = (variable: string) => wholeNumber(variable, 'a whole number of at least 1', 1);

/** A host name or an IP address, as `WEBHOOK_ALLOWED_HOSTS` lists them. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[?[0-9a-f:.]+\]?)$/;

const hostList = v.pipe(
  v.string(),
  v.transform((text) => text.split(',').map((host) => host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1')).filter((host) => host !== '')),
  v.check(
    (hosts) => hosts.every((host) => HOST.test(host)),
    'WEBHOOK_ALLOWED_HOSTS must be host names or IP addresses separated by commas, for example 127.0.0.1,localhost,hooks.internal.',
  ),
);

/** The webhook variables, checked with their defaults. */
export const WebhookVariables = v.object({
  WEBHOOK_WORKER: v.optional(flag('WEBHOOK_WORKER'), '1'),
  WEBHOOK_ALLOWED_HOSTS: v.optional(hostList, ''),
  WEBHOOK_TIMEOUT_MS: v.optional(atLeastOne('WEBHOOK_TIMEOUT_MS'), String(DEFAULT_WEBHOOK_SETTINGS.timeoutMs)),
  WEBHOOK_POLL_MS: v.optional(atLeastOne('WEBHOOK_POLL_MS'), String(DEFAULT_WEBHOOK_SETTINGS.pollMs)),
  WEBHOOK_RETRY_BASE_MS: v.optional(atLeastOne('WEBHOOK_RETRY_BASE_MS'), String(DEFAULT_WEBHOOK_SETTINGS.retryBaseMs)),
  WEBHOOK_MAX_ATTEMPTS: v.optional(atLeastOne('WEBHOOK_MAX_ATTEMPTS'), String(DEFAULT_WEBHOOK_SETTINGS.maxAttempts)),
});

/** The settings the checked variables give. */
export function webhookSettingsOf(env: v.InferOutput<typeof WebhookVariables>): WebhookSettings {
  return {
    workerEnabled: env.WEBHOOK_WORKER,
    allowedHosts: env.WEBHOOK_ALLOWED_HOSTS,
    timeoutMs: env.WEBHOOK_TIMEOUT_MS,
    pollMs: env.WEBHOOK_POLL_MS,
    retryBaseMs: env.WEBHOOK_RETRY_BASE_MS,
    maxAttempts: env.WEBHOOK_MAX_ATTEMPTS,
  };
}
