import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { guestJsonParts } from '../data/guest-list-sqlite';
import { loadGuests } from '../data/guests';
import { listReplies, repliesJson } from '../data/replies';
import { generateGuests } from '../demo/generate-guests';
import { createEventFixture, eventRequest, signInGuest, smithsWholeReply } from '../test-support/event-fixture';
import { appOn, testDatabaseKind } from '../test-support/test-app';
import { createDatabase, type KindlyDatabase } from './create-database';
import { readJsonArray } from './sqlite-connection';

/** The thread's script as the server runs it: built by `npm run build` (which `npm test` runs first). */
const SCRIPT = new URL('../../dist/server/sqlite-read-thread.js', import.meta.url);
const unbrotli = promisify(brotliDecompress);

async function text(pieces: AsyncIterable<Uint8Array>): Promise<string> {
  const all: Uint8Array[] = [];
  for await (const piece of pieces) all.push(piece);
  return Buffer.concat(all).toString('utf8');
}

describe.runIf(testDatabaseKind === 'sqlite')('the embedded database’s read thread', () => {
  let dir: string;
  let database: KindlyDatabase;
  beforeEach(async () => {
    expect(existsSync(SCRIPT), 'run `npm run build` first').toBe(true);
    dir = mkdtempSync(join(tmpdir(), 'kindly-read-thread-'));
    database = await createDatabase({ sqliteFile: join(dir, 'kindly.db'), sqliteThreads: { read: SCRIPT } });
  });
  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const numbers = { sql: "select cast(json_object('n', n) as blob) from t order by n", parameters: [] };

  it('reads a JSON array in pieces while writes go on, and sees them in the next read', async () => {
    const { db } = database;
    await sql`create table t (n integer)`.execute(db);
    await sql`with recursive s(n) as (select 1 union all select n + 1 from s where n < 1000) insert into t select n from s`.execute(db);
    const reading = text(readJsonArray(db, numbers, 7));
    // Neither waits for the read: a write and a read on the main connection.
    await sql`insert into t values (1001)`.execute(db);
    expect((await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows[0]!.n).toBe(1001);
    const first = JSON.parse(await reading) as Array<{ n: number }>;
    expect(first.length === 1000 || first.length === 1001).toBe(true);
    expect(first.map((row) => row.n)).toEqual(Array.from({ length: first.length }, (_, i) => i + 1));
    const again = JSON.parse(await text(readJsonArray(db, numbers, 1000))) as unknown[];
    expect(again).toHaveLength(1001);
    expect(await text(readJsonArray(db, { sql: 'select cast(n as blob) from t where n < 0', parameters: [] }, 10))).toBe('[]');
  });

  it('answers a failed statement with its error and goes on reading', async () => {
    const { db } = database;
    await sql`create table t (n integer)`.execute(db);
    await sql`insert into t values (1), (2)`.execute(db);
    await expect(text(readJsonArray(db, { sql: 'select nope from t', parameters: [] }, 10))).rejects.toThrow(/database read failed: no such column: nope/);
    // The thread is read-only: a write sent to it fails and changes nothing.
    await expect(text(readJsonArray(db, { sql: 'delete from t returning cast(n as blob)', parameters: [] }, 10))).rejects.toThrow(/readonly/);
    expect(JSON.parse(await text(readJsonArray(db, numbers, 1)))).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('makes the guest list the route answers, byte for byte the list the guests are', async () => {
    const t = appOn(database);
    const f = await createEventFixture(t);
    const created = await f.host.request('POST', `/occasions/${f.occasionId}/guests`, { guests: generateGuests(600) });
    expect(created.status).toBe(200);
    for (const [firstName, lastName] of [['Zoë', 'Brontë'], ['Ana 🌸', '李']]) {
      expect((await f.host.request('POST', `/occasion/${f.occasionId}/guest`, { firstName, lastName })).status).toBe(201);
    }
    const whole = JSON.stringify(await loadGuests(t.deps.db, f.occasionId));
    expect(await text(guestJsonParts(t.deps.db, f.occasionId, 100))).toBe(whole);
    expect(await text(guestJsonParts(t.deps.db, f.occasionId, 500, 3))).toBe(JSON.stringify((JSON.parse(whole) as unknown[]).slice(0, 3)));
    const answer = await t.app.request(`http://localhost/host/v1/occasion/${f.occasionId}/guests`, {
      headers: { cookie: f.host.jar.header(), 'accept-encoding': 'br' },
    });
    expect(answer.status).toBe(200);
    expect((await unbrotli(Buffer.from(await answer.arrayBuffer()))).toString('utf8')).toBe(whole);
  });

  it('makes the replies the route answers, the same text as the rows give', async () => {
    const t = appOn(database);
    const f = await createEventFixture(t);
    const base = `http://localhost/host/v1/occasion/${f.occasionId}/replies`;
    const answered = async () => (await t.app.request(base, { headers: { cookie: f.host.jar.header() } })).text();
    expect(await answered()).toBe('[]');
    const smiths = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
    const sent = await eventRequest(t.app, 'POST', '/rsvp', { token: smiths.token, body: smithsWholeReply(f, { message: 'Zoë says “yes” 🌸\n\t"see" you \\ there' }) });
    expect(sent.status).toBe(201);
    const joneses = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.jones.inviteCode });
    const brunch = [
      { guestId: f.jones.ann, activityId: f.activities.brunch, response: 'ATTENDING' },
      { guestId: f.jones.sam, activityId: f.activities.brunch, response: 'DECLINED' },
    ];
    expect((await eventRequest(t.app, 'POST', '/rsvp', { token: joneses.token, body: { responses: brunch } })).status).toBe(201);
    // A reply whose sender is no longer known (erased, say) answers `answeredBy: null`.
    await t.deps.db.updateTable('rsvp').set({ answeredByGuestId: null }).where('householdId', '=', f.jones.id).execute();
    const rows = await listReplies(t.deps.db, f.occasionId);
    expect(rows.map((reply) => reply.answeredBy?.firstName ?? null)).toEqual([null, 'Jane']);
    const expected = JSON.stringify(rows);
    expect(Buffer.from(await repliesJson(t.deps.db, 'sqlite', f.occasionId)).toString('utf8')).toBe(expected);
    expect(await repliesJson(t.deps.db, 'postgres', f.occasionId)).toBe(expected);
    expect(await answered()).toBe(expected);
  });
});
