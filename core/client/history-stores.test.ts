import { allTasks } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { ok, seedOccasion, signedInHostEachTest } from './app-fetch.test-helper';

const h = signedInHostEachTest();

const settle = async () => {
  await new Promise((done) => setTimeout(done, 0));
  await allTasks();
};

describe('history in the host client and stores', () => {
  it('pages with the cursor, filters, and marks an import as IMPORT', async () => {
    const seeded = await seedOccasion(h.host);
    const first = ok(await h.host.getHistory(seeded.occasion.id, { limit: 2 }));
    expect(first.entries).toHaveLength(2);
    const rest = ok(await h.host.getHistory(seeded.occasion.id, { cursor: first.nextCursor! }));
    expect(rest.entries.every((entry) => !first.entries.some((seen) => seen.id === entry.id))).toBe(true);
    const guest = ok(await h.host.getHistory(seeded.occasion.id, { guestId: seeded.guest.id }));
    expect(guest.entries.every((entry) => entry.guestId === seeded.guest.id)).toBe(true);

    ok(await h.host.upsertGuests(seeded.occasion.id, { guests: [{ firstName: 'Amara', lastName: 'Kim' }] }, { source: 'import' }));
    const [imported] = ok(await h.host.getHistory(seeded.occasion.id, { limit: 1 })).entries;
    expect(imported).toMatchObject({ actorKind: 'IMPORT', entity: 'GUEST', subjectName: 'Amara Kim' });
    const days = ok(await h.host.getRepliesOverTime(seeded.occasion.id));
    expect(days.length).toBeGreaterThan(0);
  });

  it('refetches the feed and the chart after a write that records history', async () => {
    const seeded = await seedOccasion(h.host);
    const feed = h.stores.history(seeded.occasion.id);
    const chart = h.stores.repliesOverTime(seeded.occasion.id);
    h.unbinds.push(feed.listen(() => {}), chart.listen(() => {}));
    await settle();
    const before = feed.get().data!.entries.length;
    h.net.calls.length = 0;
    ok(await h.stores.$updateGuest.mutate({ occasionId: seeded.occasion.id, guestId: seeded.guest.id, body: { notes: 'called' } }));
    await settle();
    expect(h.net.count(`GET /host/v1/occasion/${seeded.occasion.id}/history`)).toBe(1);
    expect(h.net.count(`GET /host/v1/occasion/${seeded.occasion.id}/replies-over-time`)).toBe(1);
    expect(feed.get().data!.entries.length).toBe(before + 1);
    expect(feed.get().data!.entries[0]!.changes).toEqual({ notes: ['', 'called'] });
  });
});
