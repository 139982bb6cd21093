import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { normaliseInviteCode, normaliseName, type EventGuest, type GuestCredentials } from '../../core/schemas/event';
import type { Database } from '../db/schema';

/** Who a successful guest sign-in is. */
export interface SignedInGuest {
  householdId: string;
  guest: EventGuest;
}

interface OccasionSecrets {
  id: string;
  passcode: string | null;
}

/**
 * Finds the guest that credentials name in an occasion, or undefined for every kind of failure
 * alike (unknown occasion, unknown name, two guests of one name, wrong code or passcode).
 * Secrets are compared in constant time.
 */
export async function findGuestByCredentials(
  db: Kysely<Database>,
  occasion: OccasionSecrets | undefined,
  credentials: GuestCredentials,
): Promise<SignedInGuest | undefined> {
  if ('inviteCode' in credentials) return findByInviteCode(db, occasion, credentials.inviteCode);
  return findByName(db, occasion, credentials);
}

async function findByInviteCode(
  db: Kysely<Database>,
  occasion: OccasionSecrets | undefined,
  inviteCode: string,
): Promise<SignedInGuest | undefined> {
  const code = normaliseInviteCode(inviteCode);
  const household = await db
    .selectFrom('household')
    .select(['id', 'inviteCode'])
    .where('occasionId', '=', occasion?.id ?? '')
    .where('inviteCode', '=', code)
    .executeTakeFirst();
  const codeMatches = secretsEqual(household?.inviteCode ?? '', code);
  // Looked up even without a household, so that a wrong code costs what a right one does.
  const guest = await firstAdultMember(db, household?.id ?? '');
  if (!occasion || !household || !codeMatches || !guest) return undefined;
  return { householdId: household.id, guest };
}

/** The household's first adult (by age group, then not a plus-one, then oldest record); any member if none. */
async function firstAdultMember(db: Kysely<Database>, householdId: string): Promise<SignedInGuest['guest'] | undefined> {
  const members = await db
    .selectFrom('guest')
    .select(['id', 'firstName', 'lastName', 'ageGroup', 'plusOneOf', 'createdAt'])
    .where('householdId', '=', householdId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const rank = (member: (typeof members)[number]) => (member.ageGroup === 'ADULT' ? 0 : 2) + (member.plusOneOf ? 1 : 0);
  const first = members.reduce<(typeof members)[number] | undefined>(
    (best, member) => (!best || rank(member) < rank(best) ? member : best),
    undefined,
  );
  return first && { id: first.id, firstName: first.firstName, lastName: first.lastName };
}

async function findByName(
  db: Kysely<Database>,
  occasion: OccasionSecrets | undefined,
  credentials: { firstName: string; lastName: string; passcode?: string | undefined },
): Promise<SignedInGuest | undefined> {
  const matches = await db
    .selectFrom('guest')
    .select(['id', 'firstName', 'lastName', 'householdId'])
    .where('occasionId', '=', occasion?.id ?? '')
    .where('nameKey', '=', normaliseName(`${credentials.firstName} ${credentials.lastName}`))
    .limit(2)
    .execute();
  // Compared whether or not a guest was found, so both paths do the same work.
  const passcodeMatches = secretsEqual(normalisePasscode(occasion?.passcode ?? ''), normalisePasscode(credentials.passcode ?? ''));
  const guest = matches.length === 1 ? matches[0] : undefined;
  if (!occasion || !guest?.householdId || (occasion.passcode !== null && !passcodeMatches)) return undefined;
  return { householdId: guest.householdId, guest: { id: guest.id, firstName: guest.firstName, lastName: guest.lastName } };
}

/**
 * Passcodes are printed on paper and typed on phones that capitalise the first letter, so they
 * match ignoring case and surrounding spaces.
 */
function normalisePasscode(passcode: string): string {
  return passcode.normalize('NFC').trim().toLowerCase();
}

/** Constant-time equality of two strings of any lengths (their hashes are compared). */
export function secretsEqual(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}
