import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ErasureResult } from '../../../core/schemas/data-rights';
import type { HistoryPage } from '../../../core/schemas/history';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test-support/test-app';
import { createDataRightsFixture, whereFound, ZEB_TRACES, type DataRightsFixture } from './data-rights-fixtures';
import { expectJson, read, type ErrorBody } from './host-fixtures';
import { createOccasion, createGuest } from './host-fixtures';

describe('erasing a guest or a household', () => {
  let t: TestApp;
  let f: DataRightsFixture;
  let base: string;
  beforeEach(async () => {
    t = await createTestApp();
    f = await createDataRightsFixture(t);
    base = `/occasion/${f.occasionId}`;
  }, 60_000);
  afterEach(() => t.close());

  const erase = (path: string) => expectJson<ErasureResult>(f.host, 'POST', `${base}/${path}/erase`, undefined, 200);

  it('leaves no trace of the name, email or phone in any column of any table', async () => {
    const statuses = (await t.deps.db.selectFrom('email').select('status').where('to', '=', 'zebulon.quixworth@example.org').execute()).map((row) => row.status);
    expect(statuses).toContain('QUEUED');
    expect(statuses).toContain('SENT');
    const digest = await t.deps.db.selectFrom('email').select('text').where('kind', '=', 'DIGEST').executeTakeFirstOrThrow();
    expect(digest.text).toContain('The Quixworths');
    const places = new Set<string>();
    for (const trace of ZEB_TRACES) for (const place of await whereFound(t.deps.db, testDatabaseKind, trace)) places.add(place);
    const seeded = ['guest.lastName', 'guest.email', 'guest.phone', 'guest.notes', 'household.name', 'household.email', 'household.phone', 'historyEntry.subjectName', 'historyEntry.changes', 'email.to', 'email.text', 'rsvp.message'];
    expect([...places]).toEqual(expect.arrayContaining(seeded));
    expect(await whereFound(t.deps.db, testDatabaseKind, 'Quixworth polka')).toEqual(['answer.value', 'historyEntry.changes']);

    expect(await erase(`guest/${f.zeb.guestId}`)).toEqual({ guests: 1, households: 1 });
    for (const trace of [...ZEB_TRACES, 'Zebulon', 'polka']) expect(await whereFound(t.deps.db, testDatabaseKind, trace), trace).toEqual([]);
  }, 90_000);

  it('keeps the history entries, rewritten as an erased guest with only the impersonal fields', async () => {
    const before = await read<HistoryPage>(f.host, `${base}/history?limit=200`);
    const theirs = before.entries.filter((entry) => entry.guestId === f.zeb.guestId);
    expect(theirs.length).toBeGreaterThan(2);
    await erase(`guest/${f.zeb.guestId}`);
    const after = await read<HistoryPage>(f.host, `${base}/history?limit=200`);
    expect(after.entries.length).toBe(before.entries.length + 1);
    const line = after.entries.find((entry) => entry.entity === 'INVITE_LINE' && entry.guestId === f.zeb.guestId && entry.action === 'UPDATE');
    expect(line).toMatchObject({ subjectName: 'a guest (erased)', changes: { response: ['PENDING', 'ATTENDING'] } });
    const created = after.entries.find((entry) => entry.entity === 'GUEST' && entry.entityId === f.zeb.guestId && entry.action === 'CREATE');
    expect(created).toMatchObject({ subjectName: 'a guest (erased)', changes: { firstName: [null, null], email: [null, null] } });
    expect(after.entries[0]).toMatchObject({ entity: 'GUEST', action: 'DELETE', subjectName: 'a guest (erased)', changes: { erased: [false, true] } });
  });

  it('erases a household with every member, and leaves the other households as they were', async () => {
    const rowsOf = async (householdId: string) => ({
      household: await t.deps.db.selectFrom('household').selectAll().where('id', '=', householdId).execute(),
      guests: await t.deps.db.selectFrom('guest').selectAll().where('householdId', '=', householdId).orderBy('id').execute(),
    });
    const smiths = await rowsOf(f.smith.id);
    expect(await erase(`household/${f.jones.id}`)).toEqual({ guests: 2, households: 1 });
    expect(await rowsOf(f.jones.id)).toEqual({ household: [], guests: [] });
    expect(await t.deps.db.selectFrom('guest').select('id').where('id', 'in', [f.jones.ann, f.jones.sam]).execute()).toEqual([]);
    expect(await t.deps.db.selectFrom('inviteLine').select('id').where('guestId', 'in', [f.jones.ann, f.jones.sam]).execute()).toEqual([]);
    expect(await rowsOf(f.smith.id)).toEqual(smiths);
  });

  it('keeps a household that still has members, without the message its erased member wrote', async () => {
    const second = await createGuest(f.host, f.occasionId, { firstName: 'Wren', lastName: 'Other', householdId: f.zeb.householdId });
    expect(await erase(`guest/${f.zeb.guestId}`)).toEqual({ guests: 1, households: 0 });
    expect(await t.deps.db.selectFrom('guest').select('id').where('householdId', '=', f.zeb.householdId).execute()).toEqual([{ id: second.id }]);
    expect(await t.deps.db.selectFrom('rsvp').select('message').where('householdId', '=', f.zeb.householdId).execute()).toEqual([{ message: '' }]);
    expect(await t.deps.db.selectFrom('email').select('id').where('householdId', '=', f.zeb.householdId).where('status', '=', 'QUEUED').execute()).toEqual([]);
  });

  it('answers 404 for an unknown id or another occasion’s guest and 400 for a malformed one, changing nothing', async () => {
    const other = await createOccasion(f.host, { title: 'Another' });
    const stranger = await createGuest(f.host, other.id, { firstName: 'Ida' });
    const before = await snapshotDatabase(t.deps.db);
    for (const path of [`guest/${stranger.id}`, 'guest/unknown-guest', `household/${f.smith.jane}`, 'household/unknown-household']) {
      const response = await f.host.request('POST', `${base}/${path}/erase`);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as ErrorBody).error.code).toBe('NOT_FOUND');
    }
    const malformed = await f.host.request('POST', `${base}/guest/${'x'.repeat(65)}/erase`);
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as ErrorBody).error).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'guestId' }] });
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('erases a guest once when asked several times at once', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => f.host.request('POST', `${base}/guest/${f.zeb.guestId}/erase`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404, 404, 404]);
    const erasures = await t.deps.db.selectFrom('historyEntry').select('id').where('guestId', '=', f.zeb.guestId).where('action', '=', 'DELETE').execute();
    expect(erasures).toHaveLength(1);
  });
});
