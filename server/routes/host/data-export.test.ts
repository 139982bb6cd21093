import { unzipSync, strFromU8 } from 'fflate';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_LISTS } from '../../../core/schemas/data-rights';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createDataRightsFixture, ZEB, type DataRightsFixture } from './data-rights-fixtures';
import { expectJson } from './host-fixtures';
import { addPerson } from './people-fixtures';

type Row = Record<string, unknown>;

describe('exporting an occasion’s whole data', () => {
  let t: TestApp;
  let f: DataRightsFixture;
  let files: Record<string, string>;
  const extraGuests = 1203;
  beforeAll(async () => {
    t = await createTestApp();
    f = await createDataRightsFixture(t);
    const guests = Array.from({ length: extraGuests }, (_, i) => ({ firstName: `Guest${i}`, lastName: '=SUM(A1)', householdName: `House ${i % 400}` }));
    const bulk = await expectJson<{ guests: Array<{ id: string }> }>(f.host, 'POST', `/occasions/${f.occasionId}/guests`, { guests }, 200);
    // Every extra guest seated at dinner and brunch, Zeb at the ceremony: more seats than a page, a guest's two seats possibly split by a page's end.
    const extraIds = bulk.guests.map((guest) => guest.id);
    const seated = [f.activities.dinner, f.activities.brunch];
    const lines = seated.flatMap((activityId) => extraIds.map((guestId) => ({ guestId, activityId, invited: true, response: 'ATTENDING' })));
    await expectJson(f.host, 'PUT', `/occasion/${f.occasionId}/invite-lines`, { lines }, 200);
    for (const activityId of [...seated, f.activities.ceremony]) {
      const table = await expectJson<{ id: string }>(f.host, 'POST', `/occasion/${f.occasionId}/activity/${activityId}/tables`, { name: 'Everyone', capacity: 200 }, 201);
      const ids = activityId === f.activities.ceremony ? [f.zeb.guestId] : extraIds;
      for (let start = 0; start < ids.length; start += 500) {
        await expectJson(f.host, 'POST', `/occasion/${f.occasionId}/activity/${activityId}/seats`, { guestIds: ids.slice(start, start + 500), tableId: table.id, overCapacity: true }, 200);
      }
    }
    const response = await f.host.request('GET', `/occasion/${f.occasionId}/export`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="kindly-[\w-]+-\d{4}-\d{2}-\d{2}\.zip"$/);
    const unzipped = unzipSync(new Uint8Array(await response.arrayBuffer()));
    files = Object.fromEntries(Object.entries(unzipped).map(([name, bytes]) => [name, strFromU8(bytes)]));
  }, 60_000);
  afterAll(() => t.close());

  const csv = (name: string): Row[] => Papa.parse<Row>(files[`${name}.csv`]!.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
  const json = (name: string): Row[] => JSON.parse(files[`${name}.json`]!) as Row[];

  it('holds occasion.json and every list as CSV and JSON, in order', () => {
    expect(Object.keys(files)).toEqual(['occasion.json', ...EXPORT_LISTS.flatMap((list) => [`${list}.csv`, `${list}.json`])]);
    const occasion = JSON.parse(files['occasion.json']!) as Row;
    expect(occasion).toMatchObject({ id: f.occasionId, title: 'Sam & Alex', retention: { days: 365 } });
  });

  it('has every guest in both files, across pages, the same rows in the same order', () => {
    const fromCsv = csv('guests');
    const fromJson = json('guests');
    expect(fromJson).toHaveLength(6 + 1 + extraGuests);
    expect(fromCsv.map((row) => row.id)).toEqual(fromJson.map((row) => row.id));
    expect(new Set(fromJson.map((row) => row.id)).size).toBe(fromJson.length);
    const zeb = fromJson.find((row) => row.id === f.zeb.guestId);
    expect(zeb).toMatchObject({ firstName: ZEB.firstName, lastName: ZEB.lastName, email: ZEB.email, phone: ZEB.phone, plusOneAllowed: false, attributes: {} });
    expect(fromCsv.find((row) => row.id === f.zeb.guestId)).toMatchObject({ firstName: ZEB.firstName, email: ZEB.email, plusOneAllowed: 'false', householdId: f.zeb.householdId });
    // A cell a spreadsheet would run as a formula is quoted as text in the CSV, kept as it is in the JSON.
    expect(fromCsv.find((row) => row.firstName === 'Guest0')!.lastName).toBe("'=SUM(A1)");
    expect(fromJson.find((row) => row.firstName === 'Guest0')!.lastName).toBe('=SUM(A1)');
  });

  it('has the seating tables and every seat, across pages, once each', async () => {
    expect(json('tables').map((row) => [row.name, row.number, row.shape, row.capacity])).toEqual(Array.from({ length: 3 }, () => ['Everyone', 1, 'ROUND', 200]));
    const seats = json('seats');
    expect(seats).toHaveLength(2 * extraGuests + 1);
    expect(new Set(seats.map((row) => `${String(row.guestId)} ${String(row.activityId)}`)).size).toBe(seats.length);
    expect(csv('seats').map((row) => row.guestId)).toEqual(seats.map((row) => row.guestId));
    expect(seats.find((row) => row.guestId === f.zeb.guestId)).toEqual({ guestId: f.zeb.guestId, activityId: f.activities.ceremony, tableId: expect.any(String), seatedAt: expect.any(String) });
    const stored = await t.deps.db.selectFrom('seat').select((eb) => eb.fn.countAll<number | string>().as('n')).where('occasionId', '=', f.occasionId).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(seats.length);
  });

  it('has the seeded schedule, households, invitations, reply, message, question, answer, history and emails', () => {
    expect(json('activities').map((row) => row.name).sort()).toEqual(['Brunch', 'Ceremony', 'Dinner']);
    expect(json('activities').find((row) => row.name === 'Dinner')!.mealOptions).toHaveLength(3);
    expect(json('households').find((row) => row.id === f.zeb.householdId)).toMatchObject({ name: 'The Quixworths', email: ZEB.email, inviteCode: f.zeb.inviteCode });
    expect(csv('households')).toHaveLength(json('households').length);
    expect(json('invitations').filter((row) => row.guestId === f.zeb.guestId)).toEqual([
      expect.objectContaining({ activityId: f.activities.ceremony, response: 'ATTENDING', respondedBy: 'GUEST' }),
    ]);
    const message = 'Zebulon Quixworth will be there! Call (555) 014-2977.';
    expect(json('replies')).toEqual([expect.objectContaining({ householdId: f.zeb.householdId, answeredByGuestId: f.zeb.guestId, message })]);
    expect(csv('messages')).toEqual([expect.objectContaining({ householdId: f.zeb.householdId, message })]);
    expect(json('questions')).toEqual([expect.objectContaining({ id: f.songQuestionId, kind: 'SHORT_TEXT', required: false, options: [] })]);
    expect(json('answers')).toEqual([expect.objectContaining({ questionId: f.songQuestionId, guestId: f.zeb.guestId, value: 'The Quixworth polka' })]);
    const history = json('history');
    expect(history.map((row) => row.seq)).toEqual([...history.map((row) => row.seq as number)].sort((a, b) => a - b));
    expect(history.find((row) => row.entity === 'GUEST' && row.entityId === f.zeb.guestId && row.action === 'UPDATE')).toMatchObject({
      changes: { phone: ['555', ZEB.phone] },
    });
    expect(csv('history')).toHaveLength(history.length);
    const emails = json('emails').filter((row) => row.to === ZEB.email);
    expect(emails.map((row) => row.status).sort()).toEqual(expect.arrayContaining(['QUEUED', 'SENT']));
    expect(emails.every((row) => typeof row.text === 'string' && !('html' in row) && !('unsubscribeToken' in row))).toBe(true);
  });

  it('is given to a viewer, not to the door', async () => {
    const viewer = await addPerson(t, f.host, f.occasionId, 'viewer');
    const door = await addPerson(t, f.host, f.occasionId, 'door');
    const seen = await viewer.request('GET', `/occasion/${f.occasionId}/export`);
    expect(seen.status).toBe(200);
    await seen.arrayBuffer();
    expect((await door.request('GET', `/occasion/${f.occasionId}/export`)).status).toBe(403);
  });
});
