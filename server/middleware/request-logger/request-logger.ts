import type { MiddlewareHandler } from 'hono';
import type { LogFunction } from '../../logger';

/**
 * Logs one line a request: method, path, status and time, also as fields. Never the query
 * string, headers or body, so no password, token or invite code reaches the log; the one path
 * that carries a secret, an email's unsubscribe link, is logged without its token.
 */
export function requestLogger(log: LogFunction): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now();
    await next();
    const ms = Math.round((performance.now() - start) * 10) / 10;
    const method = c.req.method;
    const path = withoutSecrets(c.req.path);
    const status = c.res.status;
    log(`${method} ${path} ${status} ${ms.toFixed(1)}ms`, { method, path, status, ms });
  };
}

/** `/unsubscribe/{token}` → `/unsubscribe/:token`: the token alone unsubscribes its address. */
function withoutSecrets(path: string): string {
  return path.startsWith('/unsubscribe/') ? '/unsubscribe/:token' : path;
}
