import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { readJsonArray } from '../db/sqlite-connection';

/**
 * The occasion's guest list as JSON text (UTF-8 bytes) in pieces of `guestsPerPart` guests, read
 * from one statement as it runs ({@link readJsonArray}: on the database's read thread in a
 * server). Each guest's text is made by SQLite's JSON functions: no row objects, no
 * `JSON.stringify`, a third of the time of reading guests and lines as rows on the 10,000-guest
 * list. SQLite hands each guest over as a blob of its UTF-8 bytes, which go out as they are: as
 * JavaScript strings, joining them and encoding them back to UTF-8 for the compressor cost more
 * than SQLite's work (the bench's list, where 18% of guests have a letter outside ASCII: 154 ms
 * for the pieces as strings, 101 ms as bytes, medians of 12, alternated). The text of each is
 * what `JSON.stringify(toGuest(…))` gives: the same keys in the same order, `plusOneAllowed` as
 * a boolean, `attributes` as the stored object, invitations in activity order (start time, sort
 * order, id). That order is made once per statement, as the text `|id|id|…|`, and each line
 * sorts by where its activity stands in it: no join with the activity table per line (12% fewer
 * instructions in SQLite on the 10,000-guest list, by callgrind). Ids are base64url (`newId`),
 * so `|` never occurs in one. With `limit`, the pieces are those of its first `limit` guests.
 */
export function guestJsonParts(db: Kysely<Database>, occasionId: string, guestsPerPart: number, limit?: number): AsyncIterable<Uint8Array> {
  return readJsonArray(db, guestJsonStatement(db, occasionId, limit), guestsPerPart);
}

/** The statement of {@link guestJsonParts}: each guest's JSON text as a blob of its UTF-8 bytes. */
export function guestJsonStatement(db: Kysely<Database>, occasionId: string, limit?: number): CompiledQuery {
  const ordered = guestJsonQuery(db, occasionId);
  return (limit === undefined ? ordered : ordered.limit(limit)).compile();
}

function guestJsonQuery(db: Kysely<Database>, occasionId: string) {
  // Not correlated with the guest, so SQLite makes it once for the statement.
  const activityOrder = sql<string>`(
    select '|' || group_concat(a.id, '|' order by a.startsAt, a.sortOrder, a.id) || '|'
    from activity a
    where a.occasionId = ${occasionId}
  )`;
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
