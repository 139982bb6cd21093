import type { Kysely, Migration } from 'kysely';

/**
 * People on an occasion and their roles, and the invitations that add them. Every occasion's
 * creator becomes its owner. An invitation's token is stored only as its SHA-256; the row stays
 * after acceptance (`acceptedAt`), so a link works once.
 */
export const occasionRoles: Required<Migration> = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('occasionRole')
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('accountId', 'text', (c) => c.notNull().references('account.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('occasionRole_pk', ['occasionId', 'accountId'])
      .execute();
    await db.schema.createIndex('occasionRole_account').on('occasionRole').column('accountId').execute();
    await db
      .insertInto('occasionRole')
      .columns(['occasionId', 'accountId', 'role', 'createdAt'])
      .expression(db.selectFrom('occasion').select((eb) => ['id', 'accountId', eb.val('owner').as('role'), 'createdAt']))
      .execute();

    await db.schema
      .createTable('occasionInvitation')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('emailKey', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
      .addColumn('invitedByAccountId', 'text', (c) => c.references('account.id').onDelete('set null'))
      .addColumn('invitedByName', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('expiresAt', 'text', (c) => c.notNull())
      .addColumn('acceptedAt', 'text')
      .addColumn('acceptedByAccountId', 'text', (c) => c.references('account.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('occasionInvitation_occasion').on('occasionInvitation').columns(['occasionId', 'createdAt']).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('occasionInvitation').execute();
    await db.schema.dropTable('occasionRole').execute();
  },
};
