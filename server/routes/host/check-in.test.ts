import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CheckInCounts, CheckInHousehold, CheckInList } from '../../../core/schemas/check-in';
import { formatCheckInCode } from '../../../core/schemas/check-in';
import { signUpHost, type HostClient } from '../../in-process/host-session';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { verifyAccount } from '../../test-support/verify-account';
import { createActivity, createGuest, createHousehold, createOccasion, expectError, expectJson, invite, read } from './host-fixtures';
import { addPerson } from './people-fixtures';
import { insertHouseholdRows, newHouseholdRow } from '../../data/households';
import { HouseholdCreateSchema } from '../../../core/schemas/household';
import * as v from 'valibot';

let t: TestApp;
let owner: HostClient;
let door: HostClient;
let occasionId: string;
let ceremony: string;
let party: string;
let smiths: string;
let ada: string;
let ben: string;
let cy: string;
let smithsCode: string;
let other: { occasionId: string; activityId: string; guestId: string; code: string };
let marks = 0;

/** A mark with a fresh id. */
function mark(guestId: string, activityId: string, arrived = true, at = '2027-06-12T14:50:00.000Z') {
  marks += 1;
  return { id: `mark-${String(marks).padStart(6, '0')}`, guestId, activityId, arrived, at };
}

const post = (host: HostClient, body: unknown) => expectJson<CheckInCounts>(host, 'POST', `/occasion/${occasionId}/check-in`, body, 200);
const arrivals = () => t.deps.db.selectFrom('arrival').selectAll().orderBy('guestId').orderBy('activityId').execute();
const codeOf = async (householdId: string) =>
  (await t.deps.db.selectFrom('household').select('checkInCode').where('id', '=', householdId).executeTakeFirstOrThrow()).checkInCode;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpHost(t.app);
  await verifyAccount(t.deps.db, owner.credentials.email);
  occasionId = (await createOccasion(owner)).id;
  party = (await createActivity(owner, occasionId, { name: 'Party', startsAt: '2027-06-12T18:00:00.000Z' })).id;
  ceremony = (await createActivity(owner, occasionId, { name: 'Ceremony', startsAt: '2027-06-12T15:00:00.000Z' })).id;
  smiths = (await createHousehold(owner, occasionId, { name: 'The Smiths', email: 'smiths@example.com' })).id;
  ada = (await createGuest(owner, occasionId, { householdId: smiths, firstName: 'Ada', lastName: 'Smith', email: 'ada@example.com' })).id;
  ben = (await createGuest(owner, occasionId, { householdId: smiths, firstName: 'Ben', lastName: 'Smith' })).id;
  cy = (await createGuest(owner, occasionId, { firstName: 'Cy', lastName: 'Alone', notes: 'Allergic to cats' })).id;
  await invite(owner, occasionId, ada, ceremony, { response: 'ATTENDING' });
  await invite(owner, occasionId, ada, party, { response: 'ATTENDING' });
  await invite(owner, occasionId, ben, ceremony, { response: 'ATTENDING' });
  await invite(owner, occasionId, ben, party, { response: 'DECLINED' });
  await invite(owner, occasionId, cy, party, { response: 'ATTENDING' });
  smithsCode = await codeOf(smiths);
  door = await addPerson(t, owner, occasionId, 'door');

  const stranger = await signUpHost(t.app);
  await verifyAccount(t.deps.db, stranger.credentials.email);
  const theirs = (await createOccasion(stranger)).id;
  const theirHousehold = (await createHousehold(stranger, theirs, { name: 'The Joneses' })).id;
  other = {
    occasionId: theirs,
    activityId: (await createActivity(stranger, theirs)).id,
    guestId: (await createGuest(stranger, theirs, { householdId: theirHousehold, firstName: 'Jo', lastName: 'Jones' })).id,
    code: await codeOf(theirHousehold),
  };
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.deps.db.deleteFrom('arrival').execute();
});

