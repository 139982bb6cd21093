import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { isPostgres } from '../migrations/is-postgres';
import type { Database } from '../schema';

/**
 * The condition "this guest id is a member's of the household", in the shape each planner turns
 * into index lookups even without statistics (a fresh import, before any ANALYZE): the members
 * by `guest.householdId`, then the rows by `column` (the first column of an index). As a join,
 * PostgreSQL without statistics expects some 200 invite lines per guest and hashes every line of
 * the table instead; `= ANY(ARRAY(subquery))` makes the members one value computed first and the
 * rows an index scan on it (also inside an `OR`, where `IN (subquery)` would be a filter on a
 * scan). SQLite runs `IN (subquery)` the same way (the members into a temporary index, then a
 * search per member).
 */
export function isMemberOf(db: Kysely<Database>, column: 'inviteLine.guestId' | 'answer.guestId', householdId: string): Expression<SqlBool> {
  return isAmong(db, column, db.selectFrom('guest').select('guest.id').where('guest.householdId', '=', householdId));
}

/** {@link isMemberOf} for a member of any of several households. */
export function isMemberOfAny(db: Kysely<Database>, column: 'inviteLine.guestId', householdIds: readonly string[]): Expression<SqlBool> {
  return isAmong(db, column, db.selectFrom('guest').select('guest.id').where(isAnyOf(db, 'guest.householdId', householdIds)));
}

/**
 * `column IN (values)` in the shape PostgreSQL looks up by index without statistics. For an IN
 * list it expects a share of the table a value, so a batch of some twenty households made it read
 * every guest of the platform (310 ms on a million), and every reply by `rsvp.householdId`,
 * unique as it is; an array it makes first (`= ANY(ARRAY(SELECT unnest(…)))`) is one value of a
 * length it does not guess. SQLite searches its index for each value of an IN list either way.
 */
export function isAnyOf(db: Kysely<Database>, column: 'guest.householdId' | 'rsvp.householdId' | 'inviteLine.guestId', values: readonly string[]): Expression<SqlBool> {
  const list = sql.join(values);
  return isPostgres(db) ? sql<SqlBool>`${sql.ref(column)} = ANY(ARRAY(SELECT unnest(ARRAY[${list}]::text[])))` : sql<SqlBool>`${sql.ref(column)} IN (${list})`;
}

/**
 * The condition "a member of the household is invited to this activity": the members, then their
 * lines by guest, each in the shape of {@link isMemberOf}, so one statement does what three lookups did.
 */
export function isInvitedActivity(db: Kysely<Database>, householdId: string): Expression<SqlBool> {
  const lines = db.selectFrom('inviteLine').select('inviteLine.activityId').where(isMemberOf(db, 'inviteLine.guestId', householdId));
  return isAmong(db, 'activity.id', lines);
}

function isAmong(db: Kysely<Database>, column: 'inviteLine.guestId' | 'answer.guestId' | 'activity.id', members: Expression<unknown>): Expression<SqlBool> {
  return isPostgres(db) ? sql<SqlBool>`${sql.ref(column)} = ANY(ARRAY(${members}))` : sql<SqlBool>`${sql.ref(column)} IN (${members})`;
}

/**
 * A column of the line's activity, for ordering lines in the occasion's time order: a scalar
 * subquery by the activity's primary key, which both planners run as one index lookup per line
 * (a household has a few), where a join may be planned as a scan of every activity.
 */
export function lineActivity(eb: ExpressionBuilder<Database, 'inviteLine'>, column: 'startsAt' | 'sortOrder') {
  return eb.selectFrom('activity').select(`activity.${column}`).whereRef('activity.id', '=', 'inviteLine.activityId');
}

/** A column of the line's guest, for ordering lines by member: a lookup by the guest's primary key. */
export function lineGuest(eb: ExpressionBuilder<Database, 'inviteLine'>, column: 'createdAt') {
  return eb.selectFrom('guest').select(`guest.${column}`).whereRef('guest.id', '=', 'inviteLine.guestId');
}
