import type { MiddlewareHandler } from 'hono';
import type { LogFunction } from '../../logger';

/**
 * Logs one line a request: method, path, status and time, also as fields. Never the query
 * string, headers or body, so no password, token or invite code reaches the log.
 */
export function requestLogger(log: LogFunction): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now();
    await next();
    const ms = Math.round((performance.now() - start) * 10) / 10;
    const { method, path } = c.req;
    const status = c.res.status;
    log(`${method} ${path} ${status} ${ms.toFixed(1)}ms`, { method, path, status, ms });
  };
}