describe('the door list', () => {
  it('lists activities by start, households by name with a guest alone as a household of one, and counts', async () => {
    expect(smithsCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    const list = await read<CheckInList>(door, `/occasion/${occasionId}/check-in`);
    expect(list).toEqual({
      activities: [
        { id: ceremony, name: 'Ceremony', startsAt: '2027-06-12T15:00:00.000Z' },
        { id: party, name: 'Party', startsAt: '2027-06-12T18:00:00.000Z' },
      ],
      households: [
        { id: null, name: 'Cy Alone', code: null, guests: [{ id: cy, firstName: 'Cy', lastName: 'Alone', expected: [party], arrived: [] }] },
        {
          id: smiths,
          name: 'The Smiths',
          code: smithsCode,
          guests: [
            { id: ada, firstName: 'Ada', lastName: 'Smith', expected: [ceremony, party], arrived: [] },
            { id: ben, firstName: 'Ben', lastName: 'Smith', expected: [ceremony], arrived: [] },
          ],
        },
      ],
      counts: [
        { activityId: ceremony, expected: 2, arrived: 0 },
        { activityId: party, expected: 2, arrived: 0 },
      ],
      revision: expect.any(String),
    });
    expect(JSON.stringify(list)).not.toMatch(/example\.com|Allergic/);
  });

  it('finds a household by its code as typed or printed, and nothing by another occasion’s code', async () => {
    const expected = await read<CheckInHousehold>(door, `/occasion/${occasionId}/check-in/code/${smithsCode}`);
    expect(expected).toMatchObject({ id: smiths, name: 'The Smiths', code: smithsCode });
    expect(expected.guests.map((guest) => guest.id)).toEqual([ada, ben]);
    expect(await read(door, `/occasion/${occasionId}/check-in/code/${formatCheckInCode(smithsCode).toLowerCase()}`)).toEqual(expected);
    for (const code of [other.code, 'ZZZZZZZZZZ', 'not-a-code', smithsCode.slice(1)]) {
      const error = await expectError(door, 'GET', `/occasion/${occasionId}/check-in/code/${code}`, undefined, 404, 'NOT_FOUND');
      expect(error.message).toBe('No household has this check-in code.');
    }
  });

  it('gives every new household a code of its own, however it is made', async () => {
    const bulk = await expectJson<{ guests: Array<{ householdId: string }> }>(owner, 'POST', `/occasions/${occasionId}/guests`, {
      guests: [
        { firstName: 'Di', lastName: 'Bulk', householdName: 'Bulk One' },
        { firstName: 'Ed', lastName: 'Bulk', householdName: 'Bulk Two' },
      ],
    }, 200);
    const made = await createHousehold(owner, occasionId, { name: 'Made One' });
    const imported = await expectJson<{ householdIds: string[] }>(owner, 'POST', `/occasion/${occasionId}/import`, {
      key: 'check-in-import-1',
      guests: [{ firstName: 'Fay', lastName: 'Bulk', householdName: 'Imported One' }],
    }, 200);
    const codes = await Promise.all([...bulk.guests.map((guest) => guest.householdId), made.id, ...imported.householdIds].map(codeOf));
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(new Set([...codes, smithsCode, other.code]).size).toBe(6);
    await t.deps.db.deleteFrom('guest').where('lastName', '=', 'Bulk').execute();
    await t.deps.db.deleteFrom('household').where('name', 'in', ['Bulk One', 'Bulk Two', 'Made One', 'Imported One']).execute();
  });
});

describe('insertHouseholdRows', () => {
  it('draws again a check-in code some household holds, or another row of the same write', async () => {
    const householdDefaults = v.parse(HouseholdCreateSchema, { name: 'Household' });
    const now = new Date().toISOString();
    const rows = ['Taken', 'Twin A', 'Twin B', 'Free'].map((name) => newHouseholdRow(occasionId, { ...householdDefaults, name }, now));
    rows[0]!.checkInCode = other.code;
    rows[1]!.checkInCode = 'TWINS00000';
    rows[2]!.checkInCode = 'TWINS00000';
    const free = rows[3]!.checkInCode;
    await t.deps.db.transaction().execute((trx) => insertHouseholdRows(trx, rows));
    const stored = await Promise.all(rows.map((row) => codeOf(row.id)));
    expect(stored[0]).not.toBe(other.code);
    expect(stored[1]).toBe('TWINS00000');
    expect(stored[2]).not.toBe('TWINS00000');
    expect(stored[3]).toBe(free);
    expect(new Set([...stored, other.code, smithsCode]).size).toBe(6);
    await t.deps.db.deleteFrom('household').where('id', 'in', rows.map((row) => row.id)).execute();
  });
});

describe('counts', () => {
  it('follow a changed invitation and a new activity at once, though the door screens poll between', async () => {
    const counts = () => read<CheckInCounts>(door, `/occasion/${occasionId}/check-in/counts`);
    const before = await counts();
    expect(await counts()).toEqual(before);
    const line = `${ben}${party}`;
    await expectJson(owner, 'PUT', `/occasion/${occasionId}/invite-line/${line}`, { response: 'ATTENDING' }, 200);
    const after = await counts();
    expect(after.revision).not.toBe(before.revision);
    expect(after.counts).toEqual([
      { activityId: ceremony, expected: 2, arrived: 0 },
      { activityId: party, expected: 3, arrived: 0 },
    ]);
    const brunch = (await createActivity(owner, occasionId, { name: 'Brunch', startsAt: '2027-06-13T10:00:00.000Z' })).id;
    expect((await counts()).counts.map((count) => count.activityId)).toEqual([ceremony, party, brunch]);
    await t.deps.db.deleteFrom('activity').where('id', '=', brunch).execute();
    await expectJson(owner, 'PUT', `/occasion/${occasionId}/invite-line/${line}`, { response: 'DECLINED' }, 200);
    expect((await counts()).counts).toEqual(before.counts);
  });
});

describe('marks', () => {
  it('records an arrival with the first mark’s time and account, counts it and changes the revision', async () => {
    const before = await read<CheckInCounts>(door, `/occasion/${occasionId}/check-in/counts`);
    const answer = await post(door, { marks: [mark(ada, ceremony, true, '2027-06-12T14:50:00+00:00'), mark(ada, ceremony, true, '2027-06-12T14:55:00Z')] });
    expect(answer.counts).toEqual([
      { activityId: ceremony, expected: 2, arrived: 1 },
      { activityId: party, expected: 2, arrived: 0 },
    ]);
    expect(answer.revision).not.toBe(before.revision);
    expect(await read<CheckInCounts>(door, `/occasion/${occasionId}/check-in/counts`)).toEqual(answer);
    expect(await arrivals()).toEqual([{ id: `${ada}${ceremony}`, guestId: ada, activityId: ceremony, occasionId, arrivedAt: '2027-06-12T14:50:00.000Z', markedByAccountId: door.accountId }]);
    const household = await read<CheckInHousehold>(door, `/occasion/${occasionId}/check-in/code/${smithsCode}`);
    expect(household.guests[0]!.arrived).toEqual([ceremony]);
  });

  it('counts an arrival nobody expected, and undoes one', async () => {
    const answer = await post(door, { marks: [mark(ben, party), mark(cy, party), mark(cy, party, false)] });
    expect(answer.counts).toEqual([
      { activityId: ceremony, expected: 2, arrived: 0 },
      { activityId: party, expected: 2, arrived: 1 },
    ]);
    expect((await arrivals()).map((row) => row.guestId)).toEqual([ben]);
  });

  it('applies marks in order: arrive, undo, arrive is arrived; arrive, undo is not', async () => {
    await post(door, { marks: [mark(ada, party), mark(ada, party, false), mark(ada, party)] });
    await post(door, { marks: [mark(ben, ceremony), mark(ben, ceremony, false)] });
    expect((await arrivals()).map((row) => [row.guestId, row.activityId])).toEqual([[ada, party]]);
  });

  it('skips marks already applied: a queue sent twice changes nothing, even after later marks', async () => {
    const queue = { marks: [mark(ada, ceremony), mark(ben, ceremony), mark(ben, ceremony, false), mark(cy, party)] };
    const first = await post(door, queue);
    const rows = await arrivals();
    const snapshot = await snapshotDatabase(t.deps.db);
    expect(await post(door, queue)).toEqual(first);
    expect(await snapshotDatabase(t.deps.db)).toEqual(snapshot);
    // An undo from another screen, then the old queue again: the undo stands.
    await post(owner, { marks: [mark(cy, party, false)] });
    await post(door, queue);
    expect(await arrivals()).toEqual(rows.filter((row) => row.guestId !== cy));
  });

  it('records one arrival when two door screens mark the same guest at once', async () => {
    const second = await addPerson(t, owner, occasionId, 'door');
    const answers = await Promise.all([
      post(door, { marks: [mark(ada, ceremony), mark(ben, ceremony)] }),
      post(second, { marks: [mark(ben, ceremony), mark(ada, ceremony)] }),
      post(owner, { marks: [mark(ada, ceremony)] }),
    ]);
    expect((await arrivals()).map((row) => [row.guestId, row.activityId])).toEqual([[ada, ceremony], [ben, ceremony]].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)));
    expect(answers.map((answer) => answer.counts[0]!.arrived)).toContain(2);
    // The same queue sent by two screens at once (a retry racing its original) is applied once.
    const queue = { marks: [mark(cy, party), mark(cy, party, false), mark(cy, party)] };
    await Promise.all([post(door, queue), post(second, queue)]);
    expect((await arrivals()).filter((row) => row.guestId === cy)).toHaveLength(1);
  });
});

