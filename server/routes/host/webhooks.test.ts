import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '../../../core/schemas/webhook';
import { signUpHost } from '../../in-process/host-session';
import { createEventFixture, type EventFixture } from '../../test-support/event-fixture';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { ROTATION_OVERLAP_MS } from '../../webhooks/endpoints';
import { webhookDeps } from '../../webhooks/test-fixtures';
import { create, expectBadBodiesRefused, expectError, expectHiddenFrom, issuePaths, read, remove, update } from './host-fixtures';
import { addPerson } from './people-fixtures';

const HOOK_URL = 'https://hooks.example.com/kindly';

describe('webhook endpoints', () => {
  let t: TestApp;
  let f: EventFixture;
  let base: string;
  beforeEach(async () => {
    t = await createTestApp(webhookDeps());
    f = await createEventFixture(t);
    base = `/occasion/${f.occasionId}`;
  });
  afterEach(() => t.close());

  it('shows the secret once, when made; the list never does', async () => {
    const made = await create<WebhookEndpointWithSecret>(f.host, `${base}/webhooks`, { url: HOOK_URL, events: ['rsvp.created', 'rsvp.created', 'guest.deleted'] });
    expect(made).toMatchObject({ url: HOOK_URL, events: ['rsvp.created', 'guest.deleted'], enabled: true, disabledReason: null, previousSecretExpiresAt: null });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const listed = await read<WebhookEndpoint[]>(f.host, `${base}/webhooks`);
    const { secret: _secret, ...endpoint } = made;
    expect(listed).toEqual([endpoint]);
    expect(JSON.stringify(listed)).not.toContain(made.secret);
  });

  it('refuses a bad URL or event list with 400 and stores nothing', async () => {
    const before = await snapshotDatabase(t.deps.db);
    const refused: Array<[unknown, string]> = [
      [{ url: 'not a url', events: ['rsvp.created'] }, 'url'],
      [{ url: 'ftp://hooks.example.com/', events: ['rsvp.created'] }, 'url'],
      [{ url: 'https://user:pw@hooks.example.com/', events: ['rsvp.created'] }, 'url'],
      [{ url: 'http://10.0.0.7/hook', events: ['rsvp.created'] }, 'url'],
      [{ url: 'http://169.254.169.254/latest/meta-data', events: ['rsvp.created'] }, 'url'],
      [{ url: 'http://[fd00:ec2::254]/', events: ['rsvp.created'] }, 'url'],
      [{ url: 'http://[::ffff:127.0.0.1]/', events: ['rsvp.created'] }, 'url'],
      [{ url: 'http://0.0.0.0:8080/', events: ['rsvp.created'] }, 'url'],
      [{ url: 'http://100.64.0.1/', events: ['rsvp.created'] }, 'url'],
      [{ url: HOOK_URL, events: [] }, 'events'],
      [{ url: HOOK_URL, events: ['rsvp.deleted'] }, 'events.0'],
      [{ url: HOOK_URL }, 'events'],
    ];
    for (const [body, path] of refused) expect(await issuePaths(f.host, 'POST', `${base}/webhooks`, body)).toEqual([path]);
    await expectBadBodiesRefused(t, f.host, 'POST', `${base}/webhooks`, { url: HOOK_URL, events: ['rsvp.created'] }, ['id', 'secret', 'createdAt', 'disabledReason']);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('changes the URL, events and switch; turning it on clears why it was off; a bad change changes nothing', async () => {
    const made = await create<WebhookEndpointWithSecret>(f.host, `${base}/webhooks`, { url: HOOK_URL, events: ['rsvp.created'] });
    await t.deps.db.updateTable('webhookEndpoint').set({ enabled: 0, disabledReason: 'The endpoint answered 410 Gone.' }).execute();
    const path = `${base}/webhook/${made.id}`;
    expect(await issuePaths(f.host, 'PUT', path, { url: 'http://127.0.0.2/' })).toEqual(['url']);
    expect(await issuePaths(f.host, 'PUT', path, { events: ['nope'] })).toEqual(['events.0']);
    const changed = await update<WebhookEndpoint>(f.host, path, { events: ['guest.created'], enabled: true });
    expect(changed).toMatchObject({ url: HOOK_URL, events: ['guest.created'], enabled: true, disabledReason: null });
    expect(await read<WebhookEndpoint[]>(f.host, `${base}/webhooks`)).toEqual([changed]);
  });

  it('rotates the secret: a new one, the old one kept for a day', async () => {
    const made = await create<WebhookEndpointWithSecret>(f.host, `${base}/webhooks`, { url: HOOK_URL, events: ['rsvp.created'] });
    const response = await f.host.request('POST', `${base}/webhook/${made.id}/rotate-secret`);
    const rotated = (await response.json()) as WebhookEndpointWithSecret;
    expect(response.status).toBe(200);
    expect(rotated.secret).not.toBe(made.secret);
    const overlap = Date.parse(rotated.previousSecretExpiresAt!) - Date.parse(rotated.updatedAt);
    expect(overlap).toBe(ROTATION_OVERLAP_MS);
    const row = await t.deps.db.selectFrom('webhookEndpoint').select(['secret', 'previousSecret']).executeTakeFirstOrThrow();
    expect(row).toEqual({ secret: rotated.secret, previousSecret: made.secret });
  });

  it('queues a test event and shows it in the delivery log; deleting the endpoint deletes its log', async () => {
    const made = await create<WebhookEndpointWithSecret>(f.host, `${base}/webhooks`, { url: HOOK_URL, events: ['rsvp.created'] });
    const response = await f.host.request('POST', `${base}/webhook/${made.id}/test`);
    expect(response.status).toBe(202);
    const queued = (await response.json()) as WebhookDelivery;
    expect(queued).toMatchObject({ eventType: 'webhook.test', status: 'QUEUED', attempts: 0, lastStatus: null });
    expect(await read<WebhookDelivery[]>(f.host, `${base}/webhook/${made.id}/deliveries`)).toEqual([queued]);
    await remove(f.host, `${base}/webhook/${made.id}`);
    expect(await read<WebhookEndpoint[]>(f.host, `${base}/webhooks`)).toEqual([]);
    expect(await t.deps.db.selectFrom('webhookDelivery').selectAll().execute()).toEqual([]);
    await expectError(f.host, 'GET', `${base}/webhook/${made.id}/deliveries`, undefined, 404, 'NOT_FOUND');
  });

  it("is an owner's: an editor reads but cannot change; another account sees nothing", async () => {
    const made = await create<WebhookEndpointWithSecret>(f.host, `${base}/webhooks`, { url: HOOK_URL, events: ['rsvp.created'] });
    const editor = await addPerson(t, f.host, f.occasionId, 'editor');
    expect(await read<WebhookEndpoint[]>(editor, `${base}/webhooks`)).toHaveLength(1);
    await expectError(editor, 'POST', `${base}/webhooks`, { url: HOOK_URL, events: ['rsvp.created'] }, 403, 'FORBIDDEN');
    await expectError(editor, 'POST', `${base}/webhook/${made.id}/rotate-secret`, undefined, 403, 'FORBIDDEN');
    const other = await signUpHost(t.app);
    await expectHiddenFrom(t, other, [
      ['GET', `${base}/webhooks`],
      ['PUT', `${base}/webhook/${made.id}`, { enabled: false }],
      ['DELETE', `${base}/webhook/${made.id}`],
      ['GET', `${base}/webhook/${made.id}/deliveries`],
    ]);
  });
});
