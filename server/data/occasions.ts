import type { Kysely, Selectable } from 'kysely';
import type { Occasion, OccasionSummary } from '../../core/schemas/occasion';
import type { Role } from '../../core/schemas/people';
import type { Database, OccasionTable } from '../db/schema';
import type { HostIdentity } from '../app-env';
import { notFound } from './api-error';
import { ownedOccasionRevision } from './occasion-revision';
import { readBool } from './json-column';

export type OccasionRow = Selectable<OccasionTable>;

/** An occasion's row with the role of the account that asked for it. */
export type HostedOccasionRow = OccasionRow & { role: Role };

/**
 * The occasion if the host has a role on it, with that role; otherwise 404, as if it did not
 * exist. An API token's role is its own, on its own occasion only.
 */
export async function findOwnedOccasion(db: Kysely<Database>, host: HostIdentity, occasionId: string): Promise<HostedOccasionRow> {
  const row = host.apiToken
    ? await db
        .selectFrom('apiToken')
        .innerJoin('occasion', 'occasion.id', 'apiToken.occasionId')
        .selectAll('occasion')
        .select('apiToken.role')
        .where('apiToken.id', '=', host.apiToken.id)
        .where('apiToken.occasionId', '=', occasionId)
        .executeTakeFirst()
    : await db
        .selectFrom('occasionRole')
        .innerJoin('occasion', 'occasion.id', 'occasionRole.occasionId')
        .selectAll('occasion')
        .select('occasionRole.role')
        .where('occasionRole.occasionId', '=', occasionId)
        .where('occasionRole.accountId', '=', host.accountId)
        .executeTakeFirst();
  if (!row) throw notFound('No such occasion.');
  return { ...row, role: row.role as Role };
}

/**
 * Throws 404 unless the host's account has a role on the occasion: answered by the session's own lookup
 * when the request's path names this occasion, else by one lookup.
 */
export async function assertOwnedOccasion(db: Kysely<Database>, host: HostIdentity, occasionId: string): Promise<void> {
  await ownedOccasionRevision(db, host, occasionId);
}

/** The origins each occasion allows, in the host's order (an occasion with none is absent). */
export async function readAllowedOrigins(db: Kysely<Database>, occasionIds: readonly string[]): Promise<Map<string, string[]>> {
  const byOccasion = new Map<string, string[]>();
  if (occasionIds.length === 0) return byOccasion;
  const rows = await db
    .selectFrom('occasionOrigin')
    .select(['occasionId', 'origin'])
    .where('occasionId', 'in', occasionIds)
    .orderBy('occasionId')
    .orderBy('position')
    .execute();
  for (const { occasionId, origin } of rows) {
    const origins = byOccasion.get(occasionId);
    if (origins) origins.push(origin);
    else byOccasion.set(occasionId, [origin]);
  }
  return byOccasion;
}

/**
 * Replaces the occasion's allowed origins (normalised and without duplicates: the occasion
 * schema's output); call it inside the transaction that writes the occasion.
 */
export async function writeAllowedOrigins(trx: Kysely<Database>, occasionId: string, origins: readonly string[]): Promise<void> {
  await trx.deleteFrom('occasionOrigin').where('occasionId', '=', occasionId).execute();
  if (origins.length === 0) return;
  await trx
    .insertInto('occasionOrigin')
    .values(origins.map((origin, position) => ({ occasionId, origin, position })))
    .execute();
}

/** The occasion as the contract answers it to a person of this role: `door` is not given the passcode. */
export function toOccasion(row: OccasionRow, summary: OccasionSummary, allowedOrigins: string[], role: Role): Occasion {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startDate: row.startDate,
    endDate: row.endDate,
    timezone: row.timezone,
    venueName: row.venueName,
    venueAddress: row.venueAddress,
    rsvpDeadline: row.rsvpDeadline,
    passcode: role === 'door' ? null : row.passcode,
    allowedOrigins,
    contactEmail: row.contactEmail,
    rsvpPageUrl: row.rsvpPageUrl,
    reminderDaysBeforeDeadline: row.reminderDaysBeforeDeadline,
    digestEnabled: readBool(row.digestEnabled),
    requireTwoFactor: readBool(row.requireTwoFactor),
    slug: row.slug ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    summary,
    role,
  };
}

/** Counts of guests, households and activities, and the answers per activity. */
export async function occasionSummary(db: Kysely<Database>, occasionId: string): Promise<OccasionSummary> {
  const [guests, households, activities, lines] = await Promise.all([
    db.selectFrom('guest').select((eb) => eb.fn.countAll<number>().as('n')).where('occasionId', '=', occasionId).executeTakeFirstOrThrow(),
    db.selectFrom('household').select((eb) => eb.fn.countAll<number>().as('n')).where('occasionId', '=', occasionId).executeTakeFirstOrThrow(),
    db.selectFrom('activity').select(['id']).where('occasionId', '=', occasionId).orderBy('startsAt').orderBy('sortOrder').execute(),
    db
      .selectFrom('inviteLine')
      .select((eb) => ['activityId', 'response', eb.fn.countAll<number>().as('n')])
      .where('occasionId', '=', occasionId)
      .groupBy(['activityId', 'response'])
      .execute(),
  ]);
  const perActivity = activities.map(({ id }) => {
    const counts = { activityId: id, invited: 0, attending: 0, declined: 0, pending: 0 };
    for (const line of lines) {
      if (line.activityId !== id) continue;
      const n = Number(line.n);
      counts.invited += n;
      if (line.response === 'ATTENDING') counts.attending += n;
      else if (line.response === 'DECLINED') counts.declined += n;
      else counts.pending += n;
    }
    return counts;
  });
  return { guests: Number(guests.n), households: Number(households.n), activities: activities.length, perActivity };
}
