import type { Kysely, Migration } from 'kysely';

/** The whole first schema. Types are the ones SQLite and PostgreSQL share. */
export const initial: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('account')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('emailKey', 'text', (c) => c.notNull().unique())
      .addColumn('passwordHash', 'text', (c) => c.notNull())
      .addColumn('firstName', 'text', (c) => c.notNull())
      .addColumn('lastName', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('hostSession')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('accountId', 'text', (c) => c.notNull().references('account.id').onDelete('cascade'))
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('expiresAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('hostSession_account').on('hostSession').column('accountId').execute();

    await db.schema
      .createTable('occasion')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('accountId', 'text', (c) => c.notNull().references('account.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('startDate', 'text', (c) => c.notNull())
      .addColumn('endDate', 'text', (c) => c.notNull())
      .addColumn('timezone', 'text', (c) => c.notNull())
      .addColumn('venueName', 'text', (c) => c.notNull())
      .addColumn('venueAddress', 'text', (c) => c.notNull())
      .addColumn('rsvpDeadline', 'text')
      .addColumn('passcode', 'text')
      .addColumn('allowedOrigins', 'text', (c) => c.notNull())
      .addColumn('contactEmail', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('occasion_account').on('occasion').columns(['accountId', 'createdAt']).execute();

    await db.schema
      .createTable('activity')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('startsAt', 'text', (c) => c.notNull())
      .addColumn('endsAt', 'text')
      .addColumn('locationName', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('dressCode', 'text', (c) => c.notNull())
      .addColumn('mealOptions', 'text', (c) => c.notNull())
      .addColumn('sortOrder', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('activity_occasion').on('activity').column('occasionId').execute();

    await db.schema
      .createTable('attributeCategory')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('multiple', 'integer', (c) => c.notNull())
      .addColumn('options', 'text', (c) => c.notNull())
      .addColumn('sortOrder', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('attributeCategory_occasion').on('attributeCategory').column('occasionId').execute();

    await db.schema
      .createTable('household')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('addressLine1', 'text', (c) => c.notNull())
      .addColumn('addressLine2', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('postalCode', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('notes', 'text', (c) => c.notNull())
      .addColumn('inviteCode', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .addUniqueConstraint('household_occasion_inviteCode', ['occasionId', 'inviteCode'])
      .execute();
    await db.schema.createIndex('household_occasion_name').on('household').columns(['occasionId', 'name']).execute();

    await db.schema
      .createTable('guest')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('householdId', 'text', (c) => c.references('household.id').onDelete('set null'))
      .addColumn('firstName', 'text', (c) => c.notNull())
      .addColumn('lastName', 'text', (c) => c.notNull())
      .addColumn('nameKey', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('ageGroup', 'text', (c) => c.notNull())
      .addColumn('plusOneAllowed', 'integer', (c) => c.notNull())
      .addColumn('plusOneOf', 'text', (c) => c.references('guest.id').onDelete('set null'))
      .addColumn('dietaryNotes', 'text', (c) => c.notNull())
      .addColumn('attributes', 'text', (c) => c.notNull())
      .addColumn('notes', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('guest_occasion_name').on('guest').columns(['occasionId', 'lastName', 'firstName']).execute();
    await db.schema.createIndex('guest_occasion_nameKey').on('guest').columns(['occasionId', 'nameKey']).execute();
    await db.schema.createIndex('guest_household').on('guest').column('householdId').execute();
    await db.schema.createIndex('guest_plusOneOf').on('guest').column('plusOneOf').execute();

    await db.schema
      .createTable('inviteLine')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('guestId', 'text', (c) => c.notNull().references('guest.id').onDelete('cascade'))
      .addColumn('activityId', 'text', (c) => c.notNull().references('activity.id').onDelete('cascade'))
      .addColumn('response', 'text', (c) => c.notNull())
      .addColumn('mealChoice', 'text')
      .addColumn('respondedAt', 'text')
      .addColumn('respondedBy', 'text')
      .addUniqueConstraint('inviteLine_guest_activity', ['guestId', 'activityId'])
      .execute();
    await db.schema.createIndex('inviteLine_occasion').on('inviteLine').column('occasionId').execute();
    await db.schema.createIndex('inviteLine_activity').on('inviteLine').column('activityId').execute();

    await db.schema
      .createTable('rsvp')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('householdId', 'text', (c) => c.notNull().unique().references('household.id').onDelete('cascade'))
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('submittedAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('guestSession')
      .addColumn('tokenHash', 'text', (c) => c.primaryKey())
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('householdId', 'text', (c) => c.notNull().references('household.id').onDelete('cascade'))
      .addColumn('guestId', 'text', (c) => c.notNull().references('guest.id').onDelete('cascade'))
      .addColumn('platform', 'text')
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('expiresAt', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('rateLimit')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('resetAt', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(): Promise<void> {
    throw new Error('The initial migration cannot be undone.');
  },
};
