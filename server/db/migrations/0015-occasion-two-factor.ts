import type { Kysely, Migration } from 'kysely';

/**
 * `occasion.requireTwoFactor`, 0 or 1: whether everyone with a role on the occasion must have
 * signed in with a second factor to open it. Off for every existing occasion.
 */
export const occasionTwoFactor: Required<Migration> = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('occasion').addColumn('requireTwoFactor', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('occasion').dropColumn('requireTwoFactor').execute();
  },
};
