import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadGuests } from '../../data/guests';
import { createEventFixture, eventRequest, signInGuest, smithsWholeReply, type EventFixture } from '../../test-support/event-fixture';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test-support/test-app';
import { guestJsonParts } from '../../data/guest-list-sqlite';
import { generateGuests } from '../../demo/generate-guests';

const unbrotli = promisify(brotliDecompress);

describe('the guest list: revision ETag, 304 and brotli', () => {
  let t: TestApp;
  let f: EventFixture;
  beforeEach(async () => {
    t = await createTestApp();
    f = await createEventFixture(t);
  });
  afterEach(() => t.close());

  const list = (headers: Record<string, string> = {}) =>
    t.app.request(`http://localhost/host/v1/occasion/${f.occasionId}/guests`, { headers: { cookie: f.host.jar.header(), ...headers } });

  async function currentTag(): Promise<string> {
    const response = await list();
    expect(response.status).toBe(200);
    return response.headers.get('etag')!;
  }

  it('answers 304 without a body for the revision the client holds', async () => {
    const first = await list();
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await list({ 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(tag);
    expect((await list({ 'if-none-match': 'W/"guests.other.1"' })).status).toBe(200);
  });

  it('writes the same JSON as the guest entities, plus-ones and attributes included', async () => {
    const smith = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
    const reply = smithsWholeReply(f, { plusOnes: [{ forGuestId: f.smith.jane, firstName: 'Pat "the plus-one"', lastName: 'Doe\u2028' }] });
    expect((await eventRequest(t.app, 'POST', '/rsvp', { token: smith.token, body: reply })).status).toBe(201);
    // Text each database escapes by its own rules: backslash, line breaks, a control character, letters beyond ASCII.
    await t.deps.db.updateTable('guest').set({ notes: 'a\\b\n\r\t\u0001 é ñ 🎉 </script> \u2029' }).where('id', '=', f.smith.jose).execute();
    const text = await (await list()).text();
    expect(text).toBe(JSON.stringify(await loadGuests(t.deps.db, f.occasionId)));
    expect(text).toContain('"attributes":{"');
  });

  it('compresses with brotli when the client accepts it', async () => {
    const plain = await (await list()).text();
    const response = await list({ 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
    const body = Buffer.from(await response.arrayBuffer());
    expect((await unbrotli(body)).toString('utf8')).toBe(plain);
  });

  it('never answers 304 after a write, whichever route made it', async () => {
    const o = `/occasion/${f.occasionId}`;
    const smith = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
    const smithReply = (timmy: string, response = 'DECLINED') => ({
      responses: [
        { guestId: f.smith.jane, activityId: f.activities.ceremony, response },
        { guestId: f.smith.jane, activityId: f.activities.dinner, response },
        { guestId: f.smith.jose, activityId: f.activities.ceremony, response },
        { guestId: f.smith.jose, activityId: f.activities.dinner, response },
        { guestId: f.smith.timmy, activityId: f.activities.ceremony, response: timmy },
      ],
      plusOnes: [],
      message: '',
    });
    const host = (method: string, path: string, body?: unknown) => async () => {
      const response = await f.host.request(method, path, body);
      return { status: response.status, body: response.status === 204 ? null : ((await response.json()) as { id?: string }) };
    };
    const guest = (method: string, body: unknown) => async () => {
      const response = await eventRequest(t.app, method, '/rsvp', { token: smith.token, body });
      return { status: response.status, body: null };
    };
    const created: Record<string, string> = {};
    const remember = (key: string, write: () => Promise<{ status: number; body: { id?: string } | null }>) => async () => {
      const result = await write();
      created[key] = result.body?.id ?? '';
      return result;
    };
    const writes: Array<[string, () => Promise<{ status: number; body: unknown }>]> = [
      ['occasion update', host('PUT', o, { venueName: 'Elsewhere' })],
      ['activity create', remember('activity', host('POST', `${o}/activity`, { name: 'Picnic', startsAt: '2030-01-01T10:00:00.000Z' }))],
      ['activity update', () => host('PUT', `${o}/activity/${created.activity}`, { name: 'Long picnic' })()],
      ['category create', remember('category', host('POST', `${o}/attribute-category`, { name: 'Table', options: [{ value: 't1', text: 'Table 1' }] }))],
      ['category update', () => host('PUT', `${o}/attribute-category/${created.category}`, { name: 'Tables' })()],
      ['household create', remember('household', host('POST', `${o}/household`, { name: 'The Newcomers' }))],
      ['household update', () => host('PUT', `${o}/household/${created.household}`, { notes: 'late' })()],
      ['guest create', remember('guest', host('POST', `${o}/guest`, { firstName: 'Nina', lastName: 'New' }))],
      ['guest update', () => host('PUT', `${o}/guest/${created.guest}`, { notes: 'changed' })()],
      ['invite line create', remember('line', () => host('POST', `${o}/invite-line`, { guestId: created.guest, activityId: created.activity })())],
      ['invite line update', () => host('PUT', `${o}/invite-line/${created.line}`, { response: 'DECLINED' })()],
      ['invite lines bulk', host('PUT', `${o}/invite-lines`, { lines: [{ guestId: f.lee.sam, activityId: f.activities.dinner, invited: true }] })],
      ['guests bulk', host('POST', `/occasions/${f.occasionId}/guests`, { guests: [{ id: f.lee.sam, notes: 'bulk' }] })],
      ['guest RSVP', guest('POST', smithReply('DECLINED'))],
      ['guest RSVP change', guest('PUT', smithReply('ATTENDING'))],
      ['invite line delete', () => host('DELETE', `${o}/invite-line/${created.line}`)()],
      ['guest delete', () => host('DELETE', `${o}/guest/${created.guest}`)()],
      ['household delete', () => host('DELETE', `${o}/household/${created.household}`)()],
      ['category delete', () => host('DELETE', `${o}/attribute-category/${created.category}`)()],
      ['activity delete', () => host('DELETE', `${o}/activity/${created.activity}`)()],
    ];
    for (const [name, write] of writes) {
      const before = await currentTag();
      const result = await write();
      expect(result.status, `${name}: ${JSON.stringify(result.body)}`).toBeLessThan(300);
      const after = await list({ 'if-none-match': before });
      expect(after.status, name).toBe(200);
      expect(after.headers.get('etag'), name).not.toBe(before);
      expect((await list({ 'if-none-match': after.headers.get('etag')! })).status, name).toBe(304);
    }
  });

  it.runIf(testDatabaseKind === 'sqlite')('joins its pieces into the list’s text, whatever the piece size', async () => {
    // Letters past ASCII, past Latin-1 and past the BMP: the pieces are UTF-8 bytes from SQLite.
    for (const [firstName, lastName] of [['Zoë', 'Brontë'], ['Łukasz', 'Żółć'], ['Ana 🌸', '李']]) {
      const created = await f.host.request('POST', `/occasion/${f.occasionId}/guest`, { firstName, lastName });
      expect(created.status).toBe(201);
    }
    const whole = JSON.stringify(await loadGuests(t.deps.db, f.occasionId));
    const count = (JSON.parse(whole) as unknown[]).length;
    for (const size of [1, 2, count - 1, count, count + 1]) {
      const parts: Uint8Array[] = [];
      for await (const part of guestJsonParts(t.deps.db, f.occasionId, size)) parts.push(part);
      expect(Buffer.concat(parts).toString('utf8')).toBe(whole);
    }
    const empty: Uint8Array[] = [];
    for await (const part of guestJsonParts(t.deps.db, 'no-such-occasion', 500)) empty.push(part);
    expect(Buffer.concat(empty).toString('utf8')).toBe('[]');
  });

  it.runIf(testDatabaseKind === 'sqlite')('gives the event loop a turn between pieces, for the compressor’s callbacks', async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const turnsAtEachPiece: number[] = [];
    for await (const _part of guestJsonParts(t.deps.db, f.occasionId, 1)) turnsAtEachPiece.push(turns);
    counting = false;
    expect(turnsAtEachPiece.length).toBeGreaterThan(2);
    expect(turnsAtEachPiece.at(-1)! - turnsAtEachPiece[0]!).toBeGreaterThanOrEqual(turnsAtEachPiece.length - 2);
  });

  it('answers whole lists while other lists and writes run at once', async () => {
    const created = await f.host.request('POST', `/occasions/${f.occasionId}/guests`, { guests: generateGuests(1200) });
    expect(created.status).toBe(200);
    const { guests } = (await created.json()) as { guests: Array<{ id: string }> };
    const count = (JSON.parse(await (await list()).text()) as unknown[]).length;
    const readList = async (encoding: string) => {
      const response = await list({ 'accept-encoding': encoding });
      expect(response.status).toBe(200);
      const body = Buffer.from(await response.arrayBuffer());
      const text = encoding === 'br' ? (await unbrotli(body)).toString('utf8') : body.toString('utf8');
      return (JSON.parse(text) as Array<{ id: string; notes: string }>).length;
    };
    const rename = (i: number) =>
      f.host.request('PUT', `/occasion/${f.occasionId}/guest/${guests[i]!.id}`, { notes: `changed while listed ${i}` });
    const [lists, writes] = await Promise.all([
      Promise.all(['br', 'identity', 'br', 'identity'].map(readList)),
      Promise.all([0, 1, 2, 3, 4, 5].map(rename)),
    ]);
    expect(lists).toEqual([count, count, count, count]);
    expect(writes.map((write) => write.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const after = JSON.parse(await (await list()).text()) as Array<{ id: string; notes: string }>;
    for (const i of [0, 1, 2, 3, 4, 5]) expect(after.find((guest) => guest.id === guests[i]!.id)?.notes).toBe(`changed while listed ${i}`);
  });

  it('lets go of the database when the client leaves mid-answer', async () => {
    const created = await f.host.request('POST', `/occasions/${f.occasionId}/guests`, { guests: generateGuests(3000) });
    expect(created.status).toBe(200);
    const path = `http://localhost/host/v1/occasion/${f.occasionId}/guests`;
    const response = await t.app.request(path, { headers: { cookie: f.host.jar.header(), 'accept-encoding': 'br' } });
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    // The next requests are answered: no statement was left holding the connection.
    const next = await Promise.race([
      f.host.request('GET', `/occasion/${f.occasionId}/guest/${f.smith.jane}`),
      new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 3000)),
    ]);
    expect(next).not.toBe('stuck');
    expect((next as Response).status).toBe(200);
    const again = await t.app.request(path, { headers: { cookie: f.host.jar.header(), 'accept-encoding': 'br' } });
    const plain = JSON.parse((await unbrotli(Buffer.from(await again.arrayBuffer()))).toString('utf8')) as unknown[];
    expect(plain).toHaveLength(3000 + 6);
  });
  it('changes the ETag after replies sent all at once, and the list shows every one of them', async () => {
    const tokens = await Promise.all(
      [f.smith, f.jones, f.lee].map(async ({ inviteCode }) => (await signInGuest(t.app, { occasionId: f.occasionId, inviteCode })).token),
    );
    const before = await currentTag();
    expect((await list({ 'if-none-match': before })).status).toBe(304);
    const replies = [
      smithsWholeReply(f, { message: 'Smiths' }),
      { responses: [f.jones.ann, f.jones.sam].map((guestId) => ({ guestId, activityId: f.activities.brunch, response: 'ATTENDING' })), plusOnes: [], message: 'Joneses' },
      { responses: [{ guestId: f.lee.sam, activityId: f.activities.ceremony, response: 'DECLINED' }], plusOnes: [], message: 'Lee' },
    ];
    const statuses = await Promise.all(replies.map(async (body, i) => (await eventRequest(t.app, 'POST', '/rsvp', { token: tokens[i], body })).status));
    expect(statuses).toEqual([201, 201, 201]);
    const after = await list({ 'if-none-match': before });
    expect(after.status).toBe(200);
    const tag = after.headers.get('etag')!;
    expect(tag).not.toBe(before);
    const guests = (await after.json()) as Array<{ id: string; invitations: Array<{ activityId: string; response: string }> }>;
    const responseOf = (guestId: string, activityId: string) => guests.find((g) => g.id === guestId)?.invitations.find((i) => i.activityId === activityId)?.response;
    expect(responseOf(f.smith.jane, f.activities.dinner)).toBe('ATTENDING');
    expect(responseOf(f.smith.timmy, f.activities.ceremony)).toBe('DECLINED');
    expect(responseOf(f.jones.ann, f.activities.brunch)).toBe('ATTENDING');
    expect(responseOf(f.jones.sam, f.activities.brunch)).toBe('ATTENDING');
    expect(responseOf(f.lee.sam, f.activities.ceremony)).toBe('DECLINED');
    expect((await list({ 'if-none-match': tag })).status).toBe(304);
    // Another round at once, changing every reply: a new tag again.
    const changes = await Promise.all(
      replies.map(async (body, i) => (await eventRequest(t.app, 'PUT', '/rsvp', { token: tokens[i], body: { ...body, message: `${body.message} again` } })).status),
    );
    expect(changes).toEqual([200, 200, 200]);
    const third = await list({ 'if-none-match': tag });
    expect(third.status).toBe(200);
    expect(third.headers.get('etag')).not.toBe(tag);
  });

  it.runIf(testDatabaseKind === 'postgres')('lets a reply commit while the occasion’s row is locked: replies do not queue on it', async () => {
    const smith = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
    const before = await currentTag();
    // What a reply's revision bump took at its commit before: the occasion's row, as another
    // reply or a host's edit of the occasion holds it.
    const outcome = await t.deps.db.transaction().execute(async (trx) => {
      await trx.selectFrom('occasion').select('id').where('id', '=', f.occasionId).forNoKeyUpdate().execute();
      const reply = eventRequest(t.app, 'POST', '/rsvp', { token: smith.token, body: smithsWholeReply(f) }).then((response) => response.status);
      const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('still waiting'), 3000));
      return Promise.race([reply, timeout]);
    });
    expect(outcome).toBe(201);
    expect((await list({ 'if-none-match': before })).status).toBe(200);
  });
});
