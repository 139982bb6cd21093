import { Hono } from 'hono';
import { loadEventInfo } from '../../data/event-info';
import type { EventEnv } from './event-env';

/** `GET /info`: the occasion and the activities the guest's household is invited to. */
export function eventInfoRoutes(): Hono<EventEnv> {
  const routes = new Hono<EventEnv>();
  routes.get('/info', async (c) => {
    const { occasionId, householdId } = c.get('guest').session;
    return c.json(await loadEventInfo(c.get('deps').db, occasionId, householdId, new Date()));
  });
  return routes;
}
