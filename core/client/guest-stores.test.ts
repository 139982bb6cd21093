import { allTasks, type ReadableAtom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test-support/test-app';
import { appFetch, BASE_URL, newAccount, ok, seedOccasion, type AppFetch, type Seeded } from './app-fetch.test-helper';
import { createGuestClient } from './guest-client';
import { createGuestStores, type GuestStores } from './guest-stores';
import { signUpHost } from './host-auth';
import { createHostClient } from './host-client';

let t: TestApp;
let seeded: Seeded;
let net: AppFetch;
let stores: GuestStores;
const unbinds: (() => void)[] = [];

beforeEach(async () => {
  t = await createTestApp();
  const host = createHostClient({ baseUrl: BASE_URL, fetch: appFetch(t).fetch });
  ok(await signUpHost(host, newAccount()));
  seeded = await seedOccasion(host);
  net = appFetch(t);
  stores = createGuestStores(createGuestClient({ baseUrl: BASE_URL, fetch: net.fetch }), seeded.occasion.id);
});
afterEach(async () => {
  unbinds.splice(0).forEach((unbind) => unbind());
  vi.useRealTimers();
  await t.close();
});

function mount(store: ReadableAtom<unknown>): () => void {
  const unbind = store.listen(() => {});
  unbinds.push(unbind);
  return unbind;
}

/** Waits for key changes (batched by nanoquery with a timer) and every request they start. */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await new Promise((done) => setTimeout(done, 0));
    await allTasks();
  }
}

const signIn = () => stores.$signIn.mutate({ inviteCode: seeded.household.inviteCode });

