import { allTasks } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { ok, seedOccasion, signedInHostEachTest } from './app-fetch.test-helper';

const h = signedInHostEachTest();

const settle = async () => {
  await new Promise((done) => setTimeout(done, 0));
  await allTasks();
};

describe('export, erasure and retention in the host client and stores', () => {
  it('names the export, erases a guest and a household, with the guest list following', async () => {
    const { occasion, guest, household } = await seedOccasion(h.host);
    expect(h.host.exportUrl(occasion.id)).toBe(`http://localhost/host/v1/occasion/${occasion.id}/export`);
    const guests = h.stores.guests(occasion.id);
    h.unbinds.push(guests.listen(() => {}));
    await settle();
    expect(guests.get().data!.map((g) => g.id)).toEqual([guest.id]);

    const other = ok(await h.host.createGuest(occasion.id, { firstName: 'Ana', lastName: 'Lee' }));
    expect(ok(await h.stores.$eraseGuest.mutate({ occasionId: occasion.id, guestId: other.id }))).toEqual({ guests: 1, households: 0 });
    expect(ok(await h.stores.$eraseHousehold.mutate({ occasionId: occasion.id, householdId: household.id }))).toEqual({ guests: 1, households: 1 });
    await settle();
    expect(guests.get().data).toEqual([]);
    const again = await h.host.eraseGuest(occasion.id, guest.id);
    expect(again.error).toMatchObject({ status: 404, data: { error: { code: 'NOT_FOUND' } } });
  });

  it('reads, sets and postpones the retention, the store following', async () => {
    const { occasion } = await seedOccasion(h.host);
    const retention = h.stores.retention(occasion.id);
    h.unbinds.push(retention.listen(() => {}));
    await settle();
    expect(retention.get().data).toMatchObject({ days: 365, lastActivityDate: '2099-06-12', eraseOn: '2100-06-12' });
    ok(await h.stores.$updateRetention.mutate({ occasionId: occasion.id, body: { days: 30 } }));
    expect(ok(await h.stores.$postponeRetention.mutate({ occasionId: occasion.id, body: { days: 5 } }))).toMatchObject({ days: 35, eraseOn: '2099-07-17' });
    await settle();
    expect(retention.get().data).toMatchObject({ days: 35 });
    expect((await h.host.updateRetention(occasion.id, { days: 0 })).error).toMatchObject({ status: 400 });
  });
});
