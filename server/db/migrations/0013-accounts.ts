import type { Kysely, Migration } from 'kysely';

/**
 * Accounts a person can live with: whether the account's address is verified, its optional
 * two-factor secret, where each host session was started, single-use links (verification,
 * password reset, email change) stored as a selector and the hash of their secret, recovery
 * codes (hashed), and the outbox of the account's own mail (not tied to an occasion).
 *
 * Accounts made before verification existed count as verified from their creation: their
 * hosts were already sending, and nothing they were promised stops.
 */
export const accounts: Required<Migration> = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('account').addColumn('emailVerifiedAt', 'text').execute();
    await db.updateTable('account').set((eb) => ({ emailVerifiedAt: eb.ref('createdAt') })).execute();
    // A base32 TOTP secret, set while two-factor sign-in is being set up; on once `totpEnabledAt` is set.
    await db.schema.alterTable('account').addColumn('totpSecret', 'text').execute();
    await db.schema.alterTable('account').addColumn('totpEnabledAt', 'text').execute();
    // The last 30-second step whose code signed in: a code is never accepted twice.
    await db.schema.alterTable('account').addColumn('totpLastStep', 'integer').execute();

    await db.schema.alterTable('hostSession').addColumn('userAgent', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('hostSession').addColumn('address', 'text', (c) => c.notNull().defaultTo('')).execute();
    // 1 when the sign-in also took a second factor: what an occasion that requires two-factor sign-in would check.
    await db.schema.alterTable('hostSession').addColumn('secondFactor', 'integer', (c) => c.notNull().defaultTo(0)).execute();

    await db.schema
      .createTable('accountToken')
      // The link's selector (public half); the secret half is stored only as its SHA-256.
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('secretHash', 'text', (c) => c.notNull())
      .addColumn('accountId', 'text', (c) => c.notNull().references('account.id').onDelete('cascade'))
      // VERIFY_EMAIL, RESET_PASSWORD or CHANGE_EMAIL.
      .addColumn('purpose', 'text', (c) => c.notNull())
      // The address the link was sent to (for CHANGE_EMAIL, the new one).
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('expiresAt', 'text', (c) => c.notNull())
      .addColumn('usedAt', 'text')
      .execute();
    await db.schema.createIndex('accountToken_account').on('accountToken').columns(['accountId', 'purpose']).execute();

    await db.schema
      .createTable('recoveryCode')
      .addColumn('accountId', 'text', (c) => c.notNull().references('account.id').onDelete('cascade'))
      .addColumn('codeHash', 'text', (c) => c.notNull())
      .addColumn('usedAt', 'text')
      .addPrimaryKeyConstraint('recoveryCode_pk', ['accountId', 'codeHash'])
      .execute();

    await db.schema
      .createTable('accountEmail')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // Null once the account is deleted (its last messages still go).
      .addColumn('accountId', 'text', (c) => c.references('account.id').onDelete('set null'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('to', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('nextAttemptAt', 'text', (c) => c.notNull())
      .addColumn('lastError', 'text')
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('sentAt', 'text')
      .addColumn('lease', 'text')
      .addColumn('leaseUntil', 'text')
      .execute();
    await db.schema.createIndex('accountEmail_due').on('accountEmail').columns(['status', 'nextAttemptAt']).execute();
    await db.schema.createIndex('accountEmail_account').on('accountEmail').column('accountId').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('accountEmail').execute();
    await db.schema.dropTable('recoveryCode').execute();
    await db.schema.dropTable('accountToken').execute();
    for (const column of ['secondFactor', 'address', 'userAgent']) await db.schema.alterTable('hostSession').dropColumn(column).execute();
    for (const column of ['totpLastStep', 'totpEnabledAt', 'totpSecret', 'emailVerifiedAt']) await db.schema.alterTable('account').dropColumn(column).execute();
  },
};
