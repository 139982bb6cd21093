import type { Kysely, Migration } from 'kysely';
import { isPostgres } from './is-postgres';

/**
 * `historyEntry`: who changed which guest, household, invite line, reply or answer, when, and
 * the fields' before and after. `seq` orders the entries and is the paging cursor. Only the
 * occasion cascades: the history of a deleted guest or household stays readable.
 */
export const history: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    const postgres = isPostgres(db);
    await db.schema
      .createTable('historyEntry')
      // SQLite's INTEGER PRIMARY KEY AUTOINCREMENT and PostgreSQL's bigserial: never reused, always rising.
      .addColumn('seq', postgres ? 'bigserial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('actorKind', 'text', (c) => c.notNull())
      .addColumn('actorId', 'text', (c) => c.notNull())
      .addColumn('actorName', 'text', (c) => c.notNull())
      .addColumn('entity', 'text', (c) => c.notNull())
      .addColumn('entityId', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('householdId', 'text')
      .addColumn('guestId', 'text')
      .addColumn('activityId', 'text')
      .addColumn('subjectName', 'text', (c) => c.notNull())
      .addColumn('changes', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('historyEntry_occasion_seq').on('historyEntry').columns(['occasionId', 'seq']).execute();
    await db.schema.createIndex('historyEntry_household_seq').on('historyEntry').columns(['householdId', 'seq']).execute();
    await db.schema.createIndex('historyEntry_guest_seq').on('historyEntry').columns(['guestId', 'seq']).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('historyEntry').execute();
  },
};
