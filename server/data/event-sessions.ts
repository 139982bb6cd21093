import { hash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { groupedWrite, queries } from '../db/queries';
import type { Database, GuestSessionTable } from '../db/schema';

export type GuestSessionRow = Selectable<GuestSessionTable>;

/**
 * A live session as every guest request needs it: the columns of its row the routes use, and its
 * occasion's `allowedOrigins` (the origin check), `rsvpDeadline` (writes) and `revision` (what
 * the server may reuse of earlier answers), read in the same lookup.
 */
export type LiveGuestSession = Pick<GuestSessionRow, 'tokenHash' | 'occasionId' | 'householdId' | 'guestId' | 'expiresAt'> & {
  allowedOrigins: string;
  rsvpDeadline: string | null;
  revision: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** A guest session lasts this long from sign-in… */
export const GUEST_SESSION_MS = 30 * DAY_MS;
/** …but never past this long after the end of the occasion's last day. */
export const GUEST_SESSION_AFTER_OCCASION_MS = 14 * DAY_MS;

/** A new session token: 256 random bits, URL-safe. Only its hash is ever stored. */
export function newGuestToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, hex. */
export function hashGuestToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/**
 * When a session started now ends: 30 days on, capped at 14 days after the occasion's end date
 * (taken as the end of that day in UTC). Undefined when the cap has already passed.
 */
export function guestSessionExpiry(endDate: string, now: Date): Date | undefined {
  const afterOccasion = Date.parse(`${endDate}T00:00:00.000Z`) + DAY_MS + GUEST_SESSION_AFTER_OCCASION_MS;
  const expiresAt = Math.min(now.getTime() + GUEST_SESSION_MS, afterOccasion);
  return expiresAt > now.getTime() ? new Date(expiresAt) : undefined;
}

export interface NewGuestSession {
  occasionId: string;
  householdId: string;
  guestId: string;
  platform: string | null;
  expiresAt: Date;
}

/**
 * Stores a new session and returns its token, which exists nowhere else from now on. The
 * household's expired sessions go at the same time, so the table does not grow forever. Both
 * join the embedded database's group commit: a wave of sign-ins commits together.
 */
export async function createGuestSession(db: Kysely<Database>, session: NewGuestSession, now: Date): Promise<string> {
  const token = newGuestToken();
  await groupedWrite(db, async (writer) => {
    await writer
      .deleteFrom('guestSession')
      .where('householdId', '=', session.householdId)
      .where('expiresAt', '<=', now.toISOString())
      .execute();
    await writer
      .insertInto('guestSession')
      .values({
        tokenHash: hashGuestToken(token),
        occasionId: session.occasionId,
        householdId: session.householdId,
        guestId: session.guestId,
        platform: session.platform,
        createdAt: now.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
      })
      .execute();
  });
  return token;
}

/**
 * The live session of a token, or undefined when it is unknown, revoked or expired, or when
 * the host has since moved its guest to another household (the session was for the old one).
 */
export async function findLiveGuestSession(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<LiveGuestSession | undefined> {
  const tokenHash = hashGuestToken(token);
  const row = (await queries.guestSession(db, { tokenHash }))[0];
  // The expiry is compared here, as a number: the statement compared it with
  // `now.toISOString()`, which V8 formats through `vsnprintf` (~7 k instructions a request).
  if (!row || !(Date.parse(row.expiresAt) > now.getTime())) return undefined;
  return {
    tokenHash,
    occasionId: row.occasionId,
    householdId: row.householdId,
    guestId: row.guestId,
    expiresAt: row.expiresAt,
    allowedOrigins: row.allowedOrigins,
    rsvpDeadline: row.rsvpDeadline,
    // PostgreSQL's driver may answer an integer column as a string.
    revision: Number(row.revision),
  };
}

/** Revokes a session on the server. */
export async function deleteGuestSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('guestSession').where('tokenHash', '=', tokenHash).execute();
}
