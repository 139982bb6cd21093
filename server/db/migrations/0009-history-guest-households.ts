import { sql, type Kysely, type Migration } from 'kysely';
import { isPostgres } from './is-postgres';

/**
 * The history's guest index no longer takes every entry. `(guestId, seq)` put each reply's line
 * entries in one leaf per member, at random places (ids are random): ~4 of the ~14 pages an RSVP
 * wrote. A guest's entries made while in a household are now found through the household's index
 * and `historyGuestHousehold`, which names every household a guest's entries were recorded
 * under (written with the entries, so it is complete); the entries without a household keep a
 * partial guest index.
 */
export const historyGuestHouseholds: Required<Migration> = {
  async up(db: Kysely<any>): Promise<void> {
    const table = db.schema
      .createTable('historyGuestHousehold')
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('guestId', 'text', (c) => c.notNull())
      .addColumn('householdId', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('historyGuestHousehold_pk', ['occasionId', 'guestId', 'householdId']);
    await (isPostgres(db) ? table : table.modifyEnd(sql`without rowid`)).execute();
    await sql`
      insert into "historyGuestHousehold" ("occasionId", "guestId", "householdId")
      select distinct "occasionId", "guestId", "householdId" from "historyEntry"
      where "guestId" is not null and "householdId" is not null`.execute(db);
    await db.schema
      .createIndex('historyEntry_guest_without_household')
      .on('historyEntry')
      .columns(['guestId', 'seq'])
      .where(sql.ref('householdId'), 'is', null)
      .execute();
    await db.schema.dropIndex('historyEntry_guest_seq').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.createIndex('historyEntry_guest_seq').on('historyEntry').columns(['guestId', 'seq']).execute();
    await db.schema.dropIndex('historyEntry_guest_without_household').execute();
    await db.schema.dropTable('historyGuestHousehold').execute();
  },
};