describe('bad marks change nothing', () => {
  it('refuses a guest or an activity of another occasion with 404, applying none of the marks', async () => {
    await post(door, { marks: [mark(ada, ceremony)] });
    const before = await snapshotDatabase(t.deps.db);
    for (const [marks, message] of [
      [[mark(ben, ceremony), mark(other.guestId, ceremony)], 'No such guest.'],
      [[mark(ben, ceremony), mark(ben, other.activityId)], 'No such activity.'],
      [[mark(ada, ceremony, false), mark('no-such-guest', party)], 'No such guest.'],
    ] as const) {
      const error = await expectError(door, 'POST', `/occasion/${occasionId}/check-in`, { marks }, 404, 'NOT_FOUND');
      expect(error.message).toBe(message);
    }
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    // The refused marks' ids were not kept: sent again correctly, they apply.
    await post(door, { marks: [mark(ben, ceremony)] });
    expect(await arrivals()).toHaveLength(2);
  });

  it('refuses malformed marks with 400 and the issue’s path', async () => {
    const before = await snapshotDatabase(t.deps.db);
    for (const [body, path] of [
      [{ marks: [] }, 'marks'],
      [{ marks: [{ ...mark(ada, ceremony), id: 'short' }] }, 'marks.0.id'],
      [{ marks: [mark(ada, ceremony), { ...mark(ben, ceremony), arrived: 'yes' }] }, 'marks.1.arrived'],
      [{ marks: [{ ...mark(ada, ceremony), at: 'yesterday' }] }, 'marks.0.at'],
      [{ marks: [{ ...mark(ada, ceremony), note: 'x' }] }, 'marks.0.note'],
      [{ marks: Array.from({ length: 201 }, () => mark(ada, ceremony)) }, 'marks'],
      [{ marks: [mark(ada, ceremony)], extra: true }, 'extra'],
    ] as const) {
      const error = await expectError(door, 'POST', `/occasion/${occasionId}/check-in`, body, 400, 'VALIDATION_FAILED');
      expect(error.issues!.map((issue) => issue.path)).toEqual([path]);
    }
    const notJson = await door.request('POST', `/occasion/${occasionId}/check-in`, '{"marks": [');
    expect(notJson.status).toBe(400);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('answers an account without a role on the occasion 404 on every check-in route, changing nothing', async () => {
    const stranger = await signUpHost(t.app);
    const before = await snapshotDatabase(t.deps.db);
    for (const [method, path, body] of [
      ['GET', `/occasion/${occasionId}/check-in`, undefined],
      ['GET', `/occasion/${occasionId}/check-in/counts`, undefined],
      ['GET', `/occasion/${occasionId}/check-in/code/${smithsCode}`, undefined],
      ['POST', `/occasion/${occasionId}/check-in`, { marks: [mark(ada, ceremony)] }],
    ] as const) {
      const error = await expectError(stranger, method, path, body, 404, 'NOT_FOUND');
      expect(error.message).toBe('No such occasion.');
    }
    // A door person of this occasion asking about another occasion: the same.
    await expectError(door, 'POST', `/occasion/${other.occasionId}/check-in`, { marks: [mark(other.guestId, other.activityId)] }, 404, 'NOT_FOUND');
    await expectError(door, 'GET', `/occasion/${other.occasionId}/check-in/code/${other.code}`, undefined, 404, 'NOT_FOUND');
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });
});

describe('arrivals in the data rights', () => {
  it('exports arrivals and the households’ check-in codes', async () => {
    await post(door, { marks: [mark(ada, ceremony, true, '2027-06-12T14:51:00.000Z')] });
    const response = await owner.request('GET', `/occasion/${occasionId}/export`);
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(JSON.parse(strFromU8(files['arrivals.json']!))).toEqual([
      { id: `${ada}${ceremony}`, guestId: ada, activityId: ceremony, arrivedAt: '2027-06-12T14:51:00.000Z', markedByAccountId: door.accountId },
    ]);
    expect(strFromU8(files['arrivals.csv']!)).toContain(`${ada}${ceremony},${ada},${ceremony},2027-06-12T14:51:00.000Z,${door.accountId}`);
    const households = JSON.parse(strFromU8(files['households.json']!)) as Array<{ id: string; checkInCode: string }>;
    expect(households.find((row) => row.id === smiths)?.checkInCode).toBe(smithsCode);
  });

  it('leaves no arrival of an erased guest, and keeps the others’', async () => {
    const zed = (await createGuest(owner, occasionId, { firstName: 'Zed', lastName: 'Erased' })).id;
    await post(door, { marks: [mark(zed, party), mark(zed, ceremony), mark(ada, party)] });
    expect(await expectJson(owner, 'POST', `/occasion/${occasionId}/guest/${zed}/erase`, undefined, 200)).toEqual({ guests: 1, households: 0 });
    expect((await arrivals()).map((row) => row.guestId)).toEqual([ada]);
    const counts = await read<CheckInCounts>(door, `/occasion/${occasionId}/check-in/counts`);
    expect(counts.counts.map((count) => count.arrived)).toEqual([0, 1]);
  });
});
