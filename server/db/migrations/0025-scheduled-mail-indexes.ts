import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The email worker looks every minute for reminders and digests that are due. Without these
 * partial indexes that read every occasion of the platform (100,000 of them: 30-170 ms of the
 * request thread each minute on SQLite); with them it reads the occasions that asked for a
 * reminder and whose deadline is near, and those that asked for a digest not sent today.
 */
export const scheduledMailIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('occasion_reminder_due').on('occasion').column('rsvpDeadline').where(sql.ref('reminderDaysBeforeDeadline'), 'is not', null).execute();
    await db.schema.createIndex('occasion_digest_due').on('occasion').column('digestSentAt').where(sql.ref('digestEnabled'), '=', 1).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('occasion_digest_due').execute();
    await db.schema.dropIndex('occasion_reminder_due').execute();
  },
};
