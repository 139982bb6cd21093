import type { Kysely, Migration } from 'kysely';

/**
 * One row per message sent, by account: what an account's daily sending limits count. It is not
 * the outbox: deleting an occasion deletes its messages, and a limit that a deleted occasion gave
 * back would be one an account could reset at will. Rows older than a day are swept by the
 * worker. The last day's sent messages are copied in.
 */
export const emailSendLog: Required<Migration> = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('emailSendLog')
      .addColumn('emailId', 'text', (c) => c.primaryKey())
      .addColumn('accountId', 'text', (c) => c.notNull().references('account.id').onDelete('cascade'))
      // No foreign key: the row outlives its occasion.
      .addColumn('occasionId', 'text', (c) => c.notNull())
      .addColumn('sentAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('emailSendLog_account_sent').on('emailSendLog').columns(['accountId', 'sentAt']).execute();
    await db.schema.createIndex('emailSendLog_sent').on('emailSendLog').column('sentAt').execute();
    const since = new Date(Date.now() - 86_400_000).toISOString();
    await db
      .insertInto('emailSendLog')
      .columns(['emailId', 'accountId', 'occasionId', 'sentAt'])
      .expression(
        db
          .selectFrom('email')
          .innerJoin('occasion', 'occasion.id', 'email.occasionId')
          .select(['email.id', 'occasion.accountId', 'email.occasionId', 'email.sentAt'])
          .where('email.sentAt', '>=', since),
      )
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('emailSendLog').execute();
  },
};
