import type { Kysely, Migration } from 'kysely';
import { isPostgres } from './is-postgres';

/**
 * Webhooks: an occasion's endpoints (where to post, which events, the signing secrets) and the
 * deliveries the worker posts. A delivery is queued in the transaction of the change it tells,
 * and `seq` orders the deliveries of one endpoint and household.
 */
export const webhooks: Required<Migration> = {
  async up(db: Kysely<any>): Promise<void> {
    const postgres = isPostgres(db);
    await db.schema
      .createTable('webhookEndpoint')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('url', 'text', (c) => c.notNull())
      // JSON list of event types.
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      // The secret a rotation replaced: it signs too until `previousSecretUntil`.
      .addColumn('previousSecret', 'text')
      .addColumn('previousSecretUntil', 'text')
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('disabledReason', 'text')
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
    // Every write that tells webhooks looks here first: one indexed probe when there are none.
    await db.schema.createIndex('webhookEndpoint_occasion').on('webhookEndpoint').columns(['occasionId', 'enabled']).execute();

    await db.schema
      .createTable('webhookDelivery')
      .addColumn('seq', postgres ? 'bigserial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('id', 'text', (c) => c.notNull().unique())
      .addColumn('endpointId', 'text', (c) => c.notNull().references('webhookEndpoint.id').onDelete('cascade'))
      .addColumn('eventType', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      // No foreign key: a delivery about a deleted household still goes out, in its order.
      .addColumn('householdId', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('nextAttemptAt', 'text', (c) => c.notNull())
      .addColumn('lease', 'text')
      .addColumn('leaseUntil', 'text')
      .addColumn('lastStatus', 'integer')
      .addColumn('lastResponse', 'text')
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('deliveredAt', 'text')
      .execute();
    await db.schema.createIndex('webhookDelivery_due').on('webhookDelivery').columns(['status', 'nextAttemptAt']).execute();
    await db.schema.createIndex('webhookDelivery_endpoint_household').on('webhookDelivery').columns(['endpointId', 'householdId', 'seq']).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('webhookDelivery').execute();
    await db.schema.dropTable('webhookEndpoint').execute();
  },
};
