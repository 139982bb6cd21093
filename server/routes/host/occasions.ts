import { Hono } from 'hono';
import { OccasionCreateSchema, OccasionUpdateSchema } from '../../../core/schemas/occasion';
import type { AppEnv } from '../../app-env';
import { newId } from '../../db/ids';
import { writeJsonColumn } from '../../data/json-column';
import { findOwnedOccasion, occasionSummary, toOccasion, type OccasionRow } from '../../data/occasions';
import { lockRows } from '../../data/row-lock';
import { readBody } from '../../http/read-body';
import { validate } from '../../data/validate';

/** Occasion CRUD. Everything an occasion holds is deleted with it (foreign-key cascades). */
export function occasionRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/occasions', async (c) => {
    const { db } = c.get('deps');
    const rows = await db
      .selectFrom('occasion')
      .selectAll()
      .where('accountId', '=', c.get('host').accountId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return c.json(await Promise.all(rows.map(async (row) => toOccasion(row, await occasionSummary(db, row.id)))));
  });

  routes.post('/occasion', async (c) => {
    const { db } = c.get('deps');
    const input = await readBody(c, OccasionCreateSchema);
    const now = new Date().toISOString();
    const row: OccasionRow = {
      ...input,
      id: newId(),
      accountId: c.get('host').accountId,
      allowedOrigins: writeJsonColumn(input.allowedOrigins),
      digestEnabled: input.digestEnabled ? 1 : 0,
      createdAt: now,
      updatedAt: now,
      revision: 0,
      reminderSentFor: null,
      digestSentAt: null,
    };
    await db.insertInto('occasion').values(row).execute();
    return c.json(toOccasion(row, await occasionSummary(db, row.id)), 201);
  });

  routes.get('/occasion/:occasionId', async (c) => {
    const { db } = c.get('deps');
    const row = await findOwnedOccasion(db, c.get('host').accountId, c.req.param('occasionId'));
    return c.json(toOccasion(row, await occasionSummary(db, row.id)));
  });

  routes.put('/occasion/:occasionId', async (c) => {
    const { db, dbKind } = c.get('deps');
    const accountId = c.get('host').accountId;
    const occasionId = (await findOwnedOccasion(db, accountId, c.req.param('occasionId'))).id;
    const patch = await readBody(c, OccasionUpdateSchema);
    const updated = await db.transaction().execute(async (trx) => {
      await lockRows(trx, dbKind, 'occasion', [occasionId]);
      const current = await findOwnedOccasion(trx, accountId, occasionId);
      const { summary: _summary, id: _id, createdAt: _c, updatedAt: _u, ...writable } = toOccasion(current, emptySummary);
      const merged = validate(OccasionCreateSchema, { ...writable, ...patch });
      const changes = {
        ...merged,
        allowedOrigins: writeJsonColumn(merged.allowedOrigins),
        digestEnabled: merged.digestEnabled ? 1 : 0,
        updatedAt: new Date().toISOString(),
      };
      await trx.updateTable('occasion').set(changes).where('id', '=', current.id).execute();
      return { ...current, ...changes };
    });
    return c.json(toOccasion(updated, await occasionSummary(db, occasionId)));
  });

  routes.delete('/occasion/:occasionId', async (c) => {
    const { db } = c.get('deps');
    const current = await findOwnedOccasion(db, c.get('host').accountId, c.req.param('occasionId'));
    await db.deleteFrom('occasion').where('id', '=', current.id).execute();
    return c.body(null, 204);
  });

  return routes;
}

const emptySummary = { guests: 0, households: 0, activities: 0, perActivity: [] };
