import type { Kysely, Migration } from 'kysely';

/**
 * Indexes the guests' hot path lacked: deleting a guest (a plus-one removed by a reply, a host's
 * delete) cascades to its sessions by `guestSession.guestId`, which had no index, so every such
 * delete read every session of every occasion.
 */
export const guestPath: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.createIndex('guestSession_guest').on('guestSession').column('guestId').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropIndex('guestSession_guest').execute();
  },
};
