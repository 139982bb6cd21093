import { sql, type Kysely, type Migration } from 'kysely';
import { isPostgres } from './is-postgres';

/** The tables whose rows belong to one occasion (each has `occasionId`): a write to any of them bumps its revision. */
export const REVISED_TABLES = ['activity', 'attributeCategory', 'household', 'guest', 'inviteLine', 'rsvp'] as const;

/**
 * `occasion.revision`, bumped by triggers in the same transaction as every write to the occasion
 * or its rows, whatever the route: the guest list's ETag, valid across server instances.
 * SQLite: row triggers (its writes are serialised anyway). PostgreSQL: constraint triggers
 * deferred to the commit, bumping each occasion once per transaction.
 */
export const occasionRevision: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('occasion').addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    if (isPostgres(db)) await createPostgresTriggers(db);
    else await createSqliteTriggers(db);
  },
  async down(db: Kysely<any>): Promise<void> {
    if (isPostgres(db)) {
      for (const table of REVISED_TABLES) await sql.raw(`DROP TRIGGER IF EXISTS "${table}_revision" ON "${table}"`).execute(db);
      await sql.raw('DROP TRIGGER IF EXISTS "occasion_revision" ON "occasion"').execute(db);
      await sql.raw('DROP FUNCTION IF EXISTS bump_occasion_revision(), bump_own_revision()').execute(db);
    } else {
      for (const table of REVISED_TABLES) {
        for (const event of ['insert', 'update', 'delete']) await sql.raw(`DROP TRIGGER IF EXISTS "${table}_revision_${event}"`).execute(db);
      }
      await sql.raw('DROP TRIGGER IF EXISTS "occasion_revision"').execute(db);
    }
    await db.schema.alterTable('occasion').dropColumn('revision').execute();
  },
};

/** SQLite: a row trigger per write to `table` bumping its occasion's revision (also used by later migrations). */
export async function createSqliteRevisionTriggers(db: Kysely<any>, table: string): Promise<void> {
  for (const [event, row] of [['insert', 'NEW'], ['update', 'NEW'], ['delete', 'OLD']] as const) {
    await sql
      .raw(
        `CREATE TRIGGER "${table}_revision_${event}" AFTER ${event.toUpperCase()} ON "${table}" FOR EACH ROW BEGIN ` +
          `UPDATE "occasion" SET "revision" = "revision" + 1 WHERE "id" = ${row}."occasionId"; END`,
      )
      .execute(db);
  }
}

async function createSqliteTriggers(db: Kysely<any>): Promise<void> {
  for (const table of REVISED_TABLES) await createSqliteRevisionTriggers(db, table);
  await createSqliteOwnRevisionTrigger(db);
}

/** SQLite: the occasion's own changes bump its column (also used by a later migration's `down`). */
export async function createSqliteOwnRevisionTrigger(db: Kysely<any>): Promise<void> {
  // The bump changes only `revision`, which stops the recursion.
  await sql
    .raw(
      'CREATE TRIGGER "occasion_revision" AFTER UPDATE ON "occasion" FOR EACH ROW WHEN NEW."revision" = OLD."revision" BEGIN ' +
        'UPDATE "occasion" SET "revision" = "revision" + 1 WHERE "id" = NEW."id"; END',
    )
    .execute(db);
}

async function createPostgresTriggers(db: Kysely<any>): Promise<void> {
  await createPostgresBumpFunction(db);
  for (const table of REVISED_TABLES) {
    await sql
      .raw(
        `CREATE CONSTRAINT TRIGGER "${table}_revision" AFTER INSERT OR UPDATE OR DELETE ON "${table}" ` +
          'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_occasion_revision()',
      )
      .execute(db);
  }
  await createPostgresOwnRevisionTrigger(db);
}

/** PostgreSQL: the function the tables' triggers run, bumping the column (also used by a later migration's `down`). */
export async function createPostgresBumpFunction(db: Kysely<any>): Promise<void> {
  // Deferred to the commit and once per occasion and transaction (a transaction-local flag): the
  // occasion's row is locked only while committing, so concurrent replies of one occasion do not
  // queue behind each other's whole transactions, and revisions follow the order of commits.
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION bump_occasion_revision() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target text;
  flag text;
BEGIN
  IF TG_OP = 'DELETE' THEN target := OLD."occasionId"; ELSE target := NEW."occasionId"; END IF;
  flag := 'kindly.revised_' || md5(target);
  IF current_setting(flag, true) IS DISTINCT FROM '1' THEN
    PERFORM set_config(flag, '1', true);
    UPDATE "occasion" SET "revision" = "revision" + 1 WHERE "id" = target;
  END IF;
  RETURN NULL;
END $$`,
    )
    .execute(db);
}

/** PostgreSQL: the occasion's own changes bump its column (also used by a later migration's `down`). */
export async function createPostgresOwnRevisionTrigger(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      'CREATE OR REPLACE FUNCTION bump_own_revision() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ' +
        'IF NEW."revision" = OLD."revision" THEN NEW."revision" := OLD."revision" + 1; END IF; RETURN NEW; END $$',
    )
    .execute(db);
  await sql
    .raw('CREATE TRIGGER "occasion_revision" BEFORE UPDATE ON "occasion" FOR EACH ROW EXECUTE FUNCTION bump_own_revision()')
    .execute(db);
}
