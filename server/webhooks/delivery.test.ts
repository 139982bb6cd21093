import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { create, update } from '../routes/host/host-fixtures';
import { createEventFixture, smithsWholeReply, type EventFixture } from '../test-support/event-fixture';
import { createTestApp, createTwoInstances, type TestApp } from '../test-support/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver';
import { addEndpoint, deliveriesOf, endpointsOf, smithsReply, tomorrow, webhookDeps, workerOf } from './test-fixtures';

describe('webhook deliveries to a real receiver', () => {
  let t: TestApp;
  let f: EventFixture;
  let receiver: WebhookReceiver;
  beforeEach(async () => {
    t = await createTestApp(webhookDeps());
    f = await createEventFixture(t);
    receiver = await startWebhookReceiver();
  });
  afterEach(async () => {
    await receiver.close();
    await t.close();
  });

  it('posts a reply signed per Standard Webhooks, verified by the standardwebhooks package', async () => {
    const endpoint = await addEndpoint(f, receiver.url, ['rsvp.created']);
    await smithsReply(t, f, 'POST', smithsWholeReply(f, { message: 'See you there' }));
    expect(await workerOf(t).drain()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [hook] = receiver.received;
    const verified = new Webhook(endpoint.secret).verify(hook!.body, hook!.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
    expect(verified.type).toBe('rsvp.created');
    expect(verified.data).toMatchObject({ occasionId: f.occasionId, householdId: f.smith.id, actor: { kind: 'GUEST' } });
    expect(() => new Webhook(`whsec_${Buffer.from('another secret of 24 bytes').toString('base64')}`).verify(hook!.body, hook!.headers as Record<string, string>)).toThrow();
    const [logged] = await deliveriesOf(f, endpoint.id);
    expect(logged).toMatchObject({ id: hook!.headers['webhook-id'], eventType: 'rsvp.created', status: 'DELIVERED', attempts: 1, lastStatus: 200, lastResponse: 'thanks' });
  });

  it('tells only the events an endpoint takes, and nothing of a write that was refused', async () => {
    await addEndpoint(f, receiver.url, ['guest.updated']);
    await smithsReply(t, f, 'POST', smithsWholeReply(f));
    const refused = await f.host.request('PUT', `/occasion/${f.occasionId}/guest/${f.smith.jane}`, { firstName: '' });
    expect(refused.status).toBe(400);
    await update(f.host, `/occasion/${f.occasionId}/guest/${f.smith.jane}`, { firstName: 'Janet' });
    await workerOf(t).drain();
    expect(receiver.received.map((hook) => [hook.type, hook.data.guestId, hook.data.changes])).toEqual([['guest.updated', f.smith.jane, { firstName: ['Jane', 'Janet'] }]]);
  });

  it("tells a host's answer edits, household changes and answers to questions, each with what changed", async () => {
    await addEndpoint(f, receiver.url, ['rsvp.updated', 'household.updated', 'question.answered']);
    const base = `/occasion/${f.occasionId}`;
    const line = `${base}/invite-line/${f.smith.jose}${f.activities.ceremony}`;
    await update(f.host, line, { response: 'ATTENDING' });
    await update(f.host, `${base}/household/${f.smith.id}`, { city: 'Lisbon' });
    const question = await create<{ id: string }>(f.host, `${base}/question`, { kind: 'SHORT_TEXT', prompt: 'Which song gets you dancing?' });
    await update(f.host, `${base}/answers`, { answers: [{ questionId: question.id, guestId: f.smith.jane, value: 'Dancing Queen' }] });
    await workerOf(t).drain();
    expect(receiver.received.map((hook) => [hook.type, hook.data.householdId, hook.data.actor])).toEqual([
      ['rsvp.updated', f.smith.id, expect.objectContaining({ kind: 'HOST' })],
      ['household.updated', f.smith.id, expect.objectContaining({ kind: 'HOST' })],
      ['question.answered', f.smith.id, expect.objectContaining({ kind: 'HOST' })],
    ]);
    expect(receiver.received[0]!.data.changes).toEqual([expect.objectContaining({ entity: 'INVITE_LINE', guestId: f.smith.jose, changes: { response: ['PENDING', 'ATTENDING'] } })]);
    expect(receiver.received[1]!.data.changes).toEqual({ city: ['Springfield', 'Lisbon'] });
    expect(receiver.received[2]!.data.changes).toEqual({ 'Which song gets you dancing?': [null, 'Dancing Queen'] });
  });

  it('retries after a 500 with the same webhook-id, and keeps the log of each attempt', async () => {
    const endpoint = await addEndpoint(f, receiver.url, ['rsvp.created']);
    receiver.answerWith(500);
    await smithsReply(t, f, 'POST', smithsWholeReply(f));
    const worker = workerOf(t);
    await worker.runOnce();
    expect(await deliveriesOf(f, endpoint.id)).toMatchObject([{ status: 'QUEUED', attempts: 1, lastStatus: 500, lastResponse: 'answer 500' }]);
    // Not due again yet: the backoff holds it.
    expect(await worker.runOnce()).toBe(0);
    expect(await worker.runOnce(tomorrow())).toBe(1);
    expect(await deliveriesOf(f, endpoint.id)).toMatchObject([{ status: 'DELIVERED', attempts: 2, lastStatus: 200 }]);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
  });

  it("keeps one household's order: a change waits while the reply before it is retried", async () => {
    await addEndpoint(f, receiver.url, ['rsvp.created', 'rsvp.updated']);
    receiver.answerWith(503);
    await smithsReply(t, f, 'POST', smithsWholeReply(f));
    await smithsReply(t, f, 'PUT', smithsWholeReply(f, { joseAtCeremony: 'ATTENDING' }));
    const worker = workerOf(t);
    expect(await worker.runOnce()).toBe(1);
    // The change is queued but waits for the retried reply.
    expect(await worker.runOnce()).toBe(0);
    await worker.runOnce(tomorrow());
    await worker.runOnce(tomorrow());
    expect(receiver.received.map((hook) => hook.type)).toEqual(['rsvp.created', 'rsvp.created', 'rsvp.updated']);
    const changed = receiver.received[2]!.data.changes as Array<{ entity: string; guestId: string; changes: unknown }>;
    expect(changed).toContainEqual(expect.objectContaining({ entity: 'INVITE_LINE', guestId: f.smith.jose, changes: { response: ['DECLINED', 'ATTENDING'] } }));
  });

  it('turns an endpoint off when it answers 410, and queues nothing more for it', async () => {
    const endpoint = await addEndpoint(f, receiver.url, ['rsvp.created', 'rsvp.updated']);
    receiver.answerWith(410);
    await smithsReply(t, f, 'POST', smithsWholeReply(f));
    await workerOf(t).drain();
    const [off] = await endpointsOf(f);
    expect(off).toMatchObject({ id: endpoint.id, enabled: false, disabledReason: expect.stringContaining('410') });
    await smithsReply(t, f, 'PUT', smithsWholeReply(f, { message: 'Changed' }));
    expect(await workerOf(t).drain()).toBe(0);
    expect(receiver.received).toHaveLength(1);
    expect(await deliveriesOf(f, endpoint.id)).toMatchObject([{ status: 'FAILED', lastStatus: 410 }]);
  });

  it('signs with the old and the new secret during a rotation', async () => {
    const endpoint = await addEndpoint(f, receiver.url, ['rsvp.created']);
    const response = await f.host.request('POST', `/occasion/${f.occasionId}/webhook/${endpoint.id}/rotate-secret`);
    expect(response.status).toBe(200);
    const { secret } = (await response.json()) as { secret: string };
    expect(secret).not.toBe(endpoint.secret);
    await smithsReply(t, f, 'POST', smithsWholeReply(f));
    await workerOf(t).drain();
    const [hook] = receiver.received;
    const headers = hook!.headers as Record<string, string>;
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    for (const key of [secret, endpoint.secret]) expect((new Webhook(key).verify(hook!.body, headers) as { type: string }).type).toBe('rsvp.created');
  });
});

describe('a write that rolls back', () => {
  it('queues nothing: the events are in its transaction', async () => {
    const seenInside: string[] = [];
    const t = await createTestApp({
      ...webhookDeps(),
      duringRsvpWrite: async (trx) => {
        const rows = await trx.selectFrom('webhookDelivery').select('eventType').orderBy('seq').execute();
        seenInside.push(...rows.map((row) => row.eventType));
        throw new Error('The write is cut short here.');
      },
    });
    try {
      const f = await createEventFixture(t);
      await addEndpoint(f, 'https://hooks.example.com/kindly', ['rsvp.created', 'guest.created']);
      await expect(smithsReply(t, f, 'POST', smithsWholeReply(f, { plusOnes: [{ forGuestId: f.smith.jane, firstName: 'Pat', lastName: 'Doe' }] }))).rejects.toThrow(/rsvp: 5\d\d/);
      // Queued inside the write's transaction, and gone with it.
      expect(seenInside).toEqual(['rsvp.created', 'guest.created']);
      expect(await t.deps.db.selectFrom('rsvp').selectAll().execute()).toEqual([]);
      expect(await t.deps.db.selectFrom('webhookDelivery').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('the address guard at delivery', () => {
  let t: TestApp;
  let f: EventFixture;
  let receiver: WebhookReceiver;
  beforeEach(async () => {
    t = await createTestApp(webhookDeps({ allowedHosts: [] }));
    f = await createEventFixture(t);
    receiver = await startWebhookReceiver();
  });
  afterEach(async () => {
    await receiver.close();
    await t.close();
  });

  it('refuses a name that resolves to loopback: the delivery fails and the receiver gets nothing', async () => {
    const url = receiver.url.replace('127.0.0.1', 'localhost');
    const endpoint = await addEndpoint(f, url, ['rsvp.created']);
    await smithsReply(t, f, 'POST', smithsWholeReply(f));
    await workerOf(t).drain();
    expect(receiver.received).toEqual([]);
    expect(await deliveriesOf(f, endpoint.id)).toMatchObject([{ status: 'FAILED', attempts: 1, lastStatus: null, lastResponse: expect.stringContaining('not a public address') }]);
  });

  it('refuses 127.0.0.1 itself when the endpoint is made', async () => {
    const response = await f.host.request('POST', `/occasion/${f.occasionId}/webhooks`, { url: receiver.url, events: ['rsvp.created'] });
    expect(response.status).toBe(400);
    expect(await endpointsOf(f)).toEqual([]);
  });
});

describe('two instances on one database', () => {
  it('deliver each event once, their workers running at once', async () => {
    const { first, second, close } = await createTwoInstances(() => webhookDeps());
    const receiver = await startWebhookReceiver();
    try {
      const f = await createEventFixture(first);
      const endpoint = await addEndpoint(f, receiver.url, ['rsvp.created', 'rsvp.updated', 'guest.updated']);
      await smithsReply(first, f, 'POST', smithsWholeReply(f));
      await Promise.all(Array.from({ length: 12 }, (_, i) => update(f.host, `/occasion/${f.occasionId}/guest/${f.jones.ann}`, { notes: `note ${i}` })));
      await Promise.all(Array.from({ length: 12 }, () => f.host.request('POST', `/occasion/${f.occasionId}/webhook/${endpoint.id}/test`)));
      const one = workerOf(first);
      const other = workerOf(second);
      await Promise.all([one.drain(), other.drain(), one.drain(), other.drain()]);
      const ids = receiver.received.map((hook) => hook.headers['webhook-id']);
      expect(ids).toHaveLength(25);
      expect(new Set(ids).size).toBe(25);
      const log = await deliveriesOf(f, endpoint.id);
      expect(log.every((delivery) => delivery.status === 'DELIVERED' && delivery.attempts === 1)).toBe(true);
    } finally {
      await receiver.close();
      await close();
    }
  });
});
