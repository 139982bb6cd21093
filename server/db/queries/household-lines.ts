import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { isPostgres } from '../migrations/is-postgres';
import type { Database } from '../schema';

/**
 * The condition "this invite line is a member's of the household", in the shape each planner
 * turns into index lookups even without statistics (a fresh import, before any ANALYZE): the
 * members by `guest.householdId`, then their lines by `inviteLine.guestId` (the first column of
 * the line's unique index). As a join, PostgreSQL without statistics expects some 200 lines per
 * guest and hashes every line of the table instead; `= ANY(ARRAY(subquery))` makes the members
 * one value computed first and the lines an index scan on it. SQLite runs `IN (subquery)` the
 * same way (the members into a temporary index, then a search of the lines per member).
 */
export function isHouseholdLine(db: Kysely<Database>, eb: ExpressionBuilder<Database, 'inviteLine'>, householdId: string): Expression<SqlBool> {
  const members = eb.selectFrom('guest').select('guest.id').where('guest.householdId', '=', householdId);
  return isPostgres(db) ? sql<SqlBool>`${eb.ref('inviteLine.guestId')} = ANY(ARRAY(${members}))` : eb('inviteLine.guestId', 'in', members);
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
