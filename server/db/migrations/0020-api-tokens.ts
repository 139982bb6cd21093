import type { Kysely, Migration } from 'kysely';

/**
 * `apiToken`: an occasion's tokens for server-to-server use of `/host/v1`. The row's id is the
 * token's public selector; only the SHA-256 of its secret is stored. A token ends with its
 * occasion and with the account that created it; revoking deletes the row.
 */
export const apiTokens: Required<Migration> = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('apiToken')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('secretHash', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('createdByAccountId', 'text', (c) => c.notNull().references('account.id').onDelete('cascade'))
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('lastUsedAt', 'text')
      .execute();
    await db.schema.createIndex('apiToken_occasion').on('apiToken').columns(['occasionId', 'createdAt']).execute();
    await db.schema.createIndex('apiToken_account').on('apiToken').column('createdByAccountId').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('apiToken').execute();
  },
};
