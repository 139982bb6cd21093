import { allTasks } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { ok, seedOccasion, signedInHostEachTest } from './app-fetch.test-helper';

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

    const roses = ok(await h.stores.$createTable.mutate({ ...ids, body: { name: 'Roses', capacity: 1 } }));
    expect(roses).toMatchObject({ name: 'Roses', number: 1, shape: 'ROUND', capacity: 1, activityId: activity.id });
    await settle();
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
