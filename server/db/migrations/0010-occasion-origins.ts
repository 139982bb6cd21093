import type { Kysely, Migration } from 'kysely';

/**
 * An occasion's allowed origins as rows, indexed by origin: a CORS preflight asks whether any
 * occasion allows an origin, which a text search over every occasion's JSON column answered by
 * reading them all. Every occasion's list is copied, in its order; an origin listed twice (only
 * possible in data written by hand) is kept once.
 */
export const occasionOrigins: Required<Migration> = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('occasionOrigin')
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('occasionOrigin_pk', ['occasionId', 'origin'])
      .execute();
    await db.schema.createIndex('occasionOrigin_origin').on('occasionOrigin').column('origin').execute();
    const occasions: Array<{ id: string; allowedOrigins: string }> = await db.selectFrom('occasion').select(['id', 'allowedOrigins']).execute();
    const rows = occasions.flatMap(({ id, allowedOrigins }) =>
      [...new Set(listed(allowedOrigins))].map((origin, position) => ({ occasionId: id, origin, position })),
    );
    // Three parameters a row: far below SQLite's and PostgreSQL's limits.
    for (let i = 0; i < rows.length; i += 1000) await db.insertInto('occasionOrigin').values(rows.slice(i, i + 1000)).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('occasionOrigin').execute();
  },
};

/** The strings of an `allowedOrigins` column (a JSON array); nothing for a malformed one. */
function listed(column: string): string[] {
  try {
    const value: unknown = JSON.parse(column);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
