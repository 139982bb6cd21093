import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { assertOwnedOccasion } from '../../data/occasions';
import { listReplies } from '../../data/replies';

/** `GET /occasion/{id}/replies`: the households' replies and messages, newest first. */
export function replyRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/occasion/:occasionId/replies', async (c) => {
    const { db } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    return c.json(await listReplies(db, occasionId));
  });
  return routes;
}
