import type { Kysely, Migration } from 'kysely';

/**
 * `occasion.slug`: the path of the occasion's RSVP page (`/r/{slug}`), null for none; unique
 * through an index (both databases let many rows hold null). `retiredSlug`: a slug an occasion
 * left and when, so its old address redirects to the new one for a while. A slug is retired by
 * one occasion at a time (the primary key); the rows go with their occasion.
 */
export const occasionSlugs: Required<Migration> = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('occasion').addColumn('slug', 'text').execute();
    await db.schema.createIndex('occasion_slug').on('occasion').column('slug').unique().execute();
    await db.schema
      .createTable('retiredSlug')
      .addColumn('slug', 'text', (c) => c.primaryKey())
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('replacedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('retiredSlug_occasion').on('retiredSlug').column('occasionId').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('retiredSlug').execute();
    await db.schema.dropIndex('occasion_slug').execute();
    await db.schema.alterTable('occasion').dropColumn('slug').execute();
  },
};
