import { allTasks } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test-support/test-app';
import { appFetch, BASE_URL, newAccount, ok, seedOccasion, type AppFetch } from './app-fetch.test-helper';
import { signUpHost } from './host-auth';
import { createHostClient, type HostClient } from './host-client';
import { createHostStores, type HostStores } from './host-stores';

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
  ok(await signUpHost(host, newAccount()));
});
afterEach(async () => {
  unbinds.splice(0).forEach((unbind) => unbind());
  await t.close();
});

const settle = async () => {
  await new Promise((done) => setTimeout(done, 0));
  await allTasks();
};

describe('history in the host client and stores', () => {
  it('pages with the cursor, filters, and marks an import as IMPORT', async () => {
    const seeded = await seedOccasion(host);
    const first = ok(await host.getHistory(seeded.occasion.id, { limit: 2 }));
    expect(first.entries).toHaveLength(2);
    const rest = ok(await host.getHistory(seeded.occasion.id, { cursor: first.nextCursor! }));
    expect(rest.entries.every((entry) => !first.entries.some((seen) => seen.id === entry.id))).toBe(true);
    const guest = ok(await host.getHistory(seeded.occasion.id, { guestId: seeded.guest.id }));
    expect(guest.entries.every((entry) => entry.guestId === seeded.guest.id)).toBe(true);

    ok(await host.upsertGuests(seeded.occasion.id, { guests: [{ firstName: 'Amara', lastName: 'Kim' }] }, { source: 'import' }));
    const [imported] = ok(await host.getHistory(seeded.occasion.id, { limit: 1 })).entries;
    expect(imported).toMatchObject({ actorKind: 'IMPORT', entity: 'GUEST', subjectName: 'Amara Kim' });
    const days = ok(await host.getRepliesOverTime(seeded.occasion.id));
    expect(days.length).toBeGreaterThan(0);
  });

  it('refetches the feed and the chart after a write that records history', async () => {
    const seeded = await seedOccasion(host);
    const feed = stores.history(seeded.occasion.id);
    const chart = stores.repliesOverTime(seeded.occasion.id);
    unbinds.push(feed.listen(() => {}), chart.listen(() => {}));
    await settle();
    const before = feed.get().data!.entries.length;
    net.calls.length = 0;
    ok(await stores.$updateGuest.mutate({ occasionId: seeded.occasion.id, guestId: seeded.guest.id, body: { notes: 'called' } }));
    await settle();
    expect(net.count(`GET /host/v1/occasion/${seeded.occasion.id}/history`)).toBe(1);
    expect(net.count(`GET /host/v1/occasion/${seeded.occasion.id}/replies-over-time`)).toBe(1);
    expect(feed.get().data!.entries.length).toBe(before + 1);
    expect(feed.get().data!.entries[0]!.changes).toEqual({ notes: ['', 'called'] });
  });
});
