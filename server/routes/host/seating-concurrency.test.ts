import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Seating, SeatingTable } from '../../../core/schemas/seating';
import type { HostClient } from '../../in-process/host-session';
import { createEventFixture, eventRequest, signInGuest, smithsWholeReply, type EventFixture } from '../../test-support/event-fixture';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test-support/test-app';
import { create, createGuest, expectJson, invite, read, update } from './host-fixtures';
import { addPerson } from './people-fixtures';

/** Requests sent together (`Promise.all` against the real app and database): seats stay whole. */
describe(`seating at once on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let f: EventFixture;
  let host: HostClient;
  let editor: HostClient;
  beforeEach(async () => {
    t = await createTestApp();
    f = await createEventFixture(t);
    host = f.host;
    editor = await addPerson(t, host, f.occasionId, 'editor');
  }, 60_000);
  afterEach(() => t.close());

  const dinner = () => `/occasion/${f.occasionId}/activity/${f.activities.dinner}`;
  const addTable = (body: object) => create<SeatingTable>(host, `${dinner()}/tables`, body);
  const seating = () => read<Seating>(host, `${dinner()}/seating`);
  const seatRequest = (client: HostClient, body: object) => client.request('POST', `${dinner()}/seats`, body);
  const codeOf = async (response: Response) => ((await response.json()) as { error?: { code: string } }).error?.code;

  /** `count` more guests attending the dinner. */
  async function attendingGuests(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const guest = await createGuest(host, f.occasionId, { firstName: `Guest${i}` });
      await invite(host, f.occasionId, guest.id, f.activities.dinner, { response: 'ATTENDING' });
      ids.push(guest.id);
    }
    return ids;
  }

  it('numbers tables added at once without a number one each, and lets one of several taking one number have it', async () => {
    const numbered = await Promise.all(Array.from({ length: 5 }, (_, i) => (i % 2 ? editor : host).request('POST', `${dinner()}/tables`, { name: `T${i}`, capacity: 4 })));
    expect(numbered.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    const numbers = await Promise.all(numbered.map(async (response) => ((await response.json()) as SeatingTable).number));
    expect(new Set(numbers).size).toBe(5);

    const taking = await Promise.all([host, editor, host].map((client, i) => client.request('POST', `${dinner()}/tables`, { name: `Nine${i}`, number: 9, capacity: 4 })));
    expect(taking.map((response) => response.status).sort()).toEqual([201, 409, 409]);
    expect((await seating()).tables.filter((table) => table.number === 9)).toHaveLength(1);
  });

  it('gives a guest sent to two tables by two hosts at once exactly one seat', async () => {
    const guests = await attendingGuests(6);
    const left = await addTable({ name: 'Left', capacity: 10 });
    const right = await addTable({ name: 'Right', capacity: 10 });
    const answers = await Promise.all(
      guests.flatMap((guestId) => [seatRequest(host, { guestIds: [guestId], tableId: left.id }), seatRequest(editor, { guestIds: [guestId], tableId: right.id })]),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const { seats } = await seating();
    expect(seats.map((seat) => seat.guestId).sort()).toEqual([...guests].sort());
    for (const seat of seats) expect([left.id, right.id]).toContain(seat.tableId);
    const rows = await t.deps.db.selectFrom('seat').select('guestId').where('activityId', '=', f.activities.dinner).execute();
    expect(rows).toHaveLength(guests.length);
  });

  it('lets exactly as many guests in as there are free seats, and answers the rest TABLE_FULL', async () => {
    const guests = await attendingGuests(12);
    const table = await addTable({ name: 'Small', number: 9, capacity: 3 });
    await expectJson(host, 'POST', `${dinner()}/seats`, { guestIds: [guests[0]], tableId: table.id }, 200);
    const answers = await Promise.all(guests.slice(1).map((guestId, i) => seatRequest(i % 2 ? host : editor, { guestIds: [guestId], tableId: table.id })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    for (const answer of answers.filter((one) => one.status === 409)) expect(await codeOf(answer)).toBe('TABLE_FULL');
    expect((await seating()).seats.filter((seat) => seat.tableId === table.id)).toHaveLength(3);
  });

  it('never fills a table past its capacity with groups sent at once, nor with a capacity lowered meanwhile', async () => {
    const guests = await attendingGuests(12);
    const table = await addTable({ name: 'Round', capacity: 5 });
    const groups = [0, 1, 2, 3, 4, 5].map((i) => guests.slice(i * 2, i * 2 + 2));
    const answers = await Promise.all([
      ...groups.map((group, i) => seatRequest(i % 2 ? host : editor, { guestIds: group, tableId: table.id })),
      host.request('PUT', `/occasion/${f.occasionId}/table/${table.id}`, { capacity: 4 }),
    ]);
    const seated = (await seating()).seats.filter((seat) => seat.tableId === table.id);
    const granted = answers.slice(0, groups.length).filter((answer) => answer.status === 200).length;
    // Each group seated whole or not at all, and never more than the capacity at the moment it was checked (5, or 4 after the change).
    expect(seated).toHaveLength(granted * 2);
    expect(seated.length).toBeLessThanOrEqual(4);
    expect(granted).toBe(2);
  });

  it('frees the seat of a guest whose reply declines while a host seats them, whichever goes first', async () => {
    const table = await addTable({ name: 'Family', capacity: 10 });
    const { token } = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
    // Jane first says yes; then, several times, she declines the dinner while the host seats her, and says yes again.
    const yes = smithsWholeReply(f);
    const no = { ...yes, responses: yes.responses.map((line) => (line.guestId === f.smith.jane && line.activityId === f.activities.dinner ? { ...line, response: 'DECLINED', mealChoice: undefined } : line)) };
    expect((await eventRequest(t.app, 'POST', '/rsvp', { token, body: yes })).status).toBe(201);
    for (let round = 0; round < 6; round++) {
      await t.deps.db.deleteFrom('seatRelease').execute();
      const [reply, seated] = await Promise.all([
        eventRequest(t.app, 'PUT', '/rsvp', { token, body: no }),
        seatRequest(round % 2 ? host : editor, { guestIds: [f.smith.jane], tableId: table.id }),
      ]);
      expect(reply.status).toBe(200);
      const after = await seating();
      // Declined: never seated. A seat given before the reply was freed, with a notice.
      expect(after.seats).toEqual([]);
      if (seated.status === 200) {
        expect(after.releases).toEqual([{ guestId: f.smith.jane, tableId: table.id, tableName: 'Family', releasedAt: expect.any(String) }]);
      } else {
        expect(seated.status).toBe(400);
        expect(after.releases).toEqual([]);
      }
      expect((await eventRequest(t.app, 'PUT', '/rsvp', { token, body: yes })).status).toBe(200);
    }
  });

  it('frees the seat when a guest declines, and when a reply removes their plus-one', async () => {
    const table = await addTable({ name: 'Family', capacity: 10 });
    const { token } = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
    const withPat = smithsWholeReply(f, { plusOnes: [{ forGuestId: f.smith.jane, firstName: 'Pat', lastName: 'Doe' }] });
    expect((await eventRequest(t.app, 'POST', '/rsvp', { token, body: withPat })).status).toBe(201);
    const pat = await t.deps.db.selectFrom('guest').select('id').where('firstName', '=', 'Pat').executeTakeFirstOrThrow();
    await expectJson(host, 'POST', `${dinner()}/seats`, { guestIds: [f.smith.jane, pat.id], tableId: table.id }, 200);
    // Unchanged answers keep the seats.
    expect((await eventRequest(t.app, 'PUT', '/rsvp', { token, body: withPat })).status).toBe(200);
    expect((await seating()).seats).toHaveLength(2);
    expect((await eventRequest(t.app, 'PUT', '/rsvp', { token, body: smithsWholeReply(f) })).status).toBe(200);
    let now = await seating();
    expect(now.seats).toEqual([{ guestId: f.smith.jane, tableId: table.id }]);
    expect(now.releases.map((release) => release.guestId)).toEqual([pat.id]);
    const yes = smithsWholeReply(f);
    const no = { ...yes, responses: yes.responses.map((line) => (line.guestId === f.smith.jane && line.activityId === f.activities.dinner ? { ...line, response: 'DECLINED', mealChoice: undefined } : line)) };
    expect((await eventRequest(t.app, 'PUT', '/rsvp', { token, body: no })).status).toBe(200);
    now = await seating();
    expect(now.seats).toEqual([]);
    expect(now.releases.map((release) => release.guestId).sort()).toEqual([f.smith.jane, pat.id].sort());
    // A host's edit back to attending seats no one by itself.
    const line = `${f.smith.jane}${f.activities.dinner}`;
    await update(host, `/occasion/${f.occasionId}/invite-line/${line}`, { response: 'ATTENDING', mealChoice: 'fish' });
    expect((await seating()).seats).toEqual([]);
  });
});
