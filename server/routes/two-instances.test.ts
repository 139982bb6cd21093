import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEventFixture, eventRequest, signInGuest, type EventFixture } from '../test-support/event-fixture';
import { asHost, BASE, signIn, signOut, type HostClient } from '../in-process/host-session';
import { CookieJar } from '../in-process/cookie-jar';
import { createTwoInstances, type TestApp } from '../test-support/test-app';

/**
 * Two server instances on one database: what one instance changes, the other sees on its next
 * request, though it keeps session lookups and answers while the database is unchanged.
 */
describe('two instances on one database', () => {
  let first: TestApp;
  let second: TestApp;
  let close: () => Promise<void>;
  let f: EventFixture;
  /** The fixture's host, its requests sent to the second instance. */
  let hostOnSecond: HostClient;
  beforeEach(async () => {
    ({ first, second, close } = await createTwoInstances());
    f = await createEventFixture(first);
    hostOnSecond = asHost(second.app, f.host.jar, f.host.accountId, f.host.credentials);
  });
  afterEach(() => close());

  it('refuses a host session on one instance at once after sign-out on the other', async () => {
    const cookie = f.host.jar.header();
    const guestPath = `/occasion/${f.occasionId}/guest/${f.smith.jane}`;
    for (let i = 0; i < 2; i++) {
      expect((await f.host.request('GET', '/account')).status).toBe(200);
      expect((await f.host.request('GET', guestPath)).status).toBe(200);
    }
    expect((await signOut(second.app, f.host.jar)).status).toBe(200);
    const replay = (path: string) => first.app.request(`${BASE}/host/v1${path}`, { headers: { cookie } });
    expect((await replay('/account')).status).toBe(401);
    expect((await replay(guestPath)).status).toBe(401);
  });

  it('refuses the other sessions of an account on one instance at once after a password change on the other', async () => {
    const otherDevice = new CookieJar();
    await signIn(first.app, f.host.credentials.email, f.host.credentials.password, otherDevice);
    const onFirst = asHost(first.app, otherDevice, f.host.accountId, f.host.credentials);
    expect((await onFirst.request('GET', `/occasion/${f.occasionId}/guests`)).status).toBe(200);
    const changed = await hostOnSecond.request('PUT', '/account/password', { currentPassword: f.host.credentials.password, newPassword: 'another long passphrase' });
    expect(changed.status).toBe(204);
    expect((await onFirst.request('GET', `/occasion/${f.occasionId}/guests`)).status).toBe(401);
    expect((await f.host.request('GET', '/account')).status).toBe(200);
  });

  it('refuses a guest session on one instance at once when the host moves the guest on the other', async () => {
    const { token } = await signInGuest(first.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
    expect((await eventRequest(first.app, 'GET', '/info', { token })).status).toBe(200);
    expect((await eventRequest(first.app, 'GET', '/info', { token })).status).toBe(200);
    const moved = await hostOnSecond.request('PUT', `/occasion/${f.occasionId}/guest/${f.smith.jane}`, { householdId: f.jones.id });
    expect(moved.status).toBe(200);
    expect((await eventRequest(first.app, 'GET', '/info', { token })).status).toBe(401);
  });

  it('answers one instance’s reads with what the other wrote, never a 304 after its write', async () => {
    const listPath = `/occasion/${f.occasionId}/guests`;
    const guestPath = `/occasion/${f.occasionId}/guest/${f.smith.jane}`;
    const list = await f.host.request('GET', listPath);
    const etag = list.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await f.host.request('GET', guestPath)).status).toBe(200);
    const revalidate = () => first.app.request(`${BASE}/host/v1${listPath}`, { headers: { cookie: f.host.jar.header(), 'if-none-match': etag } });
    expect((await revalidate()).status).toBe(304);

    const renamed = await hostOnSecond.request('PUT', guestPath, { firstName: 'Janet' });
    expect(renamed.status).toBe(200);
    const after = await revalidate();
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(JSON.stringify(await after.json())).toContain('Janet');
    const guest = (await (await f.host.request('GET', guestPath)).json()) as { firstName: string };
    expect(guest.firstName).toBe('Janet');
  });
});
