import type { MiddlewareHandler } from 'hono';

/**
 * Logs one line a request: method, path, status and time. Never the query string,
 * headers or body, so no password, token or invite code reaches the log.
 */
export function requestLogger(log: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now();
    await next();
    const ms = (performance.now() - start).toFixed(1);
    log(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`);
  };
}
