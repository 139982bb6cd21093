import type { Kysely, Migration } from 'kysely';

/**
 * Email and replies: the occasion's email settings and the worker's marks, who sent
 * a reply, the outbox, editable templates, unsubscribed addresses and the per-occasion send log
 * behind the sending limit.
 */
export const email: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('occasion').addColumn('rsvpPageUrl', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('occasion').addColumn('reminderDaysBeforeDeadline', 'integer').execute();
    await db.schema.alterTable('occasion').addColumn('digestEnabled', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    // The deadline a scheduled reminder was queued for: a moved deadline schedules a new one.
    await db.schema.alterTable('occasion').addColumn('reminderSentFor', 'text').execute();
    // Replies updated up to this instant were in a digest already.
    await db.schema.alterTable('occasion').addColumn('digestSentAt', 'text').execute();
    await db.schema
      .alterTable('rsvp')
      .addColumn('answeredByGuestId', 'text', (c) => c.references('guest.id').onDelete('set null'))
      .execute();
    // Deleting guests looks up replies by this column (the foreign key's `set null`).
    await db.schema.createIndex('rsvp_answeredBy').on('rsvp').column('answeredByGuestId').execute();

    await db.schema
      .createTable('email')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('householdId', 'text', (c) => c.references('household.id').onDelete('set null'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('to', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('attachments', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('nextAttemptAt', 'text', (c) => c.notNull())
      .addColumn('lastError', 'text')
      .addColumn('unsubscribeToken', 'text', (c) => c.notNull().unique())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('sentAt', 'text')
      // Who holds the message while sending it, and until when (an instance that died loses it then).
      .addColumn('lease', 'text')
      .addColumn('leaseUntil', 'text')
      .execute();
    await db.schema.createIndex('email_occasion_created').on('email').columns(['occasionId', 'createdAt', 'id']).execute();
    await db.schema.createIndex('email_due').on('email').columns(['status', 'nextAttemptAt']).execute();
    await db.schema.createIndex('email_occasion_sent').on('email').columns(['occasionId', 'sentAt']).execute();
    await db.schema.createIndex('email_household').on('email').columns(['householdId', 'kind']).execute();

    await db.schema
      .createTable('emailTemplate')
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('intro', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('emailTemplate_pk', ['occasionId', 'kind'])
      .execute();

    await db.schema
      .createTable('emailUnsubscribe')
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      // Lower case: addresses compare case-insensitively.
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('emailUnsubscribe_pk', ['occasionId', 'address'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('emailUnsubscribe').execute();
    await db.schema.dropTable('emailTemplate').execute();
    await db.schema.dropTable('email').execute();
    await db.schema.alterTable('rsvp').dropColumn('answeredByGuestId').execute();
    for (const column of ['digestSentAt', 'reminderSentFor', 'digestEnabled', 'reminderDaysBeforeDeadline', 'rsvpPageUrl']) {
      await db.schema.alterTable('occasion').dropColumn(column).execute();
    }
  },
};
