import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Guest, GuestBulkResult } from '../../../core/schemas/guest';
import type { GuestBulkDeleteResult } from '../../../core/schemas/guest-bulk-delete';
import type { Household } from '../../../core/schemas/household';
import type { Occasion } from '../../../core/schemas/occasion';
import { signUpHost, type HostClient } from '../../in-process/host-session';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import {
  createActivity,
  createGuest,
  createHousehold,
  createOccasion,
  expectError,
  expectHiddenFrom,
  expectJson,
  invite,
  issuePaths,
  read,
  sendText,
} from './host-fixtures';

describe('guest bulk delete route', () => {
  let t: TestApp;
  let host: HostClient;
  let occasion: Occasion;
  let deletePath: string;
  beforeEach(async () => {
    t = await createTestApp();
    host = await signUpHost(t.app);
    occasion = await createOccasion(host);
    deletePath = `/occasions/${occasion.id}/guests/delete`;
  });
  afterEach(() => t.close());

  const bulkDelete = (ids: string[]) => expectJson<GuestBulkDeleteResult>(host, 'POST', deletePath, { ids }, 200);
  const guestIds = async () => (await read<Guest[]>(host, `/occasion/${occasion.id}/guests`)).map((guest) => guest.id);

  it('deletes the guests and their invite lines, and nothing else', async () => {
    const ceremony = await createActivity(host, occasion.id);
    const smiths = await createHousehold(host, occasion.id, { name: 'The Smiths' });
    const [ada, bo, cy] = await Promise.all(
      ['Ada', 'Bo', 'Cy'].map((firstName) => createGuest(host, occasion.id, { firstName, householdId: smiths.id })),
    );
    for (const guest of [ada!, bo!, cy!]) await invite(host, occasion.id, guest.id, ceremony.id);

    expect(await bulkDelete([ada!.id, cy!.id])).toEqual({ deleted: 2 });

    expect(await guestIds()).toEqual([bo!.id]);
    const lines = await t.deps.db.selectFrom('inviteLine').select('guestId').execute();
    expect(lines.map((line) => line.guestId)).toEqual([bo!.id]);
    expect((await read<Household>(host, `/occasion/${occasion.id}/household/${smiths.id}`)).guestIds).toEqual([bo!.id]);
    expect((await read<Occasion>(host, `/occasion/${occasion.id}`)).summary.guests).toBe(1);
  });

  it('deletes nothing when one id is not a guest of the occasion, and names it', async () => {
    const mine = await createGuest(host, occasion.id, { firstName: 'Mine' });
    const otherOccasion = await createOccasion(host, { title: 'Another party' });
    const elsewhere = await createGuest(host, otherOccasion.id, { firstName: 'Elsewhere' });
    const otherHost = await signUpHost(t.app);
    const theirs = await createGuest(otherHost, (await createOccasion(otherHost)).id, { firstName: 'Theirs' });
    const before = await snapshotDatabase(t.deps.db);

    const error = await expectError(host, 'POST', deletePath, { ids: [mine.id, elsewhere.id, 'noSuchGuest1', theirs.id] }, 400, 'VALIDATION_FAILED');
    expect(error.issues).toEqual([
      { path: 'ids.1', message: 'No guest with this id in the occasion.' },
      { path: 'ids.2', message: 'No guest with this id in the occasion.' },
      { path: 'ids.3', message: 'No guest with this id in the occasion.' },
    ]);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('refuses bodies the schema refuses, the row count before the items, and writes nothing', async () => {
    const mine = await createGuest(host, occasion.id, { firstName: 'Mine' });
    const before = await snapshotDatabase(t.deps.db);
    const paths = (ids: unknown) => issuePaths(host, 'POST', deletePath, { ids });
    expect(await paths([])).toEqual(['ids']);
    expect(await paths([mine.id, 'bad id'])).toEqual(['ids.1']);
    expect(await paths([mine.id, mine.id])).toEqual(['ids.1']);
    expect(await paths('all')).toEqual(['ids']);
    expect(await issuePaths(host, 'POST', deletePath, { ids: [mine.id], everyone: true })).toEqual(['everyone']);
    // 10,001 items that are not ids: one issue on the count, none per item.
    const tooMany = await expectError(host, 'POST', deletePath, { ids: Array.from({ length: 10_001 }, () => ({})) }, 400, 'VALIDATION_FAILED');
    expect(tooMany.issues).toEqual([{ path: 'ids', message: 'Guest ids can have at most 10,000 entries.' }]);
    await expectError(host, 'POST', deletePath, '{"ids": [', 400, 'MALFORMED_JSON');
    await expectError(host, 'POST', deletePath, { ids: [mine.id], pad: 'x'.repeat(1024 * 1024) }, 413, 'PAYLOAD_TOO_LARGE');
    expect((await sendText(t, host, 'POST', deletePath)).status).toBe(415);
    expect(await guestIds()).toEqual([mine.id]);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('deletes 10,000 guests in one request', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ firstName: `Guest${i}`, lastName: 'Bulk' }));
    const { guests } = await expectJson<GuestBulkResult>(host, 'POST', `/occasions/${occasion.id}/guests`, { guests: rows }, 200);
    const kept = await createGuest(host, occasion.id, { firstName: 'Kept' });
    expect(await bulkDelete(guests.map((guest) => guest.id))).toEqual({ deleted: 10_000 });
    expect(await guestIds()).toEqual([kept.id]);
  });

  it("answers 404 for another account's occasion and deletes nothing", async () => {
    const mine = await createGuest(host, occasion.id, { firstName: 'Mine' });
    await expectHiddenFrom(t, await signUpHost(t.app), [['POST', deletePath, { ids: [mine.id] }]]);
  });

  it('keeps each of several overlapping deletes sent at once all or nothing', async () => {
    for (let round = 0; round < 10; round++) {
      const [a, b, c] = await Promise.all(['A', 'B', 'C'].map((firstName) => createGuest(host, occasion.id, { firstName: `${firstName}${round}` })));
      const lists = [[a!.id, b!.id], [b!.id, c!.id]];
      const answers = await Promise.all(lists.map((ids) => host.request('POST', deletePath, { ids })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      const refused = lists[answers.findIndex((answer) => answer.status === 400)]!;
      const accepted = lists[answers.findIndex((answer) => answer.status === 200)]!;
      expect(await answers.find((answer) => answer.status === 200)!.json()).toEqual({ deleted: 2 });
      const left = await guestIds();
      expect(left).toEqual(refused.filter((id) => !accepted.includes(id)));
      await bulkDelete(left);
    }
  });
});
