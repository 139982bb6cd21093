import { allTasks, type ReadableAtom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test-support/test-app';
import { appFetch, BASE_URL, newAccount, ok, seedOccasion, type AppFetch } from './app-fetch.test-helper';
import { signUpHost } from './host-auth';
import { createHostClient, type HostClient } from './host-client';
import { createHostStores, type HostStores } from './host-stores';
import { KEEP_UNUSED_MS } from './query-context';

let t: TestApp;
let net: AppFetch;
let host: HostClient;
let stores: HostStores;
const unbinds: (() => void)[] = [];

beforeEach(async () => {
  t = await createTestApp();
  net = appFetch(t);
  host = createHostClient({ baseUrl: BASE_URL, fetch: net.fetch });
  stores = createHostStores(host);
});
afterEach(async () => {
  unbinds.splice(0).forEach((unbind) => unbind());
  vi.useRealTimers();
  await t.close();
});

/** Subscribes (as a screen would) until the test ends or the returned function is called. */
function mount(store: ReadableAtom<unknown>): () => void {
  const unbind = store.listen(() => {});
  unbinds.push(unbind);
  return unbind;
}

/** Waits for key changes (nanoquery batches them with a timer) and every request they start. */
async function settle(): Promise<void> {
  await new Promise((done) => setTimeout(done, 0));
  await allTasks();
}

/** Subscribes and resolves once the store holds data or an error and is not loading. */
async function loaded(store: ReadableAtom<{ data?: unknown; error?: unknown; loading?: boolean }>): Promise<unknown> {
  mount(store);
  await allTasks();
  const value = store.get();
  expect(value.loading).toBe(false);
  return value.data;
}

describe('the host session store', () => {
  it('is not ready until the answer is in, then signed out', async () => {
    const states: unknown[] = [];
    unbinds.push(stores.$session.subscribe((state) => states.push(state)));
    expect(states).toEqual([{ ready: false, session: null }]);
    await allTasks();
    expect(stores.$session.get()).toEqual({ ready: true, session: null });
    expect(net.count('GET /host/v1/auth/session')).toBe(1);
  });

  it('sign-up sets the session without asking again; sign-out clears it and the cache', async () => {
    mount(stores.$session);
    await allTasks();
    const account = newAccount();
    const result = await stores.$signUp.mutate(account);
    expect(result.data?.user.email).toBe(account.email);
    expect(stores.$session.get()).toMatchObject({ ready: true, session: { user: { email: account.email } } });
    expect(await loaded(stores.$account)).toMatchObject({ email: account.email });

    net.calls.length = 0;
    expect(await stores.$signOut.mutate()).toEqual({ data: undefined });
    expect(stores.$session.get()).toEqual({ ready: true, session: null });
    expect(stores.$account.get().data).toBeUndefined();
    await allTasks();
    expect(net.calls).toEqual(['GET /host/v1/auth/csrf', 'POST /host/v1/auth/signout']);
  });

  it('asks for the session again when a request answers 401 (the session ended elsewhere)', async () => {
    mount(stores.$session);
    ok(await stores.$signUp.mutate(newAccount()));
    await loaded(stores.$occasions);
    await t.deps.db.deleteFrom('hostSession').execute();
    stores.$occasions.revalidate();
    await allTasks();
    await allTasks();
    expect(stores.$occasions.get().error).toMatchObject({ status: 401 });
    expect(stores.$session.get()).toEqual({ ready: true, session: null });
  });

  it('a failed sign-in leaves the session alone and reports the error in the result and the store', async () => {
    mount(stores.$session);
    mount(stores.$signIn);
    await allTasks();
    const result = await stores.$signIn.mutate({ email: 'nobody@example.com', password: 'wrong password' });
    expect(result.error).toMatchObject({ status: 401, data: { error: { code: 'INVALID_CREDENTIALS' } } });
    await allTasks();
    expect(stores.$signIn.get()).toMatchObject({ loading: false, error: result.error });
    expect(stores.$session.get()).toEqual({ ready: true, session: null });
  });
});

describe('the host cache', () => {
  beforeEach(async () => {
    ok(await signUpHost(host, newAccount()));
  });

  it('an occasion update refetches the open Occasion stores and nothing else', async () => {
    const occasion = ok(await host.createOccasion({ title: 'Wedding', startDate: '2099-06-12', endDate: '2099-06-13' }));
    await loaded(stores.$occasions);
    await loaded(stores.occasion(occasion.id));
    await loaded(stores.$account);
    net.calls.length = 0;

    const result = await stores.$updateOccasion.mutate({ occasionId: occasion.id, body: { title: 'Our wedding' } });
    expect(result.data?.title).toBe('Our wedding');
    await allTasks();
    expect(net.counts()).toEqual({
      [`PUT /host/v1/occasion/${occasion.id}`]: 1,
      'GET /host/v1/occasions': 1,
      [`GET /host/v1/occasion/${occasion.id}`]: 1,
    });
    expect(stores.$occasions.get().data?.[0]?.title).toBe('Our wedding');
  });

  it('a guest write refetches guests, the occasion (summary) and households (guestIds), nothing else', async () => {
    const { occasion, household } = await seedOccasion(host);
    const o = occasion.id;
    const $occasion = stores.occasion(o);
    const $household = stores.household(o, household.id);
    for (const store of [
      stores.$occasions,
      $occasion,
      stores.guests(o),
      stores.guestsFirstPage(o),
      stores.households(o),
      $household,
      stores.activities(o),
      stores.inviteLines(o),
      stores.attributeCategories(o),
      stores.$account,
    ]) {
      await loaded(store);
    }
    net.calls.length = 0;

    const created = await stores.$createGuest.mutate({ occasionId: o, body: { firstName: 'Tom', householdId: household.id } });
    await allTasks();
    expect(net.counts()).toEqual({
      [`POST /host/v1/occasion/${o}/guest`]: 1,
      'GET /host/v1/occasions': 1,
      [`GET /host/v1/occasion/${o}`]: 1,
      // The list and its first page (the log leaves out query strings).
      [`GET /host/v1/occasion/${o}/guests`]: 2,
      [`GET /host/v1/occasion/${o}/households`]: 1,
      [`GET /host/v1/occasion/${o}/household/${household.id}`]: 1,
    });
    expect($occasion.get().data?.summary.guests).toBe(2);
    expect(stores.guestsFirstPage(o).get().data).toEqual(stores.guests(o).get().data);
    expect($household.get().data?.guestIds).toContain(created.data!.id);
  });

  it('the invite-line bulk update also refetches guests', async () => {
    const { occasion, activity, guest } = await seedOccasion(host);
    const o = occasion.id;
    const $guest = stores.guest(o, guest.id);
    for (const store of [stores.guests(o), $guest, stores.inviteLines(o), stores.households(o), stores.activities(o)]) {
      await loaded(store);
    }
    net.calls.length = 0;
    ok(
      await stores.$updateInviteLines.mutate({
        occasionId: o,
        body: { lines: [{ guestId: guest.id, activityId: activity.id, invited: true, response: 'DECLINED' }] },
      }),
    );
    await allTasks();
    expect(net.counts()).toEqual({
      [`PUT /host/v1/occasion/${o}/invite-lines`]: 1,
      [`GET /host/v1/occasion/${o}/guests`]: 1,
      [`GET /host/v1/occasion/${o}/guest/${guest.id}`]: 1,
      [`GET /host/v1/occasion/${o}/invite-lines`]: 1,
    });
    expect($guest.get().data?.invitations[0]?.response).toBe('DECLINED');
  });

  it('a failed write marks nothing stale and resolves to the error', async () => {
    await loaded(stores.$occasions);
    net.calls.length = 0;
    const result = await stores.$updateOccasion.mutate({ occasionId: 'missing', body: { title: 'x' } });
    expect(result.error).toMatchObject({ status: 404 });
    await allTasks();
    expect(net.calls).toEqual(['PUT /host/v1/occasion/missing']);
  });

  it('shares identical requests in flight and the data between stores of one key', async () => {
    const occasion = ok(await host.createOccasion({ title: 'Wedding', startDate: '2099-06-12', endDate: '2099-06-13' }));
    net.calls.length = 0;
    const first = stores.occasion(occasion.id);
    const second = stores.occasion(occasion.id);
    mount(first);
    mount(second);
    await allTasks();
    expect(net.calls).toEqual([`GET /host/v1/occasion/${occasion.id}`]);
    expect(second.get().data).toEqual(first.get().data);
    mount(stores.occasion(occasion.id));
    await allTasks();
    expect(net.calls).toHaveLength(1);
  });

  it('follows an id atom: no request while it is null, a new key when it changes', async () => {
    const { atom } = await import('nanostores');
    const a = ok(await host.createOccasion({ title: 'A', startDate: '2099-06-12', endDate: '2099-06-13' }));
    const b = ok(await host.createOccasion({ title: 'B', startDate: '2099-06-12', endDate: '2099-06-13' }));
    const $id = atom<string | null>(null);
    const $occasion = stores.occasion($id);
    mount($occasion);
    await allTasks();
    net.calls.length = 0;
    expect($occasion.get()).toEqual({ loading: false });
    $id.set(a.id);
    await settle();
    expect($occasion.get().data?.title).toBe('A');
    $id.set(b.id);
    await settle();
    expect($occasion.get().data?.title).toBe('B');
    expect(net.calls).toEqual([`GET /host/v1/occasion/${a.id}`, `GET /host/v1/occasion/${b.id}`]);
  });

  it('keeps unused data 60 s after its last subscriber leaves, then drops it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const leave = mount(stores.$occasions);
    await allTasks();
    expect(stores.$occasions.get().data).toEqual([]);
    expect(net.count('GET /host/v1/occasions')).toBe(1);
    leave();

    vi.advanceTimersByTime(KEEP_UNUSED_MS - 1_000);
    const again = mount(stores.$occasions);
    expect(stores.$occasions.get()).toMatchObject({ loading: false, data: [] });
    await allTasks();
    expect(net.count('GET /host/v1/occasions')).toBe(1);
    again();

    vi.advanceTimersByTime(KEEP_UNUSED_MS - 1_000);
    mount(stores.$occasions)();
    vi.advanceTimersByTime(1_000);
    const kept = mount(stores.$occasions);
    expect(stores.$occasions.get().data).toEqual([]);
    kept();

    vi.advanceTimersByTime(KEEP_UNUSED_MS);
    mount(stores.$occasions);
    expect(stores.$occasions.get()).toEqual({ loading: true, promise: expect.any(Promise) });
    await allTasks();
    expect(stores.$occasions.get()).toMatchObject({ loading: false, data: [] });
    expect(net.count('GET /host/v1/occasions')).toBe(2);
  });

  it('keeps data while in use, however long', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    mount(stores.$occasions);
    await allTasks();
    vi.advanceTimersByTime(10 * KEEP_UNUSED_MS);
    mount(stores.$occasions);
    await allTasks();
    expect(net.count('GET /host/v1/occasions')).toBe(1);
  });

  it('does not keep errors: a store used again asks again', async () => {
    const $missing = stores.occasion('missing');
    const leave = mount($missing);
    await allTasks();
    expect($missing.get().error).toMatchObject({ status: 404 });
    leave();
    mount(stores.occasion('missing'));
    await allTasks();
    expect(net.count('GET /host/v1/occasion/missing')).toBe(2);
  });

  it('retryFailed asks again for every shown store that failed, and only those', async () => {
    const occasion = ok(await host.createOccasion({ title: 'Wedding', startDate: '2099-06-12', endDate: '2099-06-13' }));
    await loaded(stores.$occasions);
    net.fail = (path) => path.includes(`/occasion/${occasion.id}`);
    const $occasion = stores.occasion(occasion.id);
    const $households = stores.households(occasion.id);
    const $activities = stores.activities(occasion.id);
    for (const store of [$occasion, $households, $activities]) mount(store);
    await allTasks();
    for (const store of [$occasion, $households, $activities]) expect(store.get().error).toBeDefined();
    net.fail = undefined;
    net.calls.length = 0;

    stores.retryFailed();
    await settle();
    expect(net.counts()).toEqual({
      [`GET /host/v1/occasion/${occasion.id}`]: 1,
      [`GET /host/v1/occasion/${occasion.id}/households`]: 1,
      [`GET /host/v1/occasion/${occasion.id}/activities`]: 1,
    });
    expect($occasion.get()).toMatchObject({ data: { title: 'Wedding' }, loading: false });
    for (const store of [$occasion, $households, $activities]) expect(store.get().error).toBeUndefined();
    expect($households.get().data).toEqual([]);
  });
});
