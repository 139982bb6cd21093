import { Hono } from 'hono';
import { HouseholdCreateSchema, HouseholdUpdateSchema } from '../../../core/schemas/household';
import type { AppEnv } from '../../app-env';
import { deleteHousehold, findHousehold, householdWritable, insertHousehold, listHouseholds, loadHousehold, toHousehold } from '../../data/households';
import { actorOf, recordHistory } from '../../data/history';
import { householdHistory } from '../../data/history-changes';
import { assertOwnedOccasion } from '../../data/occasions';
import { lockRows } from '../../data/row-lock';
import { readBody } from '../../http/read-body';
import { validate } from '../../data/validate';

/**
 * Household CRUD. The server draws the invite code; `guestIds` follows the guests'
 * `householdId`. Deleting a household leaves its guests without one (foreign key sets null).
 */
export function householdRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/occasion/:occasionId/households', async (c) => {
    const { db } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    return c.json(await listHouseholds(db, occasionId));
  });

  routes.post('/occasion/:occasionId/household', async (c) => {
    const { db } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const input = await readBody(c, HouseholdCreateSchema);
    return c.json(toHousehold(await insertHousehold(db, occasionId, input, actorOf(c.get('host'))), []), 201);
  });

  routes.get('/occasion/:occasionId/household/:householdId', async (c) => {
    const { db } = c.get('deps');
    const { occasionId, householdId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    return c.json(await loadHousehold(db, await findHousehold(db, occasionId, householdId)));
  });

  routes.put('/occasion/:occasionId/household/:householdId', async (c) => {
    const { db, dbKind } = c.get('deps');
    const { occasionId, householdId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    await findHousehold(db, occasionId, householdId);
    const patch = await readBody(c, HouseholdUpdateSchema);
    const updated = await db.transaction().execute(async (trx) => {
      await lockRows(trx, dbKind, 'household', [householdId]);
      const current = await findHousehold(trx, occasionId, householdId);
      const changes = { ...validate(HouseholdCreateSchema, { ...householdWritable(current), ...patch }), updatedAt: new Date().toISOString() };
      await trx.updateTable('household').set(changes).where('id', '=', current.id).execute();
      const updated = { ...current, ...changes };
      await recordHistory(trx, occasionId, actorOf(c.get('host')), [householdHistory(current, updated)]);
      return updated;
    });
    return c.json(await loadHousehold(db, updated));
  });

  routes.delete('/occasion/:occasionId/household/:householdId', async (c) => {
    const { db } = c.get('deps');
    const { occasionId, householdId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const current = await findHousehold(db, occasionId, householdId);
    await db.transaction().execute((trx) => deleteHousehold(trx, occasionId, current, actorOf(c.get('host'))));
    return c.body(null, 204);
  });

  return routes;
}
