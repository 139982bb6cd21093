import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { GuestImportParamsSchema, GuestImportSchema, type GuestImport, type GuestImportResult, type GuestImportUndoResult } from '../../../core/schemas/guest-import';
import type { AppEnv } from '../../app-env';
import { conflict, notFound } from '../../data/api-error';
import { lockOccasionForBulk } from '../../data/bulk-lock';
import type { HistoryActor } from '../../data/history';
import { undoWrites } from '../../data/import-undo';
import type { ImportWritten } from '../../data/import-written';
import { readJsonColumn } from '../../data/json-column';
import { assertOwnedOccasion } from '../../data/occasions';
import { validate } from '../../data/validate';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { readBody } from '../../http/read-body';
import { writeImport } from './guest-import-write';

/** The largest import body: 20,000 rows with their invitations and answers. */
export const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * `POST /occasion/{occasionId}/import`: a whole CSV import in one transaction, once per key;
 * `POST /occasion/{occasionId}/import/{importId}/undo`: puts back what it wrote, unless a row
 * it wrote changed since.
 */
export function guestImportRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/occasion/:occasionId/import', async (c) => {
    const { db, dbKind } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const body = await readBody(c, GuestImportSchema, IMPORT_BODY_LIMIT);
    const result = await db.transaction().execute(async (trx) => {
      const actor: HistoryActor = { kind: 'IMPORT', id: c.get('host').accountId, at: new Date().toISOString() };
      await lockOccasionForBulk(trx, dbKind, occasionId);
      const bodyHash = hashOf(body);
      const earlier = await importWithKey(trx, occasionId, body.key);
      if (earlier) {
        if (earlier.bodyHash !== bodyHash) throw conflict('This import key was used for another import. Send a new key for a new import.');
        return earlier.result;
      }
      const { result, written } = await writeImport(trx, dbKind, occasionId, body, actor);
      const done: GuestImportResult = { importId: newId(), createdAt: actor.at!, ...result };
      await trx
        .insertInto('guestImport')
        .values({
          id: done.importId,
          occasionId,
          importKey: body.key,
          bodyHash,
          accountId: actor.id,
          createdAt: done.createdAt,
          result: JSON.stringify(done),
          written: JSON.stringify(written),
          undoneAt: null,
        })
        .execute();
      return done;
    });
    return c.json(result);
  });

  routes.post('/occasion/:occasionId/import/:importId/undo', async (c) => {
    const { db, dbKind } = c.get('deps');
    const { occasionId, importId } = validate(GuestImportParamsSchema, c.req.param());
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const result = await db.transaction().execute(async (trx): Promise<GuestImportUndoResult> => {
      const actor: HistoryActor = { kind: 'IMPORT', id: c.get('host').accountId, at: new Date().toISOString() };
      await lockOccasionForBulk(trx, dbKind, occasionId);
      const row = await trx.selectFrom('guestImport').select(['id', 'written', 'undoneAt']).where('id', '=', importId).where('occasionId', '=', occasionId).executeTakeFirst();
      if (!row) throw notFound('No such import.');
      if (row.undoneAt !== null) return { importId, undoneAt: row.undoneAt };
      await undoWrites(trx, dbKind, occasionId, readJsonColumn<ImportWritten>(row.written, emptyWritten()), actor);
      const undoneAt = actor.at!;
      await trx.updateTable('guestImport').set({ undoneAt }).where('id', '=', importId).execute();
      return { importId, undoneAt };
    });
    return c.json(result);
  });

  return routes;
}

const emptyWritten = (): ImportWritten => ({ guest: [], household: [], inviteLine: [], answer: [] });

/** SHA-256 of the body without its key: what tells the same import from another one. */
function hashOf(body: GuestImport): string {
  const { key: _key, ...rest } = body;
  return createHash('sha256').update(JSON.stringify(rest)).digest('base64url');
}

async function importWithKey(trx: Kysely<Database>, occasionId: string, key: string): Promise<{ bodyHash: string; result: GuestImportResult } | undefined> {
  const row = await trx.selectFrom('guestImport').select(['bodyHash', 'result']).where('occasionId', '=', occasionId).where('importKey', '=', key).executeTakeFirst();
  return row && { bodyHash: row.bodyHash, result: readJsonColumn<GuestImportResult>(row.result, undefined as never) };
}
