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
 * serialises its writes anyway: one counter.
 */
export const POSTGRES_REVISION_SLOTS = 16;

/**
 * The guests' hot path without a hot row, and an index it lacked.
 *
 * `occasion.revision` was one row every write of an occasion bumped, so on PostgreSQL every
 * reply of a large occasion queued on that row's lock at its commit. The revision is now the sum
 * of the occasion's counters in `occasionRevision` (one per slot, made with the occasion): each
 * write transaction adds 1 to one counter, so the sum still changes with every committed change
 * the host could see, never repeats, and is read by the primary key's index. The occasion's own
 * changes bump a counter too (they bumped the column before).
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
    const slots = isPostgres(db) ? POSTGRES_REVISION_SLOTS : 1;
    // Slot 0 carries the revision so far; the others start at 0.
    await sql
      .raw(
        `INSERT INTO "occasionRevision" ("occasionId", "slot", "count") SELECT o."id", s."slot", CASE WHEN s."slot" = 0 THEN o."revision" ELSE 0 END ` +
          `FROM "occasion" o CROSS JOIN (${Array.from({ length: slots }, (_, slot) => `SELECT ${slot} AS "slot"`).join(' UNION ALL ')}) s`,
      )
      .execute(db);
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
      await sql.raw('DROP TRIGGER IF EXISTS "occasion_revision_slots" ON "occasion"').execute(db);
      await sql.raw('DROP TRIGGER IF EXISTS "occasion_revision" ON "occasion"').execute(db);
      await sql.raw('DROP FUNCTION IF EXISTS make_revision_slots()').execute(db);
      await createPostgresBumpFunction(db);
      await createPostgresOwnRevisionTrigger(db);
    } else {
      await sql.raw('DROP TRIGGER IF EXISTS "occasion_revision_slots"').execute(db);
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
    -- Picked once: random() in the WHERE clause would be drawn again for every row.
    picked := floor(random() * ${POSTGRES_REVISION_SLOTS})::int;
    UPDATE "occasionRevision" r SET "count" = r."count" + 1 WHERE r."occasionId" = target AND r."slot" = picked;
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
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION make_revision_slots() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  INSERT INTO "occasionRevision" ("occasionId", "slot", "count") SELECT NEW."id", s, 0 FROM generate_series(0, ${POSTGRES_REVISION_SLOTS - 1}) s;
  RETURN NULL;
END $$`,
    )
    .execute(db);
  await sql.raw('CREATE TRIGGER "occasion_revision_slots" AFTER INSERT ON "occasion" FOR EACH ROW EXECUTE FUNCTION make_revision_slots()').execute(db);
}

async function sqliteUp(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP TRIGGER IF EXISTS "occasion_revision"').execute(db);
  for (const table of BUMPING_TABLES) {
    for (const [event, row] of [['insert', 'NEW'], ['update', 'NEW'], ['delete', 'OLD']] as const) {
      await sql.raw(`DROP TRIGGER IF EXISTS "${table}_revision_${event}"`).execute(db);
      await sql
        .raw(
          `CREATE TRIGGER "${table}_revision_${event}" AFTER ${event.toUpperCase()} ON "${table}" FOR EACH ROW BEGIN ` +
            `UPDATE "occasionRevision" SET "count" = "count" + 1 WHERE "occasionId" = ${row}."occasionId" AND "slot" = 0; END`,
        )
        .execute(db);
    }
  }
  await sql
    .raw('CREATE TRIGGER "occasion_revision" AFTER UPDATE ON "occasion" FOR EACH ROW BEGIN UPDATE "occasionRevision" SET "count" = "count" + 1 WHERE "occasionId" = NEW."id" AND "slot" = 0; END')
    .execute(db);
  await sql
    .raw('CREATE TRIGGER "occasion_revision_slots" AFTER INSERT ON "occasion" FOR EACH ROW BEGIN INSERT INTO "occasionRevision" ("occasionId", "slot", "count") VALUES (NEW."id", 0, 0); END')
    .execute(db);
}
