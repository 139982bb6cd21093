import { hash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Role } from '../../core/schemas/people';
import { queries } from '../db/queries';
import type { AccountTable, Database } from '../db/schema';

/** Host sessions last 30 days from sign-in, in the cookie and in the sessions table alike. */
export const HOST_SESSION_SECONDS = 30 * 24 * 60 * 60;
/** Our tokens are 43 characters; anything much longer is not one of ours and is not worth hashing. */
const MAX_TOKEN_LENGTH = 200;

/** A new host session token: 256 random bits, URL-safe. Only its hash is ever stored. */
export function newHostSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The `hostSession.id` of a token: its SHA-256, hex. */
export function hostSessionId(token: string): string {
  return hash('sha256', token, 'hex');
}

/**
 * Starts a session for the account (sweeping expired ones) and returns its token. `secondFactor`:
 * the sign-in also took an authenticator's or a recovery code.
 */
export async function startHostSession(db: Kysely<Database>, accountId: string, now = new Date(), secondFactor = false): Promise<string> {
  const token = newHostSessionToken();
  await db.deleteFrom('hostSession').where('expiresAt', '<=', now.toISOString()).execute();
  await db
    .insertInto('hostSession')
    .values({
      id: hostSessionId(token),
      accountId,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + HOST_SESSION_SECONDS * 1000).toISOString(),
      secondFactor: secondFactor ? 1 : 0,
    })
    .execute();
  return token;
}

/** The occasion a request names, read in its session's lookup: its revision and the account's role, both null without a role. */
export interface SessionOccasion {
  id: string;
  revision: number | null;
  role: Role | null;
  /** The occasion asks everyone with a role to sign in with a second factor (false without a role). */
  requireTwoFactor: boolean;
}

export interface LiveHostSession {
  sessionId: string;
  accountId: string;
  /** The session began with a second factor (an authenticator's or a recovery code). */
  secondFactor: boolean;
  /** Present when the lookup was asked about an occasion (see {@link findLiveHostSession}). */
  occasion?: SessionOccasion;
}

/**
 * The live session a token names, by one lookup of the hashed token in the primary key:
 * undefined once the row is gone (sign-out, password change, account deleted) or expired.
 * Given the occasion the request is about, the same statement reads the account's role there
 * and the occasion's revision, so an occasion's route costs one lookup before its own reads.
 */
export async function findLiveHostSession(
  db: Kysely<Database>,
  token: string | undefined,
  occasionId?: string,
): Promise<LiveHostSession | undefined> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return undefined;
  const sessionId = hostSessionId(token);
  if (occasionId === undefined) {
    const row = (await queries.hostSession(db, { sessionId }))[0];
    return row && isLive(row) ? { sessionId, accountId: row.accountId, secondFactor: Number(row.secondFactor) === 1 } : undefined;
  }
  const row = (await queries.hostSessionWithOccasion(db, { sessionId, occasionId }))[0];
  if (!row || !isLive(row)) return undefined;
  // PostgreSQL's driver may answer an integer column as a string.
  const role = row.role === null ? null : (row.role as Role);
  return {
    sessionId,
    accountId: row.accountId,
    secondFactor: Number(row.secondFactor) === 1,
    occasion: { id: occasionId, revision: role === null ? null : Number(row.revision), role, requireTwoFactor: role !== null && Number(row.requireTwoFactor) === 1 },
  };
}

/**
 * Whether a row's `expiresAt` (an ISO instant as `toISOString` writes it) is still ahead. Compared
 * as a number: `new Date().toISOString()` on every request cost ~7 k instructions (V8 formats it
 * through `vsnprintf`), more than parsing the stored text.
 */
const isLive = (row: { expiresAt: string }) => Date.parse(row.expiresAt) > Date.now();

export interface HostSessionAccount extends LiveHostSession, Pick<Selectable<AccountTable>, 'email' | 'firstName' | 'lastName'> {}

/** The live session with its account's names, for Auth.js's session route (one joined lookup). */
export async function findHostSessionAccount(db: Kysely<Database>, token: string | undefined): Promise<HostSessionAccount | undefined> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return undefined;
  const sessionId = hostSessionId(token);
  const row = await db
    .selectFrom('hostSession')
    .innerJoin('account', 'account.id', 'hostSession.accountId')
    .select(['hostSession.accountId', 'hostSession.expiresAt', 'hostSession.secondFactor', 'account.email', 'account.firstName', 'account.lastName'])
    .where('hostSession.id', '=', sessionId)
    .executeTakeFirst();
  if (!row || row.expiresAt <= new Date().toISOString()) return undefined;
  return { sessionId, accountId: row.accountId, secondFactor: Number(row.secondFactor) === 1, email: row.email, firstName: row.firstName, lastName: row.lastName };
}

/** Ends one session. */
export async function endHostSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('hostSession').where('id', '=', sessionId).execute();
}
