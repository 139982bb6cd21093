// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appFetch, BASE_URL, newAccount, ok, seedOccasion, type AppFetch } from '../../core/client/app-fetch.test-helper';
import { signUpHost } from '../../core/client/host-auth';
import { createHostClient, type HostClient } from '../../core/client/host-client';
import type { CheckInMark } from '../../core/schemas/check-in';
import { createTestApp, type TestApp } from '../../server/test-support/test-app';
import { BATCH, createMarkQueue, newMarkId, sendQueued } from './mark-queue';

/** The door's queue sent to the real app (SQLite here; `KINDLY_TEST_DB=postgres` runs it on PostgreSQL). */

let t: TestApp;
let net: AppFetch;
let host: HostClient;

beforeEach(async () => {
  t = await createTestApp();
  net = appFetch(t);
  host = createHostClient({ baseUrl: BASE_URL, fetch: net.fetch });
  ok(await signUpHost(host, newAccount()));
});
afterEach(async () => {
  await t.close();
});

const mark = (guestId: string, activityId: string, arrived: boolean): CheckInMark => ({ id: newMarkId(), guestId, activityId, arrived, at: new Date().toISOString() });

describe('sending the door queue', () => {
  it('keeps every mark while offline, then sends them in order, in batches of 200, and a resend changes nothing', async () => {
    const { occasion, activity, guest } = await seedOccasion(host);
    const queue = createMarkQueue(occasion.id, undefined);
    const send = (marks: CheckInMark[]) => host.checkIn(occasion.id, { marks });
    // 250 marks: arrived, undone, arrived … ending arrived.
    const marks = Array.from({ length: 250 }, (_, i) => mark(guest.id, activity.id, i % 2 === 1));
    marks.forEach((m) => queue.add(m));

    net.fail = () => true;
    const offline = await sendQueued(queue, send);
    expect(offline.stoppedBy).toMatchObject({ status: 'FETCH_ERROR' });
    expect(queue.marks()).toEqual(marks);
    net.fail = undefined;

    net.calls.length = 0;
    const online = await sendQueued(queue, send);
    expect(online.stoppedBy).toBeUndefined();
    expect(online.refused).toEqual([]);
    expect(queue.marks()).toEqual([]);
    expect(net.count(`POST /host/v1/occasion/${occasion.id}/check-in`)).toBe(Math.ceil(250 / BATCH));
    expect(online.counts!.counts).toEqual([{ activityId: activity.id, expected: 0, arrived: 1 }]);

    // The same queue again (a page that did not hear the answer): nothing changes.
    marks.forEach((m) => queue.add(m));
    const again = await sendQueued(queue, send);
    expect(again.counts).toEqual(online.counts);
    expect(ok(await host.getCheckInList(occasion.id)).households.flatMap((h) => h.guests.map((g) => g.arrived))).toEqual([[activity.id]]);
  });

  it('drops only the mark the server cannot record when it refuses a batch, keeping the rest in order', async () => {
    const { occasion, activity, guest, household } = await seedOccasion(host);
    const other = ok(await host.createGuest(occasion.id, { firstName: 'Tom', lastName: 'Smith', householdId: household.id }));
    const queue = createMarkQueue(occasion.id, undefined);
    const gone = mark(other.id, activity.id, true);
    const kept = [mark(guest.id, activity.id, true), gone, mark(guest.id, activity.id, false), mark(guest.id, activity.id, true)];
    kept.forEach((m) => queue.add(m));
    // Tom is deleted by a host while the marks wait.
    ok(await host.deleteGuest(occasion.id, other.id));

    const outcome = await sendQueued(queue, (marks) => host.checkIn(occasion.id, { marks }));
    expect(outcome.refused).toEqual([gone]);
    expect(outcome.stoppedBy).toBeUndefined();
    expect(queue.marks()).toEqual([]);
    expect(outcome.counts!.counts).toEqual([{ activityId: activity.id, expected: 0, arrived: 1 }]);
  });

  it('stops without dropping anything when the session has ended', async () => {
    const { occasion, activity, guest } = await seedOccasion(host);
    const queue = createMarkQueue(occasion.id, undefined);
    queue.add(mark(guest.id, activity.id, true));
    const signedOut = createHostClient({ baseUrl: BASE_URL, fetch: appFetch(t).fetch });
    const outcome = await sendQueued(queue, (marks) => signedOut.checkIn(occasion.id, { marks }));
    expect(outcome.stoppedBy).toMatchObject({ status: 401 });
    expect(queue.marks()).toHaveLength(1);
    expect(ok(await host.getCheckInCounts(occasion.id)).counts[0]!.arrived).toBe(0);
  });
});
