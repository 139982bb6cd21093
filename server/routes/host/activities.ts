import { Hono } from 'hono';
import { ActivityCreateSchema, ActivityUpdateSchema } from '../../../core/schemas/activity';
import type { AppEnv } from '../../app-env';
import { activityWritable, findActivity, listActivities, toActivity, toActivityRow } from '../../data/activities';
import { assertOwnedOccasion } from '../../data/occasions';
import { lockRows } from '../../data/row-lock';
import { newId } from '../../db/ids';
import { readBody } from '../../http/read-body';
import { validate } from '../../data/validate';

/** Activity CRUD. Deleting an activity deletes its invite lines (foreign-key cascade). */
export function activityRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/occasion/:occasionId/activities', async (c) => {
    const { db } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    return c.json((await listActivities(db, occasionId)).map(toActivity));
  });

  routes.post('/occasion/:occasionId/activity', async (c) => {
    const { db } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const input = await readBody(c, ActivityCreateSchema);
    const row = toActivityRow(newId(), occasionId, input);
    await db.transaction().execute((trx) => trx.insertInto('activity').values(row).execute());
    return c.json(toActivity(row), 201);
  });

  routes.get('/occasion/:occasionId/activity/:activityId', async (c) => {
    const { db } = c.get('deps');
    const { occasionId, activityId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    return c.json(toActivity(await findActivity(db, occasionId, activityId)));
  });

  routes.put('/occasion/:occasionId/activity/:activityId', async (c) => {
    const { db, dbKind } = c.get('deps');
    const { occasionId, activityId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    await findActivity(db, occasionId, activityId);
    const patch = await readBody(c, ActivityUpdateSchema);
    const row = await db.transaction().execute(async (trx) => {
      await lockRows(trx, dbKind, 'activity', [activityId]);
      const current = await findActivity(trx, occasionId, activityId);
      const merged = toActivityRow(current.id, occasionId, validate(ActivityCreateSchema, { ...activityWritable(current), ...patch }));
      await trx.updateTable('activity').set(merged).where('id', '=', current.id).execute();
      return merged;
    });
    return c.json(toActivity(row));
  });

  routes.delete('/occasion/:occasionId/activity/:activityId', async (c) => {
    const { db } = c.get('deps');
    const { occasionId, activityId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const current = await findActivity(db, occasionId, activityId);
    await db.transaction().execute((trx) => trx.deleteFrom('activity').where('id', '=', current.id).execute());
    return c.body(null, 204);
  });

  return routes;
}
