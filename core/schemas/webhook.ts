import * as v from 'valibot';
import { choice, flag, list } from './field';
import { strictBody } from './strict-body';
import { text } from './text';

/** What an endpoint can be told: a reply, a household, guests, answers to questions, a bounced email. */
export const WEBHOOK_EVENT_TYPES = [
  'rsvp.created',
  'rsvp.updated',
  'household.updated',
  'guest.created',
  'guest.updated',
  'guest.deleted',
  'question.answered',
  'email.bounced',
] as const;

/** One of {@link WEBHOOK_EVENT_TYPES}. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event "Send a test event" posts, whatever the endpoint takes. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** How people read each event type (the dashboard's checkboxes). */
export const WEBHOOK_EVENT_NAMES: Readonly<Record<WebhookEventType, string>> = {
  'rsvp.created': 'A household replies',
  'rsvp.updated': 'A reply changes',
  'household.updated': 'A household changes',
  'guest.created': 'A guest is added',
  'guest.updated': 'A guest changes',
  'guest.deleted': 'A guest is removed',
  'question.answered': 'A question is answered',
  'email.bounced': 'An email bounces',
};

/** Longest endpoint URL. */
const URL_MAX = 2000;

/** Why a URL cannot take webhooks, or undefined when it can (the host's address is checked by the server). */
export function webhookUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'URL must be a full address such as https://example.com/kindly.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'URL must start with https:// or http://.';
  if (url.username !== '' || url.password !== '') return 'URL must not hold a user name or password.';
  if (url.hostname === '') return 'URL must name a host.';
  return undefined;
}

const url = /* @__PURE__ */ v.pipe(
  text({ label: 'URL', min: 1, max: URL_MAX }),
  v.rawCheck(({ dataset, addIssue }) => {
    const problem = dataset.typed ? webhookUrlProblem(dataset.value) : undefined;
    if (problem) addIssue({ message: problem });
  }),
);

const events = /* @__PURE__ */ v.pipe(
  list(choice(WEBHOOK_EVENT_TYPES, 'Event'), { label: 'Events', min: 1, max: WEBHOOK_EVENT_TYPES.length * 2, tooFew: 'Choose at least one event.' }),
  v.transform((types) => [...new Set(types)]),
);

const enabled = /* @__PURE__ */ flag('Enabled');

/** The body of `POST /host/v1/occasion/{occasionId}/webhooks`: `{ url, events, enabled? }`. */
export const WebhookEndpointCreateSchema = /* @__PURE__ */ strictBody({ url, events, enabled: v.optional(enabled, true) });

/** A valid new endpoint. */
export type WebhookEndpointCreate = v.InferOutput<typeof WebhookEndpointCreateSchema>;

/** The body of `PUT /host/v1/occasion/{occasionId}/webhook/{webhookId}`: any of `url`, `events`, `enabled`. */
export const WebhookEndpointUpdateSchema = /* @__PURE__ */ strictBody({ url: v.optional(url), events: v.optional(events), enabled: v.optional(enabled) });

/** A valid endpoint change. */
export type WebhookEndpointUpdate = v.InferOutput<typeof WebhookEndpointUpdateSchema>;

/** An endpoint as the API answers it; its secrets are shown only when made. */
export interface WebhookEndpoint extends Omit<WebhookEndpointCreate, 'events'> {
  id: string;
  occasionId: string;
  events: WebhookEventType[];
  /** Why the server turned it off (it answered 410 Gone), or null. */
  disabledReason: string | null;
  /** Until when the secret a rotation replaced still signs, or null. */
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** An endpoint with its new secret: the answer of creating one and of rotating its secret, the only time the secret is shown. */
export interface WebhookEndpointWithSecret extends WebhookEndpoint {
  /** `whsec_…`, the key of the `webhook-signature` header (Standard Webhooks). */
  secret: string;
}

/** Where a delivery stands. */
export type WebhookDeliveryStatus = 'QUEUED' | 'SENDING' | 'DELIVERED' | 'FAILED';

/** One entry of an endpoint's delivery log. */
export interface WebhookDelivery {
  /** Also the `webhook-id` header: the same on every attempt. */
  id: string;
  eventType: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: string;
  /** The last answer's HTTP status, or null (no answer yet, or a network error). */
  lastStatus: number | null;
  /** The last answer's first 500 characters, or what went wrong. */
  lastResponse: string | null;
  createdAt: string;
  deliveredAt: string | null;
}
