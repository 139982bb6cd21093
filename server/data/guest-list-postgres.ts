import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The occasion's guests as PostgreSQL writes their JSON text, one row each in the list's order,
 * the first `limit` when given. The text is what `JSON.stringify(toGuest(…))` gives: `row_to_json`
 * and `array_to_json` write compact JSON with the columns' names as keys in select order,
 * `plusOneAllowed` as a boolean, `attributes` as the stored JSON text, invitations in activity
 * order (start time, sort order, id). The server then parses no rows and builds no objects for
 * the host's whole list: the work moves to the database, which SQLite's list does as well.
 *
 * The whole list groups the occasion's invite lines by guest in one pass over them and joins the
 * groups to the guests: a lookup of each guest's lines made the statement a third slower on a
 * 12,963-guest occasion (240–300 ms against 170–210). A page looks its guests' lines up one by
 * one, as it stops after `limit` guests.
 */
export async function guestJsonTexts(db: Kysely<Database>, occasionId: string, limit?: number): Promise<string[]> {
  // Not correlated with the guest, so PostgreSQL makes it once for the statement: each line then
  // sorts by where its activity stands in it, with no lookup of the activity per line.
  const activityOrder = sql`(select array_agg(a."id" order by a."startsAt", a."sortOrder", a."id") from "activity" a where a."occasionId" = ${occasionId})`;
  const linesJson = sql`array_to_json(array_agg(i order by array_position(${activityOrder}, l."activityId")))`;
  const lines = sql`"inviteLine" l, lateral (select l."id" as "inviteLineId", l."activityId", l."response", l."mealChoice") i`;
  const statement =
    limit === undefined
      ? guestsWith(
          sql`left join (select l."guestId", ${linesJson} as "json" from ${lines} where l."occasionId" = ${occasionId} group by l."guestId") lines on lines."guestId" = g."id"`,
          sql`lines."json"`,
          occasionId,
          sql``,
        )
      : guestsWith(sql``, sql`(select ${linesJson} from ${lines} where l."guestId" = g."id")`, occasionId, sql`limit ${limit}`);
  const { rows } = await statement.execute(db);
  return rows.map((row) => row.json);
}

/** The guests' JSON text, with `invitations` from `linesJson` (which `join` may bring). */
function guestsWith(join: RawBuilder<unknown>, linesJson: RawBuilder<unknown>, occasionId: string, limit: RawBuilder<unknown>): RawBuilder<{ json: string }> {
  return sql<{ json: string }>`select (select row_to_json(r) from (select
      g."id", g."occasionId", g."householdId", g."firstName", g."lastName", g."email", g."phone",
      g."ageGroup", g."plusOneAllowed" <> 0 as "plusOneAllowed", g."plusOneOf", g."dietaryNotes",
      g."attributes"::json as "attributes", g."notes",
      coalesce(${linesJson}, '[]'::json) as "invitations",
      g."createdAt", g."updatedAt") r)::text as "json"
    from "guest" g ${join}
    where g."occasionId" = ${occasionId}
    order by g."lastName", g."firstName", g."id" ${limit}`;
}
