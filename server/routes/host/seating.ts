import { Hono } from 'hono';
import { SeatAssignSchema, SeatingTableCreateSchema, SeatingTableUpdateSchema } from '../../../core/schemas/seating';
import type { AppEnv } from '../../app-env';
import { assertOwnedOccasion } from '../../data/occasions';
import { assignSeats, createTable, deleteTable, dismissReleases, loadSeating, updateTable } from '../../data/seating';
import { readBody } from '../../http/read-body';

/**
 * Seating per activity (`docs/api/seating.md`): the activity's tables, who sits where, and the
 * notices of seats freed because their guest stopped attending.
 */
export function seatingRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/occasion/:occasionId/activity/:activityId/seating', async (c) => {
    const { db } = c.get('deps');
    const { occasionId, activityId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    return c.json(await loadSeating(db, occasionId, activityId));
  });

  routes.post('/occasion/:occasionId/activity/:activityId/tables', async (c) => {
    const { db, dbKind } = c.get('deps');
    const { occasionId, activityId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const input = await readBody(c, SeatingTableCreateSchema);
    return c.json(await createTable(db, dbKind, occasionId, activityId, input, new Date().toISOString()), 201);
  });

  routes.put('/occasion/:occasionId/table/:tableId', async (c) => {
    const { db, dbKind } = c.get('deps');
    const { occasionId, tableId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const patch = await readBody(c, SeatingTableUpdateSchema);
    return c.json(await updateTable(db, dbKind, occasionId, tableId, patch, new Date().toISOString()));
  });

  routes.delete('/occasion/:occasionId/table/:tableId', async (c) => {
    const { db } = c.get('deps');
    const { occasionId, tableId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    await deleteTable(db, occasionId, tableId);
    return c.body(null, 204);
  });

  routes.post('/occasion/:occasionId/activity/:activityId/seats', async (c) => {
    const { db, dbKind } = c.get('deps');
    const { occasionId, activityId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const input = await readBody(c, SeatAssignSchema);
    await assignSeats(db, dbKind, occasionId, activityId, input, new Date().toISOString());
    return c.json(await loadSeating(db, occasionId, activityId));
  });

  routes.delete('/occasion/:occasionId/activity/:activityId/releases', async (c) => {
    const { db } = c.get('deps');
    const { occasionId, activityId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    await dismissReleases(db, occasionId, activityId);
    return c.body(null, 204);
  });

  return routes;
}
