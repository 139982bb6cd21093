import type { Kysely, Migration } from 'kysely';

/**
 * Seating per activity. `seatingTable`: an activity's tables, numbered uniquely within it.
 * `seat`: one guest at one table of an activity; keyed by guest and activity, so a guest has at
 * most one seat per activity, and its foreign keys take it away with the invitation (the invite
 * line of that guest and activity), the guest, the table (which must be of the same activity),
 * the activity or the occasion. `seatRelease`: a seat the server freed because its guest
 * stopped attending, kept as the host's notice until dismissed; it names the guest and table by
 * id only (both may be gone since) and the table by its name at the time.
 */
export const seating: Required<Migration> = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('seatingTable')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('activityId', 'text', (c) => c.notNull().references('activity.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('shape', 'text', (c) => c.notNull())
      .addColumn('capacity', 'integer', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .addUniqueConstraint('seatingTable_activity_number', ['activityId', 'number'])
      // What a seat's foreign key names, so a seat's table is always of the seat's activity.
      .addUniqueConstraint('seatingTable_id_activity', ['id', 'activityId'])
      .execute();
    await db.schema.createIndex('seatingTable_occasion').on('seatingTable').column('occasionId').execute();

    await db.schema
      .createTable('seat')
      .addColumn('guestId', 'text', (c) => c.notNull().references('guest.id').onDelete('cascade'))
      .addColumn('activityId', 'text', (c) => c.notNull().references('activity.id').onDelete('cascade'))
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('tableId', 'text', (c) => c.notNull())
      .addColumn('seatedAt', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('seat_guest_activity', ['guestId', 'activityId'])
      .addForeignKeyConstraint('seat_inviteLine', ['guestId', 'activityId'], 'inviteLine', ['guestId', 'activityId'], (c) => c.onDelete('cascade'))
      .addForeignKeyConstraint('seat_table', ['tableId', 'activityId'], 'seatingTable', ['id', 'activityId'], (c) => c.onDelete('cascade'))
      .execute();
    await db.schema.createIndex('seat_table').on('seat').column('tableId').execute();
    await db.schema.createIndex('seat_activity').on('seat').column('activityId').execute();
    await db.schema.createIndex('seat_occasion').on('seat').column('occasionId').execute();

    await db.schema
      .createTable('seatRelease')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('activityId', 'text', (c) => c.notNull().references('activity.id').onDelete('cascade'))
      .addColumn('guestId', 'text', (c) => c.notNull())
      .addColumn('tableId', 'text', (c) => c.notNull())
      .addColumn('tableName', 'text', (c) => c.notNull())
      .addColumn('releasedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('seatRelease_activity').on('seatRelease').column('activityId').execute();
    await db.schema.createIndex('seatRelease_occasion_guest').on('seatRelease').columns(['occasionId', 'guestId']).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('seatRelease').execute();
    await db.schema.dropTable('seat').execute();
    await db.schema.dropTable('seatingTable').execute();
  },
};
