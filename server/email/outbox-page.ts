import type { Kysely } from 'kysely';
import type { OutboxEmailKind, EmailStatus, OutboxPage } from '../../core/schemas/email';
import type { Database } from '../db/schema';
import { ApiError } from '../data/api-error';

/** The outbox page size unless `limit` says otherwise, and the most `limit` may ask. */
export const OUTBOX_PAGE_DEFAULT = 50;
export const OUTBOX_PAGE_MAX = 200;

/** Where a page starts: after this message in newest-first order. */
interface Cursor {
  createdAt: string;
  id: string;
}

/** Reads `limit` (1 to 200) and `cursor` (a `nextCursor` of an earlier page); 400 for anything else. */
export function readOutboxQuery(limit: string | undefined, cursor: string | undefined): { limit: number; after: Cursor | undefined } {
  const size = limit === undefined || limit === '' ? OUTBOX_PAGE_DEFAULT : Number(limit);
  if (!Number.isInteger(size) || size < 1 || size > OUTBOX_PAGE_MAX || !/^\d+$/.test(limit ?? '1')) {
    throw badQuery('limit', `Limit must be a whole number from 1 to ${OUTBOX_PAGE_MAX}.`);
  }
  return { limit: size, after: cursor ? decodeCursor(cursor) : undefined };
}

/** One page of the occasion's outbox, newest first (by `createdAt`, then id). */
export async function outboxPage(db: Kysely<Database>, occasionId: string, limit: number, after: Cursor | undefined): Promise<OutboxPage> {
  let query = db
    .selectFrom('email')
    .select(['id', 'kind', 'householdId', 'to', 'subject', 'status', 'attempts', 'lastError', 'createdAt', 'sentAt'])
    .where('occasionId', '=', occasionId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('createdAt', '<', after.createdAt), eb.and([eb('createdAt', '=', after.createdAt), eb('id', '<', after.id)])]),
    );
  }
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    emails: page.map((row) => ({ ...row, kind: row.kind as OutboxEmailKind, status: row.status as EmailStatus, attempts: Number(row.attempts) })),
    nextCursor: rows.length > limit && last ? Buffer.from(JSON.stringify([last.createdAt, last.id])).toString('base64url') : null,
  };
}

function decodeCursor(cursor: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string')) {
      return { createdAt: value[0] as string, id: value[1] as string };
    }
  } catch {
    // Falls through to the 400 below.
  }
  throw badQuery('cursor', 'Cursor is not one this server gave.');
}

const badQuery = (path: string, message: string) => new ApiError(400, 'VALIDATION_FAILED', message, [{ path, message }]);
