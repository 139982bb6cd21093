import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test-support/test-app';
import { appFetch, BASE_URL, newAccount, ok, seedOccasion, type Seeded } from './app-fetch.test-helper';
import { signUpHost } from './host-auth';
import { createHostClient, type HostClient } from './host-client';
import { createHostStores } from './host-stores';
import { createGuestClient, type GuestClient } from './guest-client';

let t: TestApp;
let host: HostClient;
let guest: GuestClient;
let seeded: Seeded;

beforeEach(async () => {
  t = await createTestApp();
  host = createHostClient({ baseUrl: BASE_URL, fetch: appFetch(t).fetch });
  ok(await signUpHost(host, newAccount()));
  seeded = await seedOccasion(host);
  guest = createGuestClient({ baseUrl: BASE_URL, fetch: appFetch(t).fetch });
});
afterEach(() => t.close());

describe("guests' data through both clients", () => {
  it('reads and writes the privacy note, downloads the household, and asks for and confirms erasure', async () => {
    const occasionId = seeded.occasion.id;
    expect(ok(await guest.getPrivacyNote(occasionId))).toMatchObject({ occasionTitle: 'Wedding', isDefault: true });
    expect(ok(await host.updatePrivacyNote(occasionId, { privacyNote: 'Ours.' })).privacyNote).toBe('Ours.');
    expect(ok(await host.getPrivacyNote(occasionId)).privacyNote).toBe('Ours.');
    expect(ok(await guest.getPrivacyNote(occasionId))).toEqual({ occasionTitle: 'Wedding', note: 'Ours.', isDefault: false });

    ok(await guest.signIn({ occasionId, inviteCode: seeded.household.inviteCode }));
    const data = ok(await guest.getHouseholdData());
    expect(data.household.id).toBe(seeded.household.id);
    expect(data.guests.map((g) => g.id)).toEqual([seeded.guest.id]);

    const request = ok(await guest.requestErasure({ message: 'Please.' }));
    expect(ok(await guest.requestErasure({})).id).toBe(request.id);
    expect(ok(await host.listErasureRequests(occasionId)).map((r) => [r.id, r.status])).toEqual([[request.id, 'open']]);
    expect(ok(await host.confirmErasureRequest(occasionId, request.id)).status).toBe('confirmed');
    expect((await host.declineErasureRequest(occasionId, request.id)).error).toMatchObject({ status: 409 });
    expect((await guest.getHouseholdData()).error).toMatchObject({ status: 401 });
  });
});

describe("the hosts' erasure decisions through the stores", () => {
  it('declines one request and confirms the next, which erases the household', async () => {
    const occasionId = seeded.occasion.id;
    const stores = createHostStores(host);
    ok(await guest.signIn({ occasionId, inviteCode: seeded.household.inviteCode }));
    const first = ok(await guest.requestErasure({}));
    expect((await stores.$declineErasureRequest.mutate({ occasionId, requestId: first.id })).data?.status).toBe('declined');
    expect(ok(await host.getHousehold(occasionId, seeded.household.id)).id).toBe(seeded.household.id);
    const second = ok(await guest.requestErasure({ message: 'Now, please.' }));
    expect((await stores.$confirmErasureRequest.mutate({ occasionId, requestId: second.id })).data?.status).toBe('confirmed');
    expect((await host.getHousehold(occasionId, seeded.household.id)).error).toMatchObject({ status: 404 });
  });
});
