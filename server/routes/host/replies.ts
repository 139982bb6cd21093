import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { assertOwnedOccasion } from '../../data/occasions';
import { repliesJson } from '../../data/replies';

/** `GET /occasion/{id}/replies`: the households' replies and messages, newest first. */
export function replyRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/occasion/:occasionId/replies', async (c) => {
    const { db, dbKind } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    return c.body(await repliesJson(db, dbKind, occasionId), 200, { 'Content-Type': 'application/json' });
  });
  return routes;
}
