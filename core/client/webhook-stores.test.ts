import { allTasks } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { ok, seedOccasion, signedInHostEachTest } from './app-fetch.test-helper';

const h = signedInHostEachTest();

const settle = async () => {
  await new Promise((done) => setTimeout(done, 0));
  await allTasks();
};

describe('webhooks in the host client and stores', () => {
  it('adds, tests, logs, rotates, turns off and deletes, with the stores following', async () => {
    const { occasion } = await seedOccasion(h.host);
    const webhooks = h.stores.webhooks(occasion.id);
    h.unbinds.push(webhooks.listen(() => {}));
    await settle();
    expect(webhooks.get().data).toEqual([]);

    const made = ok(await h.stores.$createWebhook.mutate({ occasionId: occasion.id, body: { url: 'https://hooks.example.com/kindly', events: ['rsvp.created'] } }));
    await settle();
    const { secret, ...listed } = made;
    expect(secret).toMatch(/^whsec_/);
    expect(webhooks.get().data).toEqual([listed]);

    const ids = { occasionId: occasion.id, webhookId: made.id };
    const log = h.stores.webhookDeliveries(occasion.id, made.id);
    h.unbinds.push(log.listen(() => {}));
    await settle();
    expect(log.get().data).toEqual([]);
    const queued = ok(await h.stores.$sendWebhookTest.mutate(ids));
    await settle();
    expect(log.get().data).toEqual([queued]);

    const rotated = ok(await h.stores.$rotateWebhookSecret.mutate(ids));
    expect(rotated.secret).not.toBe(secret);
    ok(await h.stores.$updateWebhook.mutate({ ...ids, body: { enabled: false } }));
    await settle();
    expect(webhooks.get().data).toMatchObject([{ id: made.id, enabled: false, previousSecretExpiresAt: rotated.previousSecretExpiresAt }]);

    const refused = await h.host.createWebhook(occasion.id, { url: 'http://192.168.1.10/', events: ['rsvp.created'] });
    expect(refused.error).toMatchObject({ status: 400, data: { error: { code: 'VALIDATION_FAILED', issues: [{ path: 'url' }] } } });

    ok(await h.stores.$deleteWebhook.mutate(ids));
    await settle();
    expect(webhooks.get().data).toEqual([]);
  });
});
