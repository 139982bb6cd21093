import type { Kysely, Migration } from 'kysely';

/** Sessions are swept by household and account as they expire; these keep that cheap. */
export const sessionIndexes: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.createIndex('guestSession_household_expiry').on('guestSession').columns(['householdId', 'expiresAt']).execute();
    await db.schema.createIndex('hostSession_expiry').on('hostSession').column('expiresAt').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropIndex('guestSession_household_expiry').execute();
    await db.schema.dropIndex('hostSession_expiry').execute();
  },
};
