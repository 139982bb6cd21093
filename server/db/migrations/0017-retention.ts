import type { Kysely, Migration } from 'kysely';

/**
 * An occasion's retention: `retentionDays` after its last activity ends (365 for every occasion,
 * existing ones included) its guests are erased; `retentionRemindedFor` is the erasure date the
 * owners were reminded of (so they are reminded once per date), `retentionErasedAt` when it ran.
 */
export const retention: Required<Migration> = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('occasion').addColumn('retentionDays', 'integer', (c) => c.notNull().defaultTo(365)).execute();
    await db.schema.alterTable('occasion').addColumn('retentionRemindedFor', 'text').execute();
    await db.schema.alterTable('occasion').addColumn('retentionErasedAt', 'text').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    for (const column of ['retentionErasedAt', 'retentionRemindedFor', 'retentionDays']) await db.schema.alterTable('occasion').dropColumn(column).execute();
  },
};
