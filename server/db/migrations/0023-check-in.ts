import { sql, type Kysely, type Migration } from 'kysely';
import { newCheckInCode } from '../ids';

/** Households whose codes one statement sets (two parameters each, well under SQLite's 32,766). */
const CODES_PER_STATEMENT = 500;

/**
 * Check-in at the door.
 * - `household.checkInCode`: 10 Crockford base32 characters, unique over all occasions (the
 *   link `/c/{code}` names no occasion); every existing household gets one here, every new one
 *   as it is made (`newHouseholdRow`). Nullable in SQL only because SQLite cannot add a NOT NULL
 *   column without a default; the schema's type requires it of every insert.
 * - `arrival`: a guest checked in at an activity, once (unique), with when the door screen
 *   marked it and who; it goes with its guest, activity or occasion. Its `id` is its guest's id
 *   followed by its activity's, as an invite line's is (a key for the export's pages).
 * - `checkInMark`: the ids of marks applied, per occasion, so a queue sent twice changes nothing;
 *   they go with their occasion, and marks older than a week are pruned as new ones come.
 * - `checkInRevision`: a counter per occasion, raised whenever an arrival changes.
 */
export const checkIn: Required<Migration> = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('household').addColumn('checkInCode', 'text').execute();
    const households = await db.selectFrom('household').select('id').orderBy('id').execute();
    const taken = new Set<string>();
    for (let start = 0; start < households.length; start += CODES_PER_STATEMENT) {
      const rows = households.slice(start, start + CODES_PER_STATEMENT).map(({ id }) => {
        let code = newCheckInCode();
        while (taken.has(code)) code = newCheckInCode();
        taken.add(code);
        return sql`(${id as string}, ${code})`;
      });
      await sql`with "newCode"("id", "code") as (values ${sql.join(rows)})
        update "household" set "checkInCode" = (select "code" from "newCode" where "newCode"."id" = "household"."id")
        where "id" in (select "id" from "newCode")`.execute(db);
    }
    await db.schema.createIndex('household_checkInCode').on('household').column('checkInCode').unique().execute();

    await db.schema
      .createTable('arrival')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('guestId', 'text', (c) => c.notNull().references('guest.id').onDelete('cascade'))
      .addColumn('activityId', 'text', (c) => c.notNull().references('activity.id').onDelete('cascade'))
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('arrivedAt', 'text', (c) => c.notNull())
      .addColumn('markedByAccountId', 'text', (c) => c.references('account.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('arrival_guest_activity').on('arrival').columns(['guestId', 'activityId']).unique().execute();
    await db.schema.createIndex('arrival_occasion').on('arrival').columns(['occasionId', 'activityId']).execute();
    await db.schema.createIndex('arrival_activity').on('arrival').column('activityId').execute();
    await db.schema.createIndex('arrival_account').on('arrival').column('markedByAccountId').execute();

    await db.schema
      .createTable('checkInMark')
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('appliedAt', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('checkInMark_pk', ['occasionId', 'id'])
      .execute();
    await db.schema.createIndex('checkInMark_applied').on('checkInMark').columns(['occasionId', 'appliedAt']).execute();

    await db.schema
      .createTable('checkInRevision')
      .addColumn('occasionId', 'text', (c) => c.primaryKey().references('occasion.id').onDelete('cascade'))
      .addColumn('revision', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('checkInRevision').execute();
    await db.schema.dropTable('checkInMark').execute();
    await db.schema.dropTable('arrival').execute();
    await db.schema.dropIndex('household_checkInCode').execute();
    await db.schema.alterTable('household').dropColumn('checkInCode').execute();
  },
};
