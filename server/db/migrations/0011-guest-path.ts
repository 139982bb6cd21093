import { sql, type Kysely, type Migration } from 'kysely';
import { isPostgres } from './is-postgres';
import {
  REVISED_TABLES,
  createPostgresBumpFunction,
  createPostgresOwnRevisionTrigger,
  createSqliteOwnRevisionTrigger,
  createSqliteRevisionTriggers,
} from './0004-occasion-revision';

/** The tables whose writes bump their occasion's revision (0004's and 0008's triggers). */
const BUMPING_TABLES = [...REVISED_TABLES, 'question'] as const;

/**
 * The revision's counters per occasion on PostgreSQL: a write transaction bumps one picked at
 * random, so concurrent replies of one occasion rarely wait for each other's commit. SQLite
 * serialises its writes anyway: one counter (slot 0).
 */
export const POSTGRES_REVISION_SLOTS = 16;

/**
 * The guests' hot path without a hot row, and an index it lacked.
 *
 * `occasion.revision` was one row every write of an occasion bumped, so on PostgreSQL every
 * reply of a large occasion queued on that row's lock at its commit. The revision is now the sum
 * of the occasion's counters in `occasionRevision` (one per slot, made by the first write that
 * picks it, so occasions imported with triggers off count too): each write transaction adds 1 to
 * one counter, so the sum still changes with every committed change the host could see, never
 * repeats, and is read by the primary key's index. The occasion's own changes bump a counter too
 * (they bumped the column before).
 *
 * Deleting a guest (a plus-one removed by a reply, a host's delete) cascades to its sessions by
 * `guestSession.guestId`, which had no index, so every such delete read every session.
 */
export const guestPath: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.createIndex('guestSession_guest').on('guestSession').column('guestId').execute();
    await db.schema
      .createTable('occasionRevision')
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('slot', 'integer', (c) => c.notNull())
      .addColumn('count', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('occasionRevision_pkey', ['occasionId', 'slot'])
      .execute();
    // The revision so far, in slot 0; the other counters are made by the first write that picks them.
    await sql.raw('INSERT INTO "occasionRevision" ("occasionId", "slot", "count") SELECT "id", 0, "revision" FROM "occasion"').execute(db);
    if (isPostgres(db)) await postgresUp(db);
    else await sqliteUp(db);
    await db.schema.alterTable('occasion').dropColumn('revision').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('occasion').addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql
      .raw('UPDATE "occasion" SET "revision" = (SELECT coalesce(sum(r."count"), 0) FROM "occasionRevision" r WHERE r."occasionId" = "occasion"."id")')
      .execute(db);
    if (isPostgres(db)) {
      await sql.raw('DROP TRIGGER IF EXISTS "occasion_revision" ON "occasion"').execute(db);
      await createPostgresBumpFunction(db);
      await createPostgresOwnRevisionTrigger(db);
    } else {
      await sql.raw('DROP TRIGGER IF EXISTS "occasion_revision"').execute(db);
      for (const table of BUMPING_TABLES) {
        for (const event of ['insert', 'update', 'delete']) await sql.raw(`DROP TRIGGER IF EXISTS "${table}_revision_${event}"`).execute(db);
        await createSqliteRevisionTriggers(db, table);
      }
      await createSqliteOwnRevisionTrigger(db);
    }
    await db.schema.dropTable('occasionRevision').execute();
    await db.schema.dropIndex('guestSession_guest').execute();
  },
};

async function postgresUp(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP TRIGGER IF EXISTS "occasion_revision" ON "occasion"').execute(db);
  await sql.raw('DROP FUNCTION IF EXISTS bump_own_revision()').execute(db);
  // As before, deferred to the commit and once per occasion and transaction; now one random
  // counter of the occasion's, and the occasion's own updates too. A deleted occasion has none.
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION bump_occasion_revision() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target text;
  flag text;
  picked int;
BEGIN
  IF TG_TABLE_NAME = 'occasion' THEN target := NEW."id";
  ELSIF TG_OP = 'DELETE' THEN target := OLD."occasionId";
  ELSE target := NEW."occasionId";
  END IF;
  flag := 'kindly.revised_' || md5(target);
  IF current_setting(flag, true) IS DISTINCT FROM '1' THEN
    PERFORM set_config(flag, '1', true);
    -- Picked once: random() in the statement would be drawn again for every row. A deleted
    -- occasion (its rows cascading in this transaction) gets no counter.
    picked := floor(random() * ${POSTGRES_REVISION_SLOTS})::int;
    INSERT INTO "occasionRevision" ("occasionId", "slot", "count")
      SELECT target, picked, 1 WHERE EXISTS (SELECT 1 FROM "occasion" WHERE "id" = target)
      ON CONFLICT ("occasionId", "slot") DO UPDATE SET "count" = "occasionRevision"."count" + 1;
  END IF;
  RETURN NULL;
END $$`,
    )
    .execute(db);
  await sql
    .raw(
      'CREATE CONSTRAINT TRIGGER "occasion_revision" AFTER UPDATE ON "occasion" ' +
        'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_occasion_revision()',
    )
    .execute(db);
}

/** SQLite: adds 1 to the occasion's counter, making it on the first write; none for a deleted occasion. */
const SQLITE_BUMP = (occasionId: string) =>
  `INSERT INTO "occasionRevision" ("occasionId", "slot", "count") SELECT ${occasionId}, 0, 1 WHERE EXISTS (SELECT 1 FROM "occasion" WHERE "id" = ${occasionId}) ` +
  'ON CONFLICT ("occasionId", "slot") DO UPDATE SET "count" = "count" + 1;';

async function sqliteUp(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP TRIGGER IF EXISTS "occasion_revision"').execute(db);
  for (const table of BUMPING_TABLES) {
    for (const [event, row] of [['insert', 'NEW'], ['update', 'NEW'], ['delete', 'OLD']] as const) {
      await sql.raw(`DROP TRIGGER IF EXISTS "${table}_revision_${event}"`).execute(db);
      await sql
        .raw(
          `CREATE TRIGGER "${table}_revision_${event}" AFTER ${event.toUpperCase()} ON "${table}" FOR EACH ROW BEGIN ` +
            `${SQLITE_BUMP(`${row}."occasionId"`)} END`,
        )
        .execute(db);
    }
  }
  await sql
    .raw(`CREATE TRIGGER "occasion_revision" AFTER UPDATE ON "occasion" FOR EACH ROW BEGIN ${SQLITE_BUMP('NEW."id"')} END`)
    .execute(db);
}
