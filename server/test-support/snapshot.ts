import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

const TABLES: ReadonlyArray<keyof Database> = [
  'account',
  'occasion',
  'activity',
  'attributeCategory',
  'household',
  'guest',
  'inviteLine',
  'rsvp',
  'guestSession',
];

/** Every row of every data table, in a stable order: compare two to prove nothing changed. */
export async function snapshotDatabase(db: Kysely<Database>): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const rows = await db.selectFrom(table).selectAll().execute();
    snapshot[table] = rows
      .map((row) => JSON.stringify(row))
      .sort();
  }
  return snapshot;
}
