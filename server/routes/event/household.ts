import { Hono } from 'hono';
import { EventHouseholdUpdateSchema } from '../../../core/schemas/event';
import { loadEventHousehold, updateEventHousehold } from '../../data/event-household';
import { readBody } from '../../http/read-body';
import type { EventEnv } from './event-env';
import { consumeWriteLimit } from './event-rate-limits';

/** `GET /household` and `PUT /household`: the guest's own household only. */
export function eventHouseholdRoutes(): Hono<EventEnv> {
  const routes = new Hono<EventEnv>();

  routes.get('/household', async (c) => {
    return c.json(await loadEventHousehold(c.get('deps').db, c.get('guest').session.householdId));
  });

  routes.put('/household', async (c) => {
    const { db, dbKind } = c.get('deps');
    const { occasionId, householdId, guestId } = c.get('guest').session;
    await consumeWriteLimit(c);
    const patch = await readBody(c, EventHouseholdUpdateSchema);
    await updateEventHousehold(db, dbKind, { occasionId, householdId, guestId }, patch, new Date());
    return c.json(await loadEventHousehold(db, householdId));
  });

  return routes;
}
