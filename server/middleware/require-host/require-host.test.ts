import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { BASE, signUpHost, type HostClient } from '../../in-process/host-session';
import { createTestApp, type TestApp } from '../../test-support/test-app';

describe('requireHost', () => {
  let t: TestApp;
  let host: HostClient;
  let occasionId: string;
  beforeEach(async () => {
    t = await createTestApp();
    host = await signUpHost(t.app);
    const created = await host.request('POST', '/occasion', { title: 'Our wedding', startDate: '2027-06-12', endDate: '2027-06-13' });
    occasionId = ((await created.json()) as { id: string }).id;
  });
  afterEach(() => t.close());

  const guests = (client: HostClient, id = occasionId) => client.request('GET', `/occasion/${id}/guests`);

  it('answers an occasion route for its owner and 404 for anyone else, as for an occasion that does not exist', async () => {
    const other = await signUpHost(t.app);
    expect((await guests(host)).status).toBe(200);
    expect((await host.request('GET', `/occasion/${occasionId}`)).status).toBe(200);
    for (const response of [await guests(other), await other.request('PUT', `/occasion/${occasionId}`, { title: 'Taken' }), await guests(host, 'NoSuchOccasi')]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such occasion.' } });
    }
    expect((await t.deps.db.selectFrom('occasion').select('title').where('id', '=', occasionId).executeTakeFirstOrThrow()).title).toBe('Our wedding');
  });

  it('refuses an occasion route without a session, and at once after the session row is gone', async () => {
    const anonymous = await t.app.request(`${BASE}/host/v1/occasion/${occasionId}/guests`);
    expect(anonymous.status).toBe(401);
    expect((await guests(host)).status).toBe(200);
    await t.deps.db.deleteFrom('hostSession').where('accountId', '=', host.accountId).execute();
    expect((await guests(host)).status).toBe(401);
  });

  it('refuses a session once its expiry has passed, on occasion routes and others', async () => {
    const readOccasion = () => host.request('GET', `/occasion/${occasionId}`);
    expect((await readOccasion()).status).toBe(200);
    expect((await host.request('GET', '/occasions')).status).toBe(200);
    const expire = (at: Date) =>
      t.deps.db.updateTable('hostSession').set({ expiresAt: at.toISOString() }).where('accountId', '=', host.accountId).execute();
    await expire(new Date(Date.now() - 1));
    expect((await readOccasion()).status).toBe(401);
    expect((await host.request('GET', '/occasions')).status).toBe(401);
    await expire(new Date(Date.now() + 60_000));
    expect((await readOccasion()).status).toBe(200);
  });

  it('follows a role moved to another account on the next request, on every instance', async () => {
    const second = createApp(t.deps);
    const other = await signUpHost(t.app);
    const onSecond = (client: HostClient) =>
      second.request(`${BASE}/host/v1/occasion/${occasionId}/guests`, { headers: { cookie: client.jar.header() } });
    expect((await guests(host)).status).toBe(200);
    expect((await onSecond(host)).status).toBe(200);
    expect((await onSecond(other)).status).toBe(404);

    await t.deps.db.updateTable('occasionRole').set({ accountId: other.accountId }).where('occasionId', '=', occasionId).execute();
    expect((await guests(host)).status).toBe(404);
    expect((await onSecond(host)).status).toBe(404);
    expect((await guests(other)).status).toBe(200);
    expect((await onSecond(other)).status).toBe(200);
  });

  it('looks up an id longer than the session lookup reads (65 characters) as any other: 404', async () => {
    const response = await guests(host, 'x'.repeat(65));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such occasion.' } });
    expect((await guests(host, 'x'.repeat(64))).status).toBe(404);
  });

  it('answers a percent-encoded occasion id as the plain one', async () => {
    const encoded = occasionId.replace(/^./, (first) => `%${first.charCodeAt(0).toString(16).toUpperCase()}`);
    const response = await host.request('GET', `/occasion/${encoded}/guests`);
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe((await guests(host)).headers.get('etag'));
  });
});
