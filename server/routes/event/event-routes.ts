import { Hono, type MiddlewareHandler } from 'hono';
import { setAnswerHeader } from '../../http/area-headers';
import type { EventEnv } from './event-env';
import { guestAuthRoutes } from './guest-auth';
import { eventGuestDataRoutes } from './guest-data';
import { eventHouseholdRoutes } from './household';
import { eventInfoRoutes } from './info';
import { requireGuest } from './require-guest';
import { eventRsvpRoutes } from './rsvp';

/** Everything under `/event/v1`. CORS is the app's, mounted before this. */
export function eventRoutes(): Hono<EventEnv> {
  const routes = new Hono<EventEnv>();
  // Answers carry a guest's own data and tokens: no shared cache may keep them.
  // The app's guest area puts it on every answer with its fixed headers (`security-headers.ts`).
  const noStore: MiddlewareHandler<EventEnv> = async (c, next) => {
    await next();
    setAnswerHeader(c, 'Cache-Control', 'no-store');
  };
  routes.use('*', (c, next) => (c.get('areaHeaders')?.has('Cache-Control', 'no-store') ? next() : noStore(c, next)));
  routes.route('/', guestAuthRoutes());
  for (const path of ['/info', '/household', '/household/data', '/rsvp', '/erasure-request']) routes.use(path, requireGuest());
  routes.route('/', eventInfoRoutes());
  routes.route('/', eventHouseholdRoutes());
  routes.route('/', eventRsvpRoutes());
  routes.route('/', eventGuestDataRoutes());
  return routes;
}
