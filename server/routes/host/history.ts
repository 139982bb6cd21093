import { Hono } from 'hono';
import { HistoryQuerySchema } from '../../../core/schemas/history';
import type { AppEnv } from '../../app-env';
import { listHistory } from '../../data/history';
import { assertOwnedOccasion, findOwnedOccasion } from '../../data/occasions';
import { repliesOverTime } from '../../data/replies-over-time';
import { validate } from '../../data/validate';

/**
 * `GET /occasion/{id}/history` (newest first, paged by cursor, filtered by household or guest)
 * and `GET /occasion/{id}/replies-over-time` (the overview's chart), both read-only.
 */
export function historyRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/occasion/:occasionId/history', async (c) => {
    const { db } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const query = validate(HistoryQuerySchema, c.req.query());
    return c.json(await listHistory(db, occasionId, query));
  });

  routes.get('/occasion/:occasionId/replies-over-time', async (c) => {
    const { db } = c.get('deps');
    const occasion = await findOwnedOccasion(db, c.get('host'), c.req.param('occasionId'));
    return c.json(await repliesOverTime(db, occasion, new Date()));
  });

  return routes;
}
