import { sql, type Kysely } from 'kysely';
import type { CheckInCount, CheckInCounts, CheckInGuest, CheckInHousehold, CheckInList, CheckInMark } from '../../core/schemas/check-in';
import type { DatabaseKind } from '../db/create-database';
import { inviteLineId } from '../db/ids';
import type { Database } from '../db/schema';
import { notFound } from './api-error';
import { chunked } from './batch';

/** How long an applied mark's id is kept: a door screen's queue is sent again within minutes, not weeks. */
export const MARK_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** The first key of the advisory lock that makes one occasion's check-ins run one after another. */
const CHECK_IN_LOCK_SPACE = 0x646f6f72; // "door"

/**
 * The check-in revision as the door screens see it: the occasion's revision (guests, households,
 * invitations: what is expected) and its check-in counter (arrivals), so it changes when either does.
 */
function revisionOf(occasionRevision: number, checkInRevision: number): string {
  return `${occasionRevision}.${checkInRevision}`;
}

async function checkInRevision(db: Kysely<Database>, occasionId: string): Promise<number> {
  const row = await db.selectFrom('checkInRevision').select('revision').where('occasionId', '=', occasionId).executeTakeFirst();
  return row ? Number(row.revision) : 0;
}

/** Per activity of the occasion (by start): ATTENDING invitations and arrivals. */
async function countsOf(db: Kysely<Database>, occasionId: string): Promise<CheckInCount[]> {
  const [activities, expected, arrived] = await Promise.all([
    db.selectFrom('activity').select('id').where('occasionId', '=', occasionId).orderBy('startsAt').orderBy('sortOrder').orderBy('id').execute(),
    db
      .selectFrom('inviteLine')
      .select(['activityId', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('occasionId', '=', occasionId)
      .where('response', '=', 'ATTENDING')
      .groupBy('activityId')
      .execute(),
    db
      .selectFrom('arrival')
      .select(['activityId', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('occasionId', '=', occasionId)
      .groupBy('activityId')
      .execute(),
  ]);
  const expectedBy = new Map(expected.map((row) => [row.activityId, Number(row.count)]));
  const arrivedBy = new Map(arrived.map((row) => [row.activityId, Number(row.count)]));
  return activities.map(({ id }) => ({ activityId: id, expected: expectedBy.get(id) ?? 0, arrived: arrivedBy.get(id) ?? 0 }));
}

/**
 * `GET …/check-in/counts`: polled by every door screen every few seconds. `revision` joins the
 * occasion's revision (activities, guests, invite lines) and the check-in counter (arrivals), so a
 * screen refetches the list only when one of them moved.
 */
export async function checkInCounts(db: Kysely<Database>, occasionId: string, occasionRevision: number): Promise<CheckInCounts> {
  // The counter first, so the counts are never older than the revision they are tagged with.
  const revision = revisionOf(occasionRevision, await checkInRevision(db, occasionId));
  return { counts: await countsOf(db, occasionId), revision };
}

type GuestRow = { id: string; firstName: string; lastName: string; householdId: string | null };

/** Guests with their expected and arrived activity ids, in the order given. */
async function checkInGuests(db: Kysely<Database>, occasionId: string, guests: GuestRow[], householdId?: string): Promise<Map<string, CheckInGuest>> {
  const expectedQuery = db.selectFrom('inviteLine').select(['guestId', 'activityId']).where('occasionId', '=', occasionId).where('response', '=', 'ATTENDING');
  const arrivedQuery = db.selectFrom('arrival').select(['guestId', 'activityId']).where('occasionId', '=', occasionId);
  const ids = guests.map((guest) => guest.id);
  const [expected, arrived] =
    householdId === undefined
      ? await Promise.all([expectedQuery.execute(), arrivedQuery.execute()])
      : await Promise.all([
          ids.length ? expectedQuery.where('guestId', 'in', ids).execute() : [],
          ids.length ? arrivedQuery.where('guestId', 'in', ids).execute() : [],
        ]);
  const byId = new Map<string, CheckInGuest>(guests.map(({ id, firstName, lastName }) => [id, { id, firstName, lastName, expected: [], arrived: [] }]));
  for (const row of expected) byId.get(row.guestId)?.expected.push(row.activityId);
  for (const row of arrived) byId.get(row.guestId)?.arrived.push(row.activityId);
  return byId;
}

/** Activity ids in the occasion's activity order, so every guest lists them alike. */
function sortActivityIds(guests: Iterable<CheckInGuest>, order: ReadonlyMap<string, number>): void {
  const rank = (id: string) => order.get(id) ?? Number.MAX_SAFE_INTEGER;
  for (const guest of guests) {
    guest.expected.sort((a, b) => rank(a) - rank(b));
    guest.arrived.sort((a, b) => rank(a) - rank(b));
  }
}

/** `GET …/check-in`: the whole door list. */
export async function checkInList(db: Kysely<Database>, occasionId: string, occasionRevision: number): Promise<CheckInList> {
  const revision = await checkInRevision(db, occasionId);
  const [activities, households, guests, counts] = await Promise.all([
    db
      .selectFrom('activity')
      .select(['id', 'name', 'startsAt'])
      .where('occasionId', '=', occasionId)
      .orderBy('startsAt')
      .orderBy('sortOrder')
      .orderBy('id')
      .execute(),
    db.selectFrom('household').select(['id', 'name', 'checkInCode']).where('occasionId', '=', occasionId).orderBy('name').orderBy('id').execute(),
    db
      .selectFrom('guest')
      .select(['id', 'firstName', 'lastName', 'householdId'])
      .where('occasionId', '=', occasionId)
      .orderBy('lastName')
      .orderBy('firstName')
      .orderBy('id')
      .execute(),
    countsOf(db, occasionId),
  ]);
  const byGuest = await checkInGuests(db, occasionId, guests);
  sortActivityIds(byGuest.values(), new Map(activities.map((activity, index) => [activity.id, index])));
  const byHousehold = new Map<string, CheckInHousehold>(households.map((row) => [row.id, { id: row.id, name: row.name, code: row.checkInCode, guests: [] }]));
  const list: CheckInHousehold[] = [...byHousehold.values()];
  for (const row of guests) {
    const guest = byGuest.get(row.id)!;
    const household = row.householdId === null ? undefined : byHousehold.get(row.householdId);
    if (household) household.guests.push(guest);
    else list.push({ id: null, name: fullName(guest), code: null, guests: [guest] });
  }
  list.sort((a, b) => compareText(a.name, b.name) || compareText(a.id ?? '', b.id ?? '') || compareText(a.guests[0]?.id ?? '', b.guests[0]?.id ?? ''));
  return { activities, households: list, counts, revision: revisionOf(occasionRevision, revision) };
}

function fullName(guest: { firstName: string; lastName: string }): string {
  return `${guest.firstName} ${guest.lastName}`.trim();
}

/** Code-point order, as the databases' default collations order names for the other lists. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `GET …/check-in/code/{code}`: the household of this occasion with that check-in code; 404 for any other. */
export async function checkInHousehold(db: Kysely<Database>, occasionId: string, code: string): Promise<CheckInHousehold> {
  const household = await db
    .selectFrom('household')
    .select(['id', 'name', 'checkInCode'])
    .where('checkInCode', '=', code)
    .where('occasionId', '=', occasionId)
    .executeTakeFirst();
  if (!household) throw notFound('No household has this check-in code.');
  const [guests, activities] = await Promise.all([
    db
      .selectFrom('guest')
      .select(['id', 'firstName', 'lastName', 'householdId'])
      .where('householdId', '=', household.id)
      .orderBy('lastName')
      .orderBy('firstName')
      .orderBy('id')
      .execute(),
    db.selectFrom('activity').select('id').where('occasionId', '=', occasionId).orderBy('startsAt').orderBy('sortOrder').orderBy('id').execute(),
  ]);
  const byGuest = await checkInGuests(db, occasionId, guests, household.id);
  sortActivityIds(byGuest.values(), new Map(activities.map((activity, index) => [activity.id, index])));
  return { id: household.id, name: household.name, code: household.checkInCode, guests: [...byGuest.values()] };
}

/** The household's occasion for a check-in code (the `/c/{code}` page), or undefined. */
export async function occasionOfCheckInCode(db: Kysely<Database>, code: string): Promise<string | undefined> {
  const row = await db.selectFrom('household').select('occasionId').where('checkInCode', '=', code).executeTakeFirst();
  return row?.occasionId;
}

/**
 * Applies door marks in order, in one transaction (`db` is the role-checked database of the
 * request). Every guest and activity must be of this occasion, or nothing is applied (404). A
 * mark whose id this occasion already applied is skipped. `arrived: true` records an arrival if
 * there is none (the first mark's time and account stay); `false` removes it. The occasion's
 * check-in counter is raised once when any arrival changed. On PostgreSQL one occasion's
 * check-ins take turns (an advisory lock), so two batches marking the same guests in opposite
 * orders never wait on each other; the unique index on guest and activity alone keeps one
 * arrival per guest and activity.
 */
export async function applyMarks(
  db: Kysely<Database>,
  kind: DatabaseKind,
  occasionId: string,
  accountId: string,
  marks: readonly CheckInMark[],
  now: Date,
  occasionRevision: number,
): Promise<CheckInCounts> {
  return db.transaction().execute(async (trx) => {
    if (kind === 'postgres') await sql`select pg_advisory_xact_lock(${sql.lit(CHECK_IN_LOCK_SPACE)}, hashtext(${occasionId}))`.execute(trx);
    await assertOfOccasion(trx, occasionId, marks);
    const appliedAt = now.toISOString();
    await trx.deleteFrom('checkInMark').where('occasionId', '=', occasionId).where('appliedAt', '<', new Date(now.getTime() - MARK_KEPT_MS).toISOString()).execute();
    let changed = false;
    for (const mark of marks) {
      const fresh = await trx
        .insertInto('checkInMark')
        .values({ occasionId, id: mark.id, appliedAt })
        .onConflict((oc) => oc.columns(['occasionId', 'id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (fresh === undefined) continue;
      if (mark.arrived) {
        const inserted = await trx
          .insertInto('arrival')
          .values({ id: inviteLineId(mark.guestId, mark.activityId), guestId: mark.guestId, activityId: mark.activityId, occasionId, arrivedAt: mark.at, markedByAccountId: accountId })
          .onConflict((oc) => oc.doNothing())
          .returning('guestId')
          .executeTakeFirst();
        if (inserted !== undefined) changed = true;
      } else {
        const deleted = await trx.deleteFrom('arrival').where('guestId', '=', mark.guestId).where('activityId', '=', mark.activityId).executeTakeFirst();
        if (Number(deleted.numDeletedRows) > 0) changed = true;
      }
    }
    if (changed) {
      await trx
        .insertInto('checkInRevision')
        .values({ occasionId, revision: 1 })
        .onConflict((oc) => oc.column('occasionId').doUpdateSet({ revision: sql<number>`${sql.ref('checkInRevision.revision')} + 1` }))
        .execute();
    }
    return checkInCounts(trx, occasionId, occasionRevision);
  });
}

/** 404 unless every mark's guest and activity are this occasion's. */
async function assertOfOccasion(trx: Kysely<Database>, occasionId: string, marks: readonly CheckInMark[]): Promise<void> {
  const guestIds = [...new Set(marks.map((mark) => mark.guestId))];
  const activityIds = [...new Set(marks.map((mark) => mark.activityId))];
  let guests = 0;
  for (const chunk of chunked(guestIds, 500)) {
    const row = await trx.selectFrom('guest').select((eb) => eb.fn.countAll<number | string>().as('count')).where('occasionId', '=', occasionId).where('id', 'in', chunk).executeTakeFirstOrThrow();
    guests += Number(row.count);
  }
  if (guests !== guestIds.length) throw notFound('No such guest.');
  const activities = await trx
    .selectFrom('activity')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('occasionId', '=', occasionId)
    .where('id', 'in', activityIds)
    .executeTakeFirstOrThrow();
  if (Number(activities.count) !== activityIds.length) throw notFound('No such activity.');
}
