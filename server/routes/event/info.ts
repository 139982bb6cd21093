import { Hono } from 'hono';
import { EventInfoCache } from '../../data/event-info-cache';
import { isRsvpOpen, loadEventInfo } from '../../data/event-info';
import { jsonBytes } from '../../data/json-body';
import { jsonAnswer } from '../../http/json-answer';
import type { EventEnv } from './event-env';

/**
 * `GET /info`: the occasion and the activities the guest's household is invited to. The answer
 * is made once per household and occasion revision ({@link EventInfoCache}): the session lookup
 * reads the revision, so most requests cost that one lookup.
 */
export function eventInfoRoutes(cache = new EventInfoCache()): Hono<EventEnv> {
  const routes = new Hono<EventEnv>();
  routes.get('/info', async (c) => {
    const { occasionId, householdId, revision, rsvpDeadline } = c.get('guest').session;
    const now = new Date();
    const rsvpOpen = isRsvpOpen({ rsvpDeadline }, now);
    let body = cache.get(householdId, revision, rsvpOpen);
    if (body === undefined) {
      // Read after the revision, so what is kept is never older than its revision.
      body = jsonBytes(await loadEventInfo(c.get('deps').db, occasionId, householdId, now));
      cache.set(householdId, revision, rsvpOpen, body);
    }
    return jsonAnswer(c, body);
  });
  return routes;
}