describe('the guest stores', () => {
  it('ask for the session once, and ask for nothing else while signed out', async () => {
    const states: unknown[] = [];
    unbinds.push(stores.$session.subscribe((state) => states.push(state)));
    [stores.$info, stores.$household, stores.$rsvp].forEach(mount);
    expect(stores.$session.get()).toEqual({ ready: false, session: null });
    await settle();
    expect(stores.$session.get()).toEqual({ ready: true, session: null });
    expect(stores.$info.get()).toEqual({ loading: false });
    expect(net.calls).toEqual([`GET /event/v1/auth/session/${seeded.occasion.id}`]);
  });

  it('sign-in sets the session and holds the household data of its answer, asking nothing more; sign-out clears it all', async () => {
    [stores.$session, stores.$info, stores.$household, stores.$rsvp].forEach(mount);
    await settle();
    net.calls.length = 0;
    const result = ok(await signIn());
    expect(result.guest.id).toBe(seeded.guest.id);
    expect(stores.$session.get()).toMatchObject({ ready: true, session: { guest: { id: seeded.guest.id } } });
    expect(stores.$session.get().session).not.toHaveProperty('token');
    expect(stores.$session.get().session).not.toHaveProperty('info');
    // There as soon as the sign-in resolves, the very objects of its answer.
    expect(stores.$info.get()).toEqual({ loading: false, data: result.info });
    expect(stores.$household.get()).toEqual({ loading: false, data: result.household });
    expect(stores.$rsvp.get()).toEqual({ loading: false, data: null });
    expect(stores.$info.get().data?.occasion.id).toBe(seeded.occasion.id);
    expect(stores.$household.get().data?.guests).toHaveLength(1);
    await settle();
    expect(net.calls).toEqual(['POST /event/v1/auth/credentials']);

    net.calls.length = 0;
    expect(await stores.$signOut.mutate()).toEqual({ data: undefined });
    await settle();
    expect(stores.$session.get()).toEqual({ ready: true, session: null });
    expect(stores.$info.get().data).toBeUndefined();
    expect(stores.$household.get().data).toBeUndefined();
    expect(net.calls).toEqual(['POST /event/v1/auth/signout']);
  });

  it('a sign-in before anything listens: what subscribes later asks for nothing, not even the session', async () => {
    const result = ok(await signIn());
    [stores.$session, stores.$info, stores.$household, stores.$rsvp].forEach(mount);
    await settle();
    expect(net.calls).toEqual(['POST /event/v1/auth/credentials']);
    expect(stores.$session.get().session?.guest.id).toBe(seeded.guest.id);
    expect(stores.$info.get().data).toBe(result.info);
    expect(stores.$household.get().data).toBe(result.household);
    expect(stores.$rsvp.get()).toEqual({ loading: false, data: null });
  });

  it('forgets seeded data nobody used 60 s after the sign-in, then asks for it', async () => {
    mount(stores.$session);
    await settle();
    // Fake timers that still follow real time, so the API's 150 ms sign-in floor passes.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    ok(await signIn());
    // (Not read meanwhile: reading a store nobody listens to counts as a use.)
    vi.advanceTimersByTime(61_000);
    net.calls.length = 0;
    mount(stores.$household);
    expect(stores.$household.get()).toEqual({ loading: true });
    await vi.waitFor(() => expect(stores.$household.get().data?.guests).toHaveLength(1));
    expect(net.calls).toEqual(['GET /event/v1/household']);
  });

  it('an RSVP refetches the RSVP and the household (plus-ones), not the info', async () => {
    [stores.$session, stores.$info, stores.$household, stores.$rsvp].forEach(mount);
    ok(await signIn());
    await settle();
    net.calls.length = 0;
    const rsvp = await stores.$createRsvp.mutate({
      responses: [{ guestId: seeded.guest.id, activityId: seeded.activity.id, response: 'ATTENDING', mealChoice: 'veg' }],
      plusOnes: [{ forGuestId: seeded.guest.id, firstName: 'Sam', lastName: 'Smith' }],
    });
    expect(rsvp.error).toBeUndefined();
    await settle();
    expect(net.counts()).toEqual({ 'POST /event/v1/rsvp': 1, 'GET /event/v1/rsvp': 1, 'GET /event/v1/household': 1 });
    expect(stores.$rsvp.get().data?.responses[0]?.mealChoice).toBe('veg');
    expect(stores.$household.get().data?.guests).toHaveLength(2);
  });

  it('a household correction refetches the household only', async () => {
    [stores.$session, stores.$info, stores.$household, stores.$rsvp].forEach(mount);
    ok(await signIn());
    await settle();
    net.calls.length = 0;
    ok(await stores.$updateHousehold.mutate({ city: 'Boston' }));
    await settle();
    expect(net.counts()).toEqual({ 'PUT /event/v1/household': 1, 'GET /event/v1/household': 1 });
    expect(stores.$household.get().data?.city).toBe('Boston');
  });

  it('a failed sign-in keeps the guest signed out', async () => {
    mount(stores.$session);
    await settle();
    const result = await stores.$signIn.mutate({ inviteCode: 'AAAA-BBBB-CCCC' });
    expect(result.error).toMatchObject({ status: 401, data: { error: { code: 'INVALID_CREDENTIALS' } } });
    expect(stores.$session.get()).toEqual({ ready: true, session: null });
  });

  it('shares one request between subscribers, and asks once more when marked stale meanwhile', async () => {
    mount(stores.$session);
    ok(await signIn());
    net.calls.length = 0;
    mount(stores.$info);
    mount(stores.$info);
    stores.markStale(['EventInfo']);
    stores.markStale(['EventInfo']);
    await settle();
    expect(net.calls).toEqual(['GET /event/v1/info', 'GET /event/v1/info']);
    expect(stores.$info.get()).toMatchObject({ loading: false, data: { occasion: { id: seeded.occasion.id } } });
  });

  it('asks a stale store again only when it is next used', async () => {
    mount(stores.$session);
    ok(await signIn());
    const leave = mount(stores.$household);
    await settle();
    leave();
    net.calls.length = 0;
    stores.markStale(['EventHousehold', 'Rsvp']);
    await settle();
    expect(net.calls).toEqual([]);
    mount(stores.$household);
    await settle();
    expect(net.calls).toEqual(['GET /event/v1/household']);
  });

  it('keeps unused data 60 s after its last subscriber leaves, then drops it', async () => {
    mount(stores.$session);
    const leave = mount(stores.$info);
    ok(await signIn());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    expect(stores.$info.get()).toMatchObject({ loading: false, data: { occasion: { title: 'Wedding' } } });
    leave();
    vi.advanceTimersByTime(59_000);
    const again = mount(stores.$info);
    expect(stores.$info.get()).toMatchObject({ loading: false, data: { occasion: { title: 'Wedding' } } });
    again();
    vi.advanceTimersByTime(60_000);
    expect(net.count('GET /event/v1/info')).toBe(0);
    mount(stores.$info);
    expect(stores.$info.get()).toEqual({ loading: true });
    await vi.waitFor(() => expect(stores.$info.get().loading).toBe(false));
    expect(net.count('GET /event/v1/info')).toBe(1);
  });

  it('does not keep errors, and drops an answer meant for the previous guest', async () => {
    mount(stores.$session);
    ok(await signIn());
    // The session ends on the server: the next request fails.
    await t.deps.db.deleteFrom('guestSession').execute();
    const leave = mount(stores.$rsvp);
    stores.markStale(['Rsvp']); // the sign-in's own copy is fresh: ask now
    await settle();
    expect(stores.$rsvp.get().error).toMatchObject({ status: 401 });
    leave();
    mount(stores.$rsvp);
    await settle();
    expect(net.count('GET /event/v1/rsvp')).toBe(2);

    mount(stores.$household);
    stores.markStale(['EventHousehold']);
    await stores.$signOut.mutate();
    await settle();
    expect(stores.$household.get()).toEqual({ loading: false });
  });
});
