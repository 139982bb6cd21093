import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Activity } from '../../../core/schemas/activity';
import type { Guest, GuestBulkResult } from '../../../core/schemas/guest';
import type { InviteLine } from '../../../core/schemas/invite-line';
import type { Occasion } from '../../../core/schemas/occasion';
import { signUpHost, type HostClient } from '../../in-process/host-session';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import {
  createActivity,
  createGuest,
  createOccasion,
  expectError,
  expectHiddenFrom,
  expectHugeBulkRefused,
  expectJson,
  invite,
  issuePaths,
  read,
  sendText,
} from './host-fixtures';

describe('invite line bulk route', () => {
  let t: TestApp;
  let host: HostClient;
  let occasion: Occasion;
  let linesPath: string;
  let ceremony: Activity;
  let dinner: Activity;
  let ada: Guest;
  let bo: Guest;
  beforeEach(async () => {
    t = await createTestApp();
    host = await signUpHost(t.app);
    occasion = await createOccasion(host);
    linesPath = `/occasion/${occasion.id}/invite-lines`;
    ceremony = await createActivity(host, occasion.id, { name: 'Ceremony', startsAt: '2027-06-12T15:00:00Z' });
    dinner = await createActivity(host, occasion.id, {
      name: 'Dinner',
      startsAt: '2027-06-12T19:00:00Z',
      mealOptions: [{ value: 'fish', text: 'Sea bass' }, { value: 'beef', text: 'Beef', disabled: true }],
    });
    ada = await createGuest(host, occasion.id, { firstName: 'Ada', lastName: 'Smith' });
    bo = await createGuest(host, occasion.id, { firstName: 'Bo', lastName: 'Smith' });
  });
  afterEach(() => t.close());

  const putLines = (lines: object[]) => expectJson<InviteLine[]>(host, 'PUT', linesPath, { lines }, 200);
  const invitationsOf = async (guestId: string) => (await read<Guest>(host, `/occasion/${occasion.id}/guest/${guestId}`)).invitations;

  it("adds and removes invitations, answers all the occasion's lines, and the guests show them", async () => {
    const lines = await putLines([
      { guestId: ada.id, activityId: ceremony.id, invited: true },
      { guestId: ada.id, activityId: dinner.id, invited: true, response: 'ATTENDING', mealChoice: 'fish' },
      { guestId: bo.id, activityId: dinner.id, invited: true },
      { guestId: bo.id, activityId: ceremony.id, invited: false },
    ]);
    expect(lines.map((line) => [line.guestId, line.activityId, line.response, line.mealChoice, line.respondedBy])).toEqual([
      [ada.id, ceremony.id, 'PENDING', null, null],
      [ada.id, dinner.id, 'ATTENDING', 'fish', 'HOST'],
      [bo.id, dinner.id, 'PENDING', null, null],
    ]);
    expect(await read(host, linesPath)).toEqual(lines);
    expect((await invitationsOf(ada.id)).map((invitation) => invitation.activityId)).toEqual([ceremony.id, dinner.id]);

    const after = await putLines([
      { guestId: ada.id, activityId: ceremony.id, invited: false },
      { guestId: bo.id, activityId: dinner.id, invited: true, response: 'DECLINED' },
      { guestId: ada.id, activityId: dinner.id, invited: true },
    ]);
    expect(after.map((line) => [line.guestId, line.activityId, line.response, line.respondedBy])).toEqual([
      [ada.id, dinner.id, 'ATTENDING', 'HOST'],
      [bo.id, dinner.id, 'DECLINED', 'HOST'],
    ]);
    expect(after[0]).toEqual(lines[1]);
    expect(await invitationsOf(ada.id)).toEqual([{ inviteLineId: lines[1]!.id, activityId: dinner.id, response: 'ATTENDING', mealChoice: 'fish' }]);
    expect(await invitationsOf(bo.id)).toEqual([{ inviteLineId: lines[2]!.id, activityId: dinner.id, response: 'DECLINED', mealChoice: null }]);
  });

  it("keeps a guest's own answer when the host sends the same response, and clears it on PENDING", async () => {
    const line = await invite(host, occasion.id, ada.id, dinner.id);
    const answeredAt = '2027-05-01T10:00:00.000Z';
    await t.deps.db
      .updateTable('inviteLine')
      .set({ response: 'ATTENDING', respondedBy: 'GUEST', respondedAt: answeredAt })
      .where('id', '=', line.id)
      .execute();
    const [same] = await putLines([{ guestId: ada.id, activityId: dinner.id, invited: true, response: 'ATTENDING', mealChoice: 'fish' }]);
    expect(same).toMatchObject({ id: line.id, response: 'ATTENDING', mealChoice: 'fish', respondedBy: 'GUEST', respondedAt: answeredAt });
    const [pending] = await putLines([{ guestId: ada.id, activityId: dinner.id, invited: true, response: 'PENDING' }]);
    expect(pending).toMatchObject({ id: line.id, response: 'PENDING', mealChoice: 'fish', respondedBy: null, respondedAt: null });
  });

  it('writes nothing when one row is bad, and names every bad row', async () => {
    await invite(host, occasion.id, ada.id, ceremony.id);
    const reunion = await createOccasion(host, { title: 'Reunion' });
    const stranger = await createGuest(host, reunion.id);
    const picnic = await createActivity(host, reunion.id);
    const before = await snapshotDatabase(t.deps.db);
    const paths = await issuePaths(host, 'PUT', linesPath, {
      lines: [
        { guestId: ada.id, activityId: ceremony.id, invited: false },
        { guestId: bo.id, activityId: dinner.id, invited: true },
        { guestId: stranger.id, activityId: dinner.id, invited: true },
        { guestId: bo.id, activityId: picnic.id, invited: true },
        { guestId: ada.id, activityId: dinner.id, invited: true, mealChoice: 'beef' },
        { guestId: bo.id, activityId: ceremony.id, invited: true, mealChoice: 'fish' },
      ],
    });
    expect(paths).toEqual(['lines.2.guestId', 'lines.3.activityId', 'lines.4.mealChoice', 'lines.5.mealChoice']);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('refuses bodies the schema refuses', async () => {
    const before = await snapshotDatabase(t.deps.db);
    const row = { guestId: ada.id, activityId: dinner.id, invited: true };
    const paths = (lines: unknown) => issuePaths(host, 'PUT', linesPath, { lines });
    expect(await paths([row, { ...row, invited: false }])).toEqual(['lines.1']);
    expect(await paths([{ ...row, invited: 'yes' }])).toEqual(['lines.0.invited']);
    expect(await paths([{ ...row, respondedBy: 'HOST' }])).toEqual(['lines.0.respondedBy']);
    expect(await paths([])).toEqual(['lines']);
    expect(await paths(Array(50_001).fill(row))).toContain('lines');
    await expectError(host, 'PUT', linesPath, '{"lines": [', 400, 'MALFORMED_JSON');
    await expectError(host, 'PUT', linesPath, { lines: Array(120_000).fill(row) }, 413, 'PAYLOAD_TOO_LARGE');
    expect((await sendText(t, host, 'PUT', linesPath)).status).toBe(415);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('invites thousands of guests in one request', async () => {
    const rows = Array.from({ length: 2_000 }, (_, i) => ({ firstName: `G${i}`, lastName: 'Many' }));
    const { guests } = await expectJson<GuestBulkResult>(host, 'POST', `/occasions/${occasion.id}/guests`, { guests: rows }, 200);
    const lines = guests.flatMap((guest) => [ceremony, dinner].map((activity) => ({ guestId: guest.id, activityId: activity.id, invited: true })));
    expect(await putLines(lines)).toHaveLength(4_000);
    const removed = guests.slice(0, 1_500).map((guest) => ({ guestId: guest.id, activityId: ceremony.id, invited: false }));
    expect(await putLines(removed)).toHaveLength(2_500);
    const { summary } = await read<Occasion>(host, `/occasion/${occasion.id}`);
    expect(summary.perActivity.map((counts) => counts.invited)).toEqual([500, 2_000]);
  });

  it('answers 200 to four identical bulks sent at once, and keeps one line per guest and activity', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({ firstName: `G${i}`, lastName: 'Race' }));
    const { guests } = await expectJson<GuestBulkResult>(host, 'POST', `/occasions/${occasion.id}/guests`, { guests: rows }, 200);
    const lines = guests.flatMap((guest) => [ceremony, dinner].map((activity) => ({ guestId: guest.id, activityId: activity.id, invited: true, response: 'ATTENDING' })));
    const responses = await Promise.all(Array.from({ length: 4 }, () => host.request('PUT', linesPath, { lines })));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    const stored = await read<InviteLine[]>(host, linesPath);
    expect(stored).toHaveLength(600);
    expect(new Set(stored.map((line) => line.response))).toEqual(new Set(['ATTENDING']));
  });

  it('refuses millions of empty rows by their number, quickly and with few issues, and changes nothing', async () => {
    const elapsed = await expectHugeBulkRefused(t, host, 'PUT', linesPath, { key: 'lines', label: 'Lines', max: 50_000 });
    expect(elapsed).toBeLessThan(20_000);
  }, 60_000);

  it("answers 404 for another account's occasion", async () => {
    await expectHiddenFrom(t, await signUpHost(t.app), [['PUT', linesPath, { lines: [{ guestId: ada.id, activityId: dinner.id, invited: true }] }]]);
  });
});
