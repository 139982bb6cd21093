import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../db/create-database';
import type { Database } from '../db/schema';
import { guestJsonParts } from './guest-list-sqlite';
import type { Invitation } from '../../core/schemas/guest';
import { loadInvitations, selectAllGuests, toGuest, type GuestFields } from './guests';

/** Guests per piece of text: small enough for compression to start early, big enough to be cheap. */
const GUESTS_PER_PART = 500;

/**
 * The occasion's whole guest list as JSON text in pieces. On SQLite each guest's text is made
 * by the database as the statement runs, as UTF-8 bytes ({@link guestJsonParts}); on PostgreSQL the rows are read at once, the text
 * made piece by piece as the response's compression asks for it, so zlib (on libuv's threads)
 * works while the next piece is written. One `JSON.stringify` per piece, over plain objects
 * built straight from the columns (V8's fast path), beats building the text by hand.
 * Joined, the pieces are the text `JSON.stringify(loadGuests(…))` gives.
 */
export async function guestListParts(db: Kysely<Database>, kind: DatabaseKind, occasionId: string): Promise<AsyncIterable<string | Uint8Array>> {
  if (kind === 'sqlite') return guestJsonParts(db, occasionId, GUESTS_PER_PART);
  const [rows, invitations] = await Promise.all([selectAllGuests(db, occasionId), loadInvitations(db, occasionId)]);
  return writeParts(rows, invitations);
}

/**
 * The text of the list's first `limit` guests (`GET …/guests?limit=`; on SQLite its UTF-8 bytes):
 * the same statement as the whole list's, stopped after `limit` rows, so its guests are byte for
 * byte the list's first ones.
 * On PostgreSQL only those guests' lines are read.
 */
export async function guestListFirstPage(db: Kysely<Database>, kind: DatabaseKind, occasionId: string, limit: number): Promise<string | Uint8Array<ArrayBuffer>> {
  if (kind === 'sqlite') {
    const parts: Uint8Array[] = [];
    for await (const part of guestJsonParts(db, occasionId, limit, limit)) parts.push(part);
    return Buffer.concat(parts); // SQLite's UTF-8 bytes, sent as they are
  }
  const rows = await selectAllGuests(db, occasionId, limit);
  if (rows.length === 0) return '[]';
  const invitations = await loadInvitations(db, occasionId, rows.map((row) => row.id));
  return JSON.stringify(rows.map((row) => toGuest(row, invitations.get(row.id) ?? [])));
}

async function* writeParts(rows: readonly GuestFields[], invitations: ReadonlyMap<string, Invitation[]>): AsyncGenerator<string> {
  if (rows.length === 0) {
    yield '[]';
    return;
  }
  for (let start = 0; start < rows.length; start += GUESTS_PER_PART) {
    const end = Math.min(rows.length, start + GUESTS_PER_PART);
    const guests = rows.slice(start, end).map((row) => toGuest(row, invitations.get(row.id) ?? []));
    const text = JSON.stringify(guests);
    // Each piece is an array's text; its brackets become the commas between pieces.
    yield `${start === 0 ? '[' : ','}${text.slice(1, -1)}${end === rows.length ? ']' : ''}`;
    // A turn of the event loop, so the compressor's callbacks hand it the pieces already written.
    await nextTurn();
  }
}
