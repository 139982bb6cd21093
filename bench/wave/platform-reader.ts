import type { Kysely } from 'kysely';
import { createDatabase, type KindlyDatabase } from '../../server/db/create-database';
import type { Database } from '../../server/db/schema';
import type { ReplyTarget } from './guest-reply';
import { occasionOrigin, platformId } from './platform';

/**
 * The benchmark's own look into the run's database: which households to reply for, and how many
 * confirmations the server queued. Opened before the server starts (the migrations have nothing
 * left to do then).
 */
export class PlatformReader {
  private constructor(private readonly database: KindlyDatabase) {}

  static async open(target: { sqliteFile: string } | { databaseUrl: string }): Promise<PlatformReader> {
    return new PlatformReader(await createDatabase({ ...target, poolSize: 2 }));
  }

  private get db(): Kysely<Database> {
    return this.database.db;
  }

  /**
   * The households of the occasions numbered `occasions`, interleaved (one of each occasion in
   * turn), so consecutive replies go to different occasions.
   */
  async replyTargets(occasions: number[]): Promise<ReplyTarget[]> {
    const ids = new Map(occasions.map((o) => [platformId('occasion', o), o]));
    const rows = await this.db
      .selectFrom('household')
      .select(['occasionId', 'inviteCode'])
      .where('occasionId', 'in', [...ids.keys()])
      .orderBy('id')
      .execute();
    const byOccasion = new Map<string, ReplyTarget[]>();
    for (const row of rows) {
      const list = byOccasion.get(row.occasionId) ?? [];
      list.push({ occasionId: row.occasionId, inviteCode: row.inviteCode, origin: occasionOrigin(ids.get(row.occasionId)!) });
      byOccasion.set(row.occasionId, list);
    }
    const lists = [...byOccasion.values()];
    const longest = Math.max(0, ...lists.map((list) => list.length));
    return Array.from({ length: longest }, (_, rank) => lists.flatMap((list) => (rank < list.length ? [list[rank]!] : []))).flat();
  }

  /** Up to `limit` guest ids of an occasion. */
  async guestIds(occasionId: string, limit: number): Promise<string[]> {
    const rows = await this.db.selectFrom('guest').select('id').where('occasionId', '=', occasionId).orderBy('id').limit(limit).execute();
    return rows.map((row) => row.id);
  }

  /** Confirmations the server queued since `since` (ISO instant). */
  async confirmationsSince(since: string): Promise<number> {
    const row = await this.db
      .selectFrom('email')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('kind', '=', 'CONFIRMATION')
      .where('createdAt', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  close(): Promise<void> {
    return this.database.close();
  }
}
