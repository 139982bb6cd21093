import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { INVITATION_DAYS, type DoorList, type InvitationCreate, type People, type PendingInvitation, type Person, type Role } from '../../core/schemas/people';
import type { DatabaseKind } from '../db/create-database';
import { newId } from '../db/ids';
import type { Database, OccasionInvitationTable } from '../db/schema';
import { conflict, notFound } from './api-error';
import { hostActor, recordHistory } from './history';
import { lockOccasionRoles } from './occasion-roles';

/** How long an invitation's link works. */
export const INVITATION_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000;

/** A new invitation token: 256 random bits, URL-safe. Only its hash is stored. */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a token: its SHA-256, hex. */
export function invitationTokenHash(token: string): string {
  return hash('sha256', token, 'hex');
}

/** The occasion's people (owners first, then by name) and its pending invitations (newest first). */
export async function listPeople(db: Kysely<Database>, occasionId: string, now = new Date()): Promise<People> {
  const [people, invitations] = await Promise.all([
    db
      .selectFrom('occasionRole')
      .innerJoin('account', 'account.id', 'occasionRole.accountId')
      .select(['occasionRole.accountId', 'account.firstName', 'account.lastName', 'account.email', 'occasionRole.role', 'occasionRole.createdAt'])
      .where('occasionRole.occasionId', '=', occasionId)
      .execute(),
    db
      .selectFrom('occasionInvitation')
      .selectAll()
      .where('occasionId', '=', occasionId)
      .where('acceptedAt', 'is', null)
      .where('expiresAt', '>', now.toISOString())
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .execute(),
  ]);
  const ownersFirst = (person: Person) => (person.role === 'owner' ? 0 : 1);
  return {
    people: people
      .map((row): Person => ({ accountId: row.accountId, firstName: row.firstName, lastName: row.lastName, email: row.email, role: row.role as Role, addedAt: row.createdAt }))
      .sort((a, b) => ownersFirst(a) - ownersFirst(b) || a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.accountId.localeCompare(b.accountId)),
    invitations: invitations.map(toPendingInvitation),
  };
}

export function toPendingInvitation(row: OccasionInvitationTable): PendingInvitation {
  return { id: row.id, email: row.email, role: row.role as Role, invitedByName: row.invitedByName, createdAt: row.createdAt, expiresAt: row.expiresAt };
}

/**
 * Writes an invitation (call it in the transaction that queues its email): refused with 409 when
 * the address's account already has a role here; a pending invitation to the same address is
 * replaced, so only the newest link works.
 */
export async function insertInvitation(
  trx: Kysely<Database>,
  occasionId: string,
  input: InvitationCreate,
  invitedBy: { accountId: string; name: string },
  tokenHash: string,
  now: Date,
): Promise<OccasionInvitationTable> {
  const emailKey = input.email.toLowerCase();
  const member = await trx
    .selectFrom('occasionRole')
    .innerJoin('account', 'account.id', 'occasionRole.accountId')
    .select('account.id')
    .where('occasionRole.occasionId', '=', occasionId)
    .where('account.emailKey', '=', emailKey)
    .executeTakeFirst();
  if (member) throw conflict('This person already helps run this occasion. Change their role instead.');
  await trx.deleteFrom('occasionInvitation').where('occasionId', '=', occasionId).where('emailKey', '=', emailKey).where('acceptedAt', 'is', null).execute();
  const row: OccasionInvitationTable = {
    id: newId(),
    occasionId,
    email: input.email,
    emailKey,
    role: input.role,
    tokenHash,
    invitedByAccountId: invitedBy.accountId,
    invitedByName: invitedBy.name,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + INVITATION_MS).toISOString(),
    acceptedAt: null,
    acceptedByAccountId: null,
  };
  await trx.insertInto('occasionInvitation').values(row).execute();
  return row;
}

/**
 * The invitation a token names, usable now: 404 for an unknown (or revoked) token, 409 for one
 * used or expired. Found by the token's hash, and the hashes compared again in constant time.
 */
export async function usableInvitation(db: Kysely<Database>, kind: DatabaseKind, token: string, now: Date, lock = false): Promise<OccasionInvitationTable> {
  const tokenHash = invitationTokenHash(token);
  let query = db.selectFrom('occasionInvitation').selectAll().where('tokenHash', '=', tokenHash);
  if (lock && kind === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row || !timingSafeEqual(Buffer.from(row.tokenHash), Buffer.from(tokenHash))) {
    throw notFound('This invitation link is not valid: it may have been withdrawn. Ask the occasion’s owner for a new one.');
  }
  if (row.acceptedAt !== null) throw conflict('This invitation has already been used.');
  if (Date.parse(row.expiresAt) <= now.getTime()) throw conflict('This invitation has expired. Ask the occasion’s owner for a new one.');
  return row;
}

