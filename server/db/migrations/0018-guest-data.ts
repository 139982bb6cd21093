import { sql, type Kysely, type Migration } from 'kysely';

/**
 * `occasion.privacyNote`: the hosts' own privacy note for guests, null for Kindly's default.
 * `erasureRequest`: a household's request that the hosts erase its data. At most one is open
 * per household (a partial unique index), so a request sent twice at once is kept once. The row
 * outlives its household (no foreign key on `householdId`): it is the record of what was asked
 * and decided. It goes with its occasion.
 */
export const guestData: Required<Migration> = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('occasion').addColumn('privacyNote', 'text').execute();
    await db.schema
      .createTable('erasureRequest')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('householdId', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('decidedBy', 'text')
      .addColumn('decidedAt', 'text')
      .execute();
    await db.schema
      .createIndex('erasureRequest_open_household')
      .on('erasureRequest')
      .column('householdId')
      .unique()
      .where(sql.ref('status'), '=', sql.lit('open'))
      .execute();
    await db.schema.createIndex('erasureRequest_occasion').on('erasureRequest').columns(['occasionId', 'status']).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('erasureRequest').execute();
    await db.schema.alterTable('occasion').dropColumn('privacyNote').execute();
  },
};
