import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { WebhookEndpointCreateSchema, WebhookEndpointUpdateSchema, webhookUrlProblem } from './webhook';

const messages = (result: v.SafeParseResult<v.GenericSchema>) => (result.issues ?? []).map((issue) => `${v.getDotPath(issue) ?? ''}: ${issue.message}`);

describe('webhook endpoint bodies', () => {
  it('takes a URL and events, dropping repeated events, on by default', () => {
    const result = v.safeParse(WebhookEndpointCreateSchema, { url: ' https://hooks.example.com/kindly ', events: ['rsvp.created', 'guest.deleted', 'rsvp.created'] });
    expect(result.output).toEqual({ url: 'https://hooks.example.com/kindly', events: ['rsvp.created', 'guest.deleted'], enabled: true });
  });

  it('refuses what cannot take webhooks, naming the field', () => {
    const cases: Array<[unknown, string]> = [
      [{ url: 'hooks.example.com', events: ['rsvp.created'] }, 'url: URL must be a full address such as https://example.com/kindly.'],
      [{ url: 'ftp://hooks.example.com', events: ['rsvp.created'] }, 'url: URL must start with https:// or http://.'],
      [{ url: 'https://me:pw@hooks.example.com', events: ['rsvp.created'] }, 'url: URL must not hold a user name or password.'],
      [{ url: `https://hooks.example.com/${'a'.repeat(2000)}`, events: ['rsvp.created'] }, 'url: URL must be at most 2,000 characters.'],
      [{ url: 'https://hooks.example.com', events: [] }, 'events: Choose at least one event.'],
      [{ url: 'https://hooks.example.com', events: ['rsvp.deleted'] }, 'events.0: Event must be rsvp.created, rsvp.updated, household.updated, guest.created, guest.updated, guest.deleted, question.answered or email.bounced.'],
      [{ url: 'https://hooks.example.com', events: ['rsvp.created'], secret: 'whsec_x' }, 'secret: Unknown field "secret".'],
    ];
    for (const [body, message] of cases) expect(messages(v.safeParse(WebhookEndpointCreateSchema, body))).toEqual([message]);
  });

  it('changes any subset', () => {
    expect(v.safeParse(WebhookEndpointUpdateSchema, {}).output).toEqual({});
    expect(v.safeParse(WebhookEndpointUpdateSchema, { enabled: false }).output).toEqual({ enabled: false });
    expect(messages(v.safeParse(WebhookEndpointUpdateSchema, { enabled: 'no' }))).toEqual(['enabled: Enabled must be true or false.']);
  });

  it('leaves addresses to the server', () => {
    expect(webhookUrlProblem('http://127.0.0.1:8080/')).toBeUndefined();
  });
});
