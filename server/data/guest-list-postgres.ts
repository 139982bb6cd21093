import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The occasion's guests as PostgreSQL writes their JSON text, one row each in the list's order,
 * the first `limit` when given. The text is what `JSON.stringify(toGuest(…))` gives: `row_to_json`
 * and `array_to_json` write compact JSON with the columns' names as keys in select order,
 * `plusOneAllowed` as a boolean, `attributes` as the stored JSON text, invitations in activity
 * order (start time, sort order, id). The server then parses no rows and builds no objects for
 * the host's whole list: the work moves to the database, which SQLite's list does as well.
 */
export async function guestJsonTexts(db: Kysely<Database>, occasionId: string, limit?: number): Promise<string[]> {
  // Not correlated with the guest, so PostgreSQL makes it once for the statement: each line then
  // sorts by where its activity stands in it, with no lookup of the activity per line.
  const activityOrder = sql`(select array_agg(a."id" order by a."startsAt", a."sortOrder", a."id") from "activity" a where a."occasionId" = ${occasionId})`;
  const ordered = db
    .selectFrom('guest as g')
    .select(
      sql<string>`(select row_to_json(r) from (select
        g."id", g."occasionId", g."householdId", g."firstName", g."lastName", g."email", g."phone",
        g."ageGroup", g."plusOneAllowed" <> 0 as "plusOneAllowed", g."plusOneOf", g."dietaryNotes",
        g."attributes"::json as "attributes", g."notes",
        coalesce((
          select array_to_json(array_agg(i order by array_position(${activityOrder}, l."activityId")))
          from "inviteLine" l, lateral (select l."id" as "inviteLineId", l."activityId", l."response", l."mealChoice") i
          where l."guestId" = g."id"
        ), '[]'::json) as "invitations",
        g."createdAt", g."updatedAt") r)::text`.as('json'),
    )
    .where('g.occasionId', '=', occasionId)
    .orderBy('g.lastName')
    .orderBy('g.firstName')
    .orderBy('g.id');
  const rows = await (limit === undefined ? ordered : ordered.limit(limit)).execute();
  return rows.map((row) => row.json);
}
