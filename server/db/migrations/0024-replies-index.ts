import type { Kysely, Migration } from 'kysely';

/**
 * The host's replies page reads an occasion's replies newest first; `rsvp` is keyed by
 * household, so without this index that read went through every reply of every occasion.
 */
export const repliesIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('rsvp_occasion_updated').on('rsvp').columns(['occasionId', 'updatedAt', 'householdId']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('rsvp_occasion_updated').execute();
  },
};
