import { sql, type Kysely, type Migration } from 'kysely';
import { isPostgres } from './is-postgres';
import { createSqliteRevisionTriggers } from './0004-occasion-revision';

/**
 * Questions join the tables whose writes bump `occasion.revision` (0004's triggers): guests see
 * them in `GET /event/v1/info`, whose answer the server caches by that revision.
 */
export const questionRevision: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    if (isPostgres(db)) {
      await sql
        .raw(
          'CREATE CONSTRAINT TRIGGER "question_revision" AFTER INSERT OR UPDATE OR DELETE ON "question" ' +
            'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_occasion_revision()',
        )
        .execute(db);
      return;
    }
    await createSqliteRevisionTriggers(db, 'question');
  },
  async down(db: Kysely<any>): Promise<void> {
    if (isPostgres(db)) {
      await sql.raw('DROP TRIGGER IF EXISTS "question_revision" ON "question"').execute(db);
      return;
    }
    for (const event of ['insert', 'update', 'delete']) await sql.raw(`DROP TRIGGER IF EXISTS "question_revision_${event}"`).execute(db);
  },
};
