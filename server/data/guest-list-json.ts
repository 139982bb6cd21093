import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../db/create-database';
import type { Database } from '../db/schema';
import { guestJsonParts } from './guest-list-sqlite';
import { guestJsonTexts } from './guest-list-postgres';

/** Guests per piece of text: small enough for compression to start early, big enough to be cheap. */
const GUESTS_PER_PART = 500;

/**
 * The occasion's whole guest list as JSON text in pieces. On SQLite each guest's text is made
 * by the database as the statement runs, as UTF-8 bytes ({@link guestJsonParts}); on PostgreSQL
 * too ({@link guestJsonTexts}), read at once and joined piece by piece as the response's
 * compression asks for it, so zlib (on libuv's threads) works while the next piece is joined.
 * Joined, the pieces are the text `JSON.stringify(loadGuests(…))` gives.
 */
export async function guestListParts(db: Kysely<Database>, kind: DatabaseKind, occasionId: string): Promise<AsyncIterable<string | Uint8Array>> {
  if (kind === 'sqlite') return guestJsonParts(db, occasionId, GUESTS_PER_PART);
  return joinedParts(await guestJsonTexts(db, occasionId));
}

/**
 * The text of the list's first `limit` guests (`GET …/guests?limit=`; on SQLite its UTF-8 bytes):
 * the same statement as the whole list's, stopped after `limit` rows, so its guests are byte for
 * byte the list's first ones.
 */
export async function guestListFirstPage(db: Kysely<Database>, kind: DatabaseKind, occasionId: string, limit: number): Promise<string | Uint8Array<ArrayBuffer>> {
  if (kind === 'sqlite') {
    const parts: Uint8Array[] = [];
    for await (const part of guestJsonParts(db, occasionId, limit, limit)) parts.push(part);
    return Buffer.concat(parts); // SQLite's UTF-8 bytes, sent as they are
  }
  return `[${(await guestJsonTexts(db, occasionId, limit)).join(',')}]`;
}

async function* joinedParts(guests: readonly string[]): AsyncGenerator<string> {
  if (guests.length === 0) {
    yield '[]';
    return;
  }
  for (let start = 0; start < guests.length; start += GUESTS_PER_PART) {
    const end = Math.min(guests.length, start + GUESTS_PER_PART);
    yield `${start === 0 ? '[' : ','}${guests.slice(start, end).join(',')}${end === guests.length ? ']' : ''}`;
    // A turn of the event loop, so the compressor's callbacks hand it the pieces already written.
    await nextTurn();
  }
}
