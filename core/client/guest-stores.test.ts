import { allTasks, type ReadableAtom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
  await t.close();
});

function mount(store: ReadableAtom<unknown>): void {
  unbinds.push(store.listen(() => {}));
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

  it('sign-in sets the session and loads the household data; sign-out clears it all', async () => {
    [stores.$session, stores.$info, stores.$household, stores.$rsvp].forEach(mount);
    await settle();
    const result = await signIn();
    expect(result.data?.guest.id).toBe(seeded.guest.id);
    expect(stores.$session.get()).toMatchObject({ ready: true, session: { guest: { id: seeded.guest.id } } });
    expect(stores.$session.get().session).not.toHaveProperty('token');
    await settle();
    expect(stores.$info.get().data?.occasion.id).toBe(seeded.occasion.id);
    expect(stores.$household.get().data?.guests).toHaveLength(1);
    expect(stores.$rsvp.get().error).toMatchObject({ status: 404 });
    expect(net.count(`GET /event/v1/auth/session/${seeded.occasion.id}`)).toBe(1);

    net.calls.length = 0;
    expect(await stores.$signOut.mutate()).toEqual({ data: undefined });
    await settle();
    expect(stores.$session.get()).toEqual({ ready: true, session: null });
    expect(stores.$info.get().data).toBeUndefined();
    expect(stores.$household.get().data).toBeUndefined();
    expect(net.calls).toEqual(['POST /event/v1/auth/signout']);
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
});
