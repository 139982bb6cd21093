import type { Kysely, Migration } from 'kysely';

/**
 * One row per CSV import written by the server (`POST …/import`): the client's key, which makes
 * the same import sent again answer the first one's result; the answer itself; and what the
 * import wrote (each touched row as it was before and a mark of it after), which its undo puts
 * back. Deleting the occasion deletes its imports.
 */
export const guestImports: Required<Migration> = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('guestImport')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('importKey', 'text', (c) => c.notNull())
      .addColumn('bodyHash', 'text', (c) => c.notNull())
      // No foreign key: the import stays the occasion's when its author's account goes.
      .addColumn('accountId', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('result', 'text', (c) => c.notNull())
      .addColumn('written', 'text', (c) => c.notNull())
      .addColumn('undoneAt', 'text')
      .execute();
    await db.schema.createIndex('guestImport_occasion_key').on('guestImport').columns(['occasionId', 'importKey']).unique().execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('guestImport').execute();
  },
};
