import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { Reply } from '../../core/schemas/reply';
import type { DatabaseKind } from '../db/create-database';
import type { Database } from '../db/schema';
import { readJsonArray } from '../db/sqlite-connection';

/** Every household's reply of the occasion, newest `updatedAt` first, with who sent the last write. */
export async function listReplies(db: Kysely<Database>, occasionId: string): Promise<Reply[]> {
  const rows = await repliesOf(db, occasionId)
    .select([
      'rsvp.householdId',
      'household.name as householdName',
      'rsvp.message',
      'rsvp.submittedAt',
      'rsvp.updatedAt',
      'guest.id as guestId',
      'guest.firstName',
      'guest.lastName',
    ])
    .execute();
  return rows.map(({ guestId, firstName, lastName, ...reply }) => ({
    ...reply,
    answeredBy: guestId ? { guestId, firstName: firstName ?? '', lastName: lastName ?? '' } : null,
  }));
}

/**
 * {@link listReplies}' answer as JSON text: on SQLite made by the database, each reply's text by
 * its JSON functions, on the read thread ({@link readJsonArray}), so a large occasion's thousands
 * of replies never hold the request thread (5,000 of them took 10 ms there as rows); elsewhere
 * `JSON.stringify` of the rows. The same text either way: the keys in the same order.
 */
export async function repliesJson(db: Kysely<Database>, kind: DatabaseKind, occasionId: string): Promise<string | Uint8Array<ArrayBuffer>> {
  if (kind !== 'sqlite') return JSON.stringify(await listReplies(db, occasionId));
  const pieces: Uint8Array[] = [];
  for await (const piece of readJsonArray(db, replyJsonStatement(db, occasionId), REPLIES_PER_PIECE)) pieces.push(piece);
  return Buffer.concat(pieces);
}

/** The statement of {@link repliesJson} on SQLite: each reply's JSON text as a blob of its UTF-8 bytes. */
export function replyJsonStatement(db: Kysely<Database>, occasionId: string): CompiledQuery {
  return repliesOf(db, occasionId)
    .select(
      sql<Buffer>`cast(json_object(
        'householdId', rsvp.householdId, 'householdName', household.name, 'message', rsvp.message,
        'submittedAt', rsvp.submittedAt, 'updatedAt', rsvp.updatedAt,
        'answeredBy', json(coalesce(
          case when guest.id is not null then json_object('guestId', guest.id, 'firstName', coalesce(guest.firstName, ''), 'lastName', coalesce(guest.lastName, '')) end,
          'null'
        ))
      ) as blob)`.as('json'),
    )
    .compile();
}

/** Replies per piece from the read thread: the answer is sent whole, so pieces only cost messages between the threads. */
const REPLIES_PER_PIECE = 1000;

function repliesOf(db: Kysely<Database>, occasionId: string) {
  return db
    .selectFrom('rsvp')
    .innerJoin('household', 'household.id', 'rsvp.householdId')
    .leftJoin('guest', 'guest.id', 'rsvp.answeredByGuestId')
    .where('rsvp.occasionId', '=', occasionId)
    .orderBy('rsvp.updatedAt', 'desc')
    .orderBy('rsvp.householdId');
}