/** Accepts an invitation for the account, once: the account gains the invitation's role on its occasion. */
export async function acceptInvitation(db: Kysely<Database>, kind: DatabaseKind, token: string, accountId: string, now = new Date()): Promise<{ occasionId: string; role: Role }> {
  return db.transaction().execute(async (trx) => {
    const invitation = await usableInvitation(trx, kind, token, now, true);
    const roles = await lockOccasionRoles(trx, kind, invitation.occasionId);
    if (roles.some((row) => row.accountId === accountId)) throw conflict('You already help run this occasion.');
    await trx.insertInto('occasionRole').values({ occasionId: invitation.occasionId, accountId, role: invitation.role, createdAt: now.toISOString() }).execute();
    await trx.updateTable('occasionInvitation').set({ acceptedAt: now.toISOString(), acceptedByAccountId: accountId }).where('id', '=', invitation.id).execute();
    await recordPersonChange(trx, invitation.occasionId, accountId, accountId, 'CREATE', null, invitation.role);
    return { occasionId: invitation.occasionId, role: invitation.role as Role };
  });
}

const LAST_OWNER = 'An occasion needs at least one owner: make someone else owner first.';

/**
 * Changes a person's role, in a transaction whose role check locked every role row of the
 * occasion (the route's `own` permission), so two owners cannot demote each other at once.
 */
export async function changeRole(trx: Kysely<Database>, kind: DatabaseKind, occasionId: string, accountId: string, role: Role, changedBy: string): Promise<Person> {
  const roles = await lockOccasionRoles(trx, kind, occasionId);
  const current = roles.find((row) => row.accountId === accountId);
  if (!current) throw notFound('No such person on this occasion.');
  if (current.role === 'owner' && role !== 'owner' && roles.filter((row) => row.role === 'owner').length === 1) throw conflict(LAST_OWNER);
  await trx.updateTable('occasionRole').set({ role }).where('occasionId', '=', occasionId).where('accountId', '=', accountId).execute();
  await recordPersonChange(trx, occasionId, changedBy, accountId, 'UPDATE', current.role, role);
  const row = await trx
    .selectFrom('occasionRole')
    .innerJoin('account', 'account.id', 'occasionRole.accountId')
    .select(['occasionRole.accountId', 'account.firstName', 'account.lastName', 'account.email', 'occasionRole.role', 'occasionRole.createdAt'])
    .where('occasionRole.occasionId', '=', occasionId)
    .where('occasionRole.accountId', '=', accountId)
    .executeTakeFirstOrThrow();
  return { accountId: row.accountId, firstName: row.firstName, lastName: row.lastName, email: row.email, role: row.role as Role, addedAt: row.createdAt };
}

/** Removes a person's role (the last owner stays). */
export async function removePerson(trx: Kysely<Database>, kind: DatabaseKind, occasionId: string, accountId: string, removedBy: string): Promise<void> {
  const roles = await lockOccasionRoles(trx, kind, occasionId);
  const current = roles.find((row) => row.accountId === accountId);
  if (!current) throw notFound('No such person on this occasion.');
  if (current.role === 'owner' && roles.filter((row) => row.role === 'owner').length === 1) throw conflict(LAST_OWNER);
  await trx.deleteFrom('occasionRole').where('occasionId', '=', occasionId).where('accountId', '=', accountId).execute();
  await recordPersonChange(trx, occasionId, removedBy, accountId, 'DELETE', current.role, null);
}

/** A role given, changed or ended, in the occasion's history: by whom, to whom (by name at the time), from what to what. */
async function recordPersonChange(
  trx: Kysely<Database>,
  occasionId: string,
  actorId: string,
  accountId: string,
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  before: string | null,
  after: string | null,
): Promise<void> {
  const person = await trx.selectFrom('account').select(['firstName', 'lastName']).where('id', '=', accountId).executeTakeFirst();
  const subjectName = person ? `${person.firstName} ${person.lastName}`.trim() : '';
  await recordHistory(trx, occasionId, hostActor(actorId), [
    { entity: 'PERSON', entityId: accountId, action, changes: { role: [before, after] }, householdId: null, guestId: null, subjectName },
  ]);
}

/** The names-only list the `door` role works from. */
export async function doorList(db: Kysely<Database>, occasionId: string): Promise<DoorList> {
  const [households, guests] = await Promise.all([
    db.selectFrom('household').select(['id', 'name']).where('occasionId', '=', occasionId).orderBy('name').orderBy('id').execute(),
    db
      .selectFrom('guest')
      .select(['id', 'firstName', 'lastName', 'householdId'])
      .where('occasionId', '=', occasionId)
      .orderBy('lastName')
      .orderBy('firstName')
      .orderBy('id')
      .execute(),
  ]);
  const byHousehold = new Map(households.map((household) => [household.id, { id: household.id, name: household.name, guests: [] as DoorList['guests'] }]));
  const alone: DoorList['guests'] = [];
  for (const { householdId, ...guest } of guests) {
    const household = householdId ? byHousehold.get(householdId) : undefined;
    if (household) household.guests.push(guest);
    else alone.push(guest);
  }
  return { households: [...byHousehold.values()], guests: alone };
}
