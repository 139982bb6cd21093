import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '../../core/schemas/webhook';
import { create, read } from '../routes/host/host-fixtures';
import { eventRequest, signInGuest, WIDGET_ORIGIN, type EventFixture } from '../test-support/event-fixture';
import { testConfig, type TestApp } from '../test-support/test-app';
import type { AppDeps } from '../app-env';
import { DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings } from './webhook-settings';
import { WebhookWorker } from './worker';

/** An app whose webhooks may go to 127.0.0.1 (the tests' receiver), unless `allowedHosts` says otherwise. */
export function webhookDeps(settings: Partial<WebhookSettings> = {}): Partial<AppDeps> {
  return { config: { ...testConfig, webhooks: { ...DEFAULT_WEBHOOK_SETTINGS, allowedHosts: ['127.0.0.1'], timeoutMs: 5000, ...settings } } };
}

/** A worker on the app's database and settings; what it reports goes to the app's logs when it has them. */
export function workerOf(t: Pick<TestApp, 'deps'> & { logs?: string[] }): WebhookWorker {
  return new WebhookWorker({ db: t.deps.db, dbKind: t.deps.dbKind, settings: t.deps.config.webhooks ?? DEFAULT_WEBHOOK_SETTINGS, log: (line) => t.logs?.push(line) });
}

/** A day from now: every retry is due by then. */
export const tomorrow = (): Date => new Date(Date.now() + 86_400_000);

export const addEndpoint = (f: EventFixture, url: string, events: string[]): Promise<WebhookEndpointWithSecret> =>
  create<WebhookEndpointWithSecret>(f.host, `/occasion/${f.occasionId}/webhooks`, { url, events });

export const endpointsOf = (f: EventFixture): Promise<WebhookEndpoint[]> => read<WebhookEndpoint[]>(f.host, `/occasion/${f.occasionId}/webhooks`);

export const deliveriesOf = (f: EventFixture, endpointId: string): Promise<WebhookDelivery[]> =>
  read<WebhookDelivery[]>(f.host, `/occasion/${f.occasionId}/webhook/${endpointId}/deliveries`);

/** The Smiths reply (`POST`) or change their reply (`PUT`) through the widget's API; throws unless it succeeds. */
export async function smithsReply(t: TestApp, f: EventFixture, method: 'POST' | 'PUT', body: unknown): Promise<void> {
  const { token } = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
  const response = await eventRequest(t.app, method, '/rsvp', { token, origin: WIDGET_ORIGIN, body });
  if (response.status >= 300) throw new Error(`rsvp: ${response.status} ${await response.text()}`);
}

export { WIDGET_ORIGIN };
