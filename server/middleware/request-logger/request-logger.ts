import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { ServerLogger } from '../../logger';

/**
 * Logs one line a request: method, route, status and time, also as fields; at error level when
 * the answer is a 5xx. The route is the pattern that answered (`/unsubscribe/:token`), never
 * the raw path, and never the query string, headers or body, so no password, token or invite
 * code reaches the log.
 */
export function requestLogger(log: ServerLogger): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now();
    await next();
    const ms = Math.round((performance.now() - start) * 10) / 10;
    const method = c.req.method;
    const route = loggedRoute(c);
    const status = c.res.status;
    const line = `${method} ${route} ${status} ${ms.toFixed(1)}ms`;
    if (status >= 500) log.error({ method, route, status, ms }, line);
    else log.info({ method, route, status, ms }, line);
  };
}

/**
 * The pattern of the route that answered; when a middleware or no route did (a pattern ending
 * in `*`), the path with its one secret-bearing form, an email's unsubscribe link, masked.
 */
export function loggedRoute(c: Context): string {
  const pattern = routePath(c);
  if (!pattern.endsWith('*')) return pattern;
  return c.req.path.startsWith('/unsubscribe/') ? '/unsubscribe/:token' : c.req.path;
}
