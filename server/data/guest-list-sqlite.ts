import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { holdSqliteSnapshot } from '../db/sqlite-connection';

/**
 * The occasion's guest list as JSON text (UTF-8 bytes) in pieces of `guestsPerPart` guests, read
 * from one statement as it runs. Each guest's text is made by SQLite's JSON functions: no row
 * objects, no `JSON.stringify`, a third of the time of reading guests and lines as rows on the
 * 10,000-guest list. SQLite hands each guest over as a blob of its UTF-8 bytes, which go out as
 * they are: as JavaScript strings, joining them and encoding them back to UTF-8 for the
 * compressor cost more than SQLite's work (the bench's list, where 18% of guests have a letter
 * outside ASCII: 154 ms for the pieces as strings, 101 ms as bytes, medians of 12, alternated). The text of each is what `JSON.stringify(toGuest(…))` gives: the same keys in the same
 * order, `plusOneAllowed` as a boolean, `attributes` as the stored object, invitations in
 * activity order (start time, sort order, id). That order is read first, as the text
 * `|id|id|…|`, and each line sorts by where its activity stands in it: no join with the
 * activity table per line (12% fewer instructions in SQLite on the 10,000-guest list, by
 * callgrind). Ids are base64url (`newId`), so `|` never occurs in one.
 *
 * Each piece is read synchronously from the open statement (a piece's rows through Kysely's
 * stream cost three async generator steps each), then the event loop gets a turn: the answer's
 * compression, on libuv's threads, works on one piece while SQLite makes the next, where without
 * that turn it waited for the whole list. Both statements run in one read snapshot, held from
 * the activity order to the last piece (or the consumer's early return), so no write comes
 * between them and the pieces are consistent: on the database file's read connection, while
 * other requests write and read on the main one ({@link holdSqliteSnapshot}).
 * Joined, the pieces are the list's whole text (with `limit`, that of its first `limit` guests).
 */
export async function* guestJsonParts(db: Kysely<Database>, occasionId: string, guestsPerPart: number, limit?: number): AsyncGenerator<Buffer> {
  const held = await holdSqliteSnapshot(db);
  let rows: IterableIterator<Buffer> | undefined;
  try {
    const activityOrder = held.sqlite.prepare<[string], string>(ACTIVITY_ORDER).pluck().all(occasionId);
    const ordered = guestJsonQuery(db, occasionId, `|${activityOrder.join('|')}|`);
    const query = (limit === undefined ? ordered : ordered.limit(limit)).compile();
    rows = held.sqlite.prepare<unknown[], Buffer>(query.sql).pluck().iterate(...query.parameters);
    let opened = false;
    for (;;) {
      const part = readUpTo(rows, guestsPerPart);
      const last = part.length < guestsPerPart;
      yield piece(part, opened, last);
      if (last) return;
      opened = true;
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    rows?.return?.();
    await held.release();
  }
}

function readUpTo(rows: IterableIterator<Buffer>, count: number): Buffer[] {
  const part: Buffer[] = [];
  while (part.length < count) {
    const next = rows.next();
    if (next.done) break;
    part.push(next.value);
  }
  return part;
}

const [OPEN, COMMA, CLOSE, EMPTY] = ['[', ',', ']', '[]'].map((text) => Buffer.from(text)) as [Buffer, Buffer, Buffer, Buffer];

/** A piece of the list's text: its guests, comma-separated, opening or continuing the array, closing it when last. */
function piece(guests: readonly Buffer[], opened: boolean, last: boolean): Buffer {
  if (guests.length === 0) return opened ? CLOSE : EMPTY;
  const bytes: Buffer[] = [opened ? COMMA : OPEN];
  guests.forEach((guest, i) => (i === 0 ? bytes.push(guest) : bytes.push(COMMA, guest)));
  if (last) bytes.push(CLOSE);
  return Buffer.concat(bytes);
}

const ACTIVITY_ORDER = 'select id from activity where occasionId = ? order by startsAt, sortOrder, id';

function guestJsonQuery(db: Kysely<Database>, occasionId: string, activityOrder: string) {
  return db
    .selectFrom('guest as g')
    .select(
      sql<Buffer>`cast(json_object(
        'id', g.id, 'occasionId', g.occasionId, 'householdId', g.householdId,
        'firstName', g.firstName, 'lastName', g.lastName, 'email', g.email, 'phone', g.phone,
        'ageGroup', g.ageGroup, 'plusOneAllowed', json(iif(g.plusOneAllowed, 'true', 'false')),
        'plusOneOf', g.plusOneOf, 'dietaryNotes', g.dietaryNotes, 'attributes', json(g.attributes),
        'notes', g.notes,
        'invitations', (
          select json_group_array(
            json_object('inviteLineId', l.id, 'activityId', l.activityId, 'response', l.response, 'mealChoice', l.mealChoice)
            order by instr(${activityOrder}, '|' || l.activityId || '|')
          )
          from inviteLine l
          where l.guestId = g.id
        ),
        'createdAt', g.createdAt, 'updatedAt', g.updatedAt
      ) as blob)`.as('json'),
    )
    .where('g.occasionId', '=', occasionId)
    .orderBy('g.lastName')
    .orderBy('g.firstName')
    .orderBy('g.id');
}
