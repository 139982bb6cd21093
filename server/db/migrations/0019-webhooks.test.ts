import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, changingSchema, type TestApp } from '../../test-support/test-app';
import { webhooks } from './0019-webhooks';

describe('migration 0019: webhook endpoints and deliveries', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('goes down and up again, and deliveries go with their endpoint, endpoints with their occasion', async () => {
    t = await createTestApp();
    const { db } = t.deps;
    await changingSchema(() => webhooks.down(db));
    await changingSchema(() => webhooks.up(db));
    const at = new Date().toISOString();
    await db.insertInto('account').values({ id: 'a1', email: 'a@b.co', emailKey: 'a@b.co', passwordHash: 'x', firstName: 'A', lastName: 'B', createdAt: at }).execute();
    const occasion = { accountId: 'a1', title: 'T', description: '', startDate: '2027-01-01', endDate: '2027-01-01', timezone: 'UTC', venueName: '', venueAddress: '', rsvpDeadline: null, passcode: null, allowedOrigins: '[]', contactEmail: '', createdAt: at, updatedAt: at };
    await db.insertInto('occasion').values([{ ...occasion, id: 'o1' }, { ...occasion, id: 'o2' }]).execute();
    const endpoint = { url: 'https://hooks.example.com/', events: '["rsvp.created"]', secret: 'whsec_x', previousSecret: null, previousSecretUntil: null, enabled: 1, disabledReason: null, createdAt: at, updatedAt: at };
    await db.insertInto('webhookEndpoint').values([{ ...endpoint, id: 'e1', occasionId: 'o1' }, { ...endpoint, id: 'e2', occasionId: 'o2' }]).execute();
    const delivery = { eventType: 'rsvp.created', payload: '{}', householdId: 'h1', status: 'QUEUED', attempts: 0, nextAttemptAt: at, lease: null, leaseUntil: null, lastStatus: null, lastResponse: null, createdAt: at, deliveredAt: null };
    await db.insertInto('webhookDelivery').values([{ ...delivery, id: 'd1', endpointId: 'e1' }, { ...delivery, id: 'd2', endpointId: 'e1' }, { ...delivery, id: 'd3', endpointId: 'e2' }]).execute();
    const order = await db.selectFrom('webhookDelivery').select(['id', 'seq']).orderBy('seq').execute();
    expect(order.map((row) => row.id)).toEqual(['d1', 'd2', 'd3']);
    await db.deleteFrom('occasion').where('id', '=', 'o1').execute();
    expect(await db.selectFrom('webhookEndpoint').select('id').execute()).toEqual([{ id: 'e2' }]);
    expect(await db.selectFrom('webhookDelivery').select('id').execute()).toEqual([{ id: 'd3' }]);
  });
});
