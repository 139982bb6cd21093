import { allTasks } from 'nanostores';
import { describe, expect, it } from 'vitest';
import type { CheckInMark } from '../schemas/check-in';
import { checkInCodeFrom, formatCheckInCode } from '../schemas/check-in';
import { ok, seedOccasion, signedInHostEachTest } from './app-fetch.test-helper';

const h = signedInHostEachTest();

const settle = async () => {
  await new Promise((done) => setTimeout(done, 0));
  await allTasks();
};

let marks = 0;
const mark = (guestId: string, activityId: string, arrived: boolean): CheckInMark => ({
  id: `client-test-mark-${++marks}`,
  guestId,
  activityId,
  arrived,
  at: new Date().toISOString(),
});

describe('check-in in the host client and stores', () => {
  it('lists, marks, undoes and follows host writes, with the counts put into the store from the write', async () => {
    const { occasion, activity, guest, household, inviteLine } = await seedOccasion(h.host);
    ok(await h.host.updateInviteLine(occasion.id, inviteLine.id, { response: 'ATTENDING', mealChoice: 'fish' }));
    const o = `/host/v1/occasion/${occasion.id}`;

    const list = h.stores.checkInList(occasion.id);
    const counts = h.stores.checkInCounts(occasion.id);
    h.unbinds.push(list.listen(() => {}), counts.listen(() => {}));
    await settle();
    const first = list.get().data!;
    expect(first.activities).toEqual([{ id: activity.id, name: 'Dinner', startsAt: activity.startsAt }]);
    const smiths = first.households.find((entry) => entry.id === household.id)!;
    expect(smiths.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(smiths.guests).toEqual([{ id: guest.id, firstName: 'Jane', lastName: 'Smith', expected: [activity.id], arrived: [] }]);
    expect(counts.get().data).toEqual({ counts: [{ activityId: activity.id, expected: 1, arrived: 0 }], revision: first.revision });

    // A household by its check-in code, however it is typed.
    const typed = formatCheckInCode(smiths.code!).toLowerCase();
    expect(ok(await h.host.getCheckInHousehold(occasion.id, checkInCodeFrom(typed)!))).toEqual(smiths);
    const unknown = await h.host.getCheckInHousehold(occasion.id, smiths.code === '0000000000' ? '1111111111' : '0000000000');
    expect(unknown.error).toMatchObject({ status: 404, data: { error: { code: 'NOT_FOUND' } } });

    // A mark: the answer's counts go into the store with no second request; the list follows.
    h.net.calls.length = 0;
    const arrival = mark(guest.id, activity.id, true);
    const answered = ok(await h.stores.$checkIn.mutate({ occasionId: occasion.id, body: { marks: [arrival] } }));
    expect(answered.counts).toEqual([{ activityId: activity.id, expected: 1, arrived: 1 }]);
    expect(answered.revision).not.toBe(first.revision);
    await settle();
    expect(counts.get().data).toEqual(answered);
    expect(h.net.count(`GET ${o}/check-in/counts`)).toBe(0);
    expect(h.net.count(`GET ${o}/check-in`)).toBe(1);
    expect(list.get().data!.households.find((entry) => entry.id === household.id)!.guests[0]!.arrived).toEqual([activity.id]);
    expect(list.get().data!.revision).toBe(answered.revision);

    // The same mark again (a queue sent twice) changes nothing; the undo removes the arrival.
    expect(ok(await h.host.checkIn(occasion.id, { marks: [arrival] }))).toEqual(answered);
    ok(await h.stores.$checkIn.mutate({ occasionId: occasion.id, body: { marks: [mark(guest.id, activity.id, false)] } }));
    await settle();
    expect(counts.get().data!.counts).toEqual([{ activityId: activity.id, expected: 1, arrived: 0 }]);
    expect(list.get().data!.households.find((entry) => entry.id === household.id)!.guests[0]!.arrived).toEqual([]);

    // A batch naming a guest of no occasion applies nothing of itself.
    const before = ok(await h.host.getCheckInCounts(occasion.id));
    const refused = await h.host.checkIn(occasion.id, { marks: [mark(guest.id, activity.id, true), mark('AAAAAAAAAAAA', activity.id, true)] });
    expect(refused.error).toMatchObject({ status: 404, data: { error: { code: 'NOT_FOUND' } } });
    expect(ok(await h.host.getCheckInCounts(occasion.id))).toEqual(before);

    // A host write that changes who is expected marks the door's stores stale.
    ok(await h.stores.$updateInviteLine.mutate({ occasionId: occasion.id, inviteLineId: inviteLine.id, body: { response: 'DECLINED' } }));
    await settle();
    expect(counts.get().data!.counts).toEqual([{ activityId: activity.id, expected: 0, arrived: 0 }]);
    expect(list.get().data!.households.find((entry) => entry.id === household.id)!.guests[0]!.expected).toEqual([]);
    const renamed = ok(await h.stores.$updateHousehold.mutate({ occasionId: occasion.id, householdId: household.id, body: { name: 'The Smith family' } }));
    await settle();
    expect(list.get().data!.households.map((entry) => entry.name)).toContain(renamed.name);
  });

  it('answers a household by its code through its store, and refuses a bad body with the contract error', async () => {
    const { occasion, household } = await seedOccasion(h.host);
    const code = ok(await h.host.getCheckInList(occasion.id)).households.find((entry) => entry.id === household.id)!.code!;
    const byCode = h.stores.checkInHousehold(occasion.id, code);
    h.unbinds.push(byCode.listen(() => {}));
    await settle();
    expect(byCode.get().data).toMatchObject({ id: household.id, code, name: 'The Smiths' });

    const empty = await h.host.checkIn(occasion.id, { marks: [] });
    expect(empty.error).toMatchObject({ status: 400, data: { error: { code: 'VALIDATION_FAILED' } } });
  });
});
