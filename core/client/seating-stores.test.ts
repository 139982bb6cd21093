import { allTasks } from 'nanostores';
import { describe, expect, it, vi } from 'vitest';
import { BASE_URL, ok, seedOccasion, signedInHostEachTest } from './app-fetch.test-helper';
import { createHostClient } from './host-client';
import { createHostStores } from './host-stores';

const h = signedInHostEachTest();

const settle = async () => {
  await new Promise((done) => setTimeout(done, 0));
  await allTasks();
};

describe('seating in the host client and stores', () => {
  it('adds tables, seats and moves guests, asks again for a full table, and follows a freed seat', async () => {
    const { occasion, activity, household, guest } = await seedOccasion(h.host);
    const o = occasion.id;
    const ids = { occasionId: o, activityId: activity.id };
    const partner = ok(await h.host.createGuest(o, { firstName: 'John', lastName: 'Smith', householdId: household.id }));
    ok(
      await h.host.updateInviteLines(o, {
        lines: [
          { guestId: guest.id, activityId: activity.id, invited: true, response: 'ATTENDING', mealChoice: 'fish' },
          { guestId: partner.id, activityId: activity.id, invited: true, response: 'ATTENDING', mealChoice: 'veg' },
        ],
      }),
    );

    const seating = h.stores.seating(o, activity.id);
    h.unbinds.push(seating.listen(() => {}));
    await settle();
    expect(seating.get().data).toEqual({ activityId: activity.id, tables: [], seats: [], releases: [] });

    // Two writes at once: the second marks the seating stale while the first one's refetch is on its way.
    const roses = ok(await h.stores.$createTable.mutate({ ...ids, body: { name: 'Roses', capacity: 1 } }));
    expect(roses).toMatchObject({ name: 'Roses', number: 1, shape: 'ROUND', capacity: 1, activityId: activity.id });
    const tulips = ok(await h.stores.$createTable.mutate({ ...ids, body: { name: 'Tulips', capacity: 4, shape: 'LONG' } }));
    expect(tulips.number).toBe(2);
    await settle();
    expect(seating.get().data!.tables.map((table) => table.name)).toEqual(['Roses', 'Tulips']);

    // A taken number is a conflict, and nothing changes.
    const taken = await h.host.createTable(o, activity.id, { name: 'Lilies', number: 2, capacity: 8 });
    expect(taken.error).toMatchObject({ status: 409, data: { error: { code: 'CONFLICT' } } });

    // Two guests at a table of one: TABLE_FULL, then seated anyway; the answer goes straight into the store.
    const both = [guest.id, partner.id];
    const full = await h.stores.$seatGuests.mutate({ ...ids, body: { guestIds: both, tableId: roses.id } });
    expect(full.error).toMatchObject({ status: 409, data: { error: { code: 'TABLE_FULL' } } });
    expect(ok(await h.host.getSeating(o, activity.id)).seats).toEqual([]);
    h.net.calls.length = 0;
    const seated = ok(await h.stores.$seatGuests.mutate({ ...ids, body: { guestIds: both, tableId: roses.id, overCapacity: true } }));
    await settle();
    expect(seating.get().data).toEqual(seated);
    expect(h.net.count(`GET /host/v1/occasion/${o}/activity/${activity.id}/seating`)).toBe(0);
    expect(seated.seats).toHaveLength(2);

    // A seat's answer put in while a refetch is on its way is not undone by that older answer:
    // stores whose GETs are answered at once and handed over 100 ms later.
    let holdGets = false;
    let held = 0;
    const slowGets: typeof fetch = async (input, init) => {
      const response = await h.net.fetch(input, init);
      if (holdGets && (init?.method ?? 'GET') === 'GET') {
        held += 1;
        await new Promise((done) => setTimeout(done, 100));
      }
      return response;
    };
    const slow = createHostStores(createHostClient({ baseUrl: BASE_URL, fetch: slowGets }));
    const slowSeating = slow.seating(o, activity.id);
    h.unbinds.push(slowSeating.listen(() => {}));
    await vi.waitFor(() => expect(slowSeating.get().data?.seats).toHaveLength(2));
    holdGets = true;
    slow.markStale(['Seating']);
    // The refetch is answered (the seating before the write) and held while the write goes.
    await vi.waitFor(() => expect(held).toBe(1));
    const moved = ok(await slow.$seatGuests.mutate({ ...ids, body: { guestIds: [guest.id], tableId: null } }));
    expect(slowSeating.get().data).toEqual(moved);
    await new Promise((done) => setTimeout(done, 150));
    holdGets = false;
    await new Promise((done) => setTimeout(done, 150));
    await settle();
    expect(slowSeating.get().data).toEqual(moved);
    ok(await h.stores.$seatGuests.mutate({ ...ids, body: { guestIds: [guest.id], tableId: roses.id, overCapacity: true } }));

    // Moving and renaming; deleting a table unseats its guests.
    ok(await h.stores.$seatGuests.mutate({ ...ids, body: { guestIds: [partner.id], tableId: tulips.id } }));
    ok(await h.stores.$updateTable.mutate({ occasionId: o, tableId: tulips.id, body: { name: 'Tulip room', capacity: 6 } }));
    await settle();
    expect(seating.get().data!.tables[1]).toMatchObject({ name: 'Tulip room', capacity: 6 });
    ok(await h.stores.$deleteTable.mutate({ occasionId: o, tableId: tulips.id }));
    await settle();
    expect(seating.get().data!.seats).toEqual([{ guestId: guest.id, tableId: roses.id }]);

    // The guest declines through an invite-line write: the store follows, with the notice.
    ok(await h.stores.$updateInviteLines.mutate({ occasionId: o, body: { lines: [{ guestId: guest.id, activityId: activity.id, invited: true, response: 'DECLINED' }] } }));
    await settle();
    expect(seating.get().data!.seats).toEqual([]);
    expect(seating.get().data!.releases).toMatchObject([{ guestId: guest.id, tableId: roses.id, tableName: 'Roses' }]);
    ok(await h.stores.$dismissSeatReleases.mutate(ids));
    await settle();
    expect(seating.get().data!.releases).toEqual([]);
  });
});
