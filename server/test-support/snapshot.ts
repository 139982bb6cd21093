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
  'question',
  'answer',
  'guestSession',
  'apiToken',
  'email',
  'emailTemplate',
  'emailUnsubscribe',
  'historyEntry',
  'historyGuestHousehold',
  'erasureRequest',
  'guestImport',
  'webhookEndpoint',
  'webhookDelivery',
  'seatingTable',
  'seat',
  'seatRelease',
];

/**
 * Every row of every data table, in a stable order: compare two to prove nothing changed. The
 * occasion's revision counters (`occasionRevision`) are left out: they count writes (the guest
 * list's ETag), so a write undone by another write changes them though the data is as before.
 */
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
