import type { Context } from 'hono';
import type { AppEnv } from '../app-env';

/**
 * The client's address: the socket's, or with `TRUST_PROXY` the last hop a reverse proxy
 * appended to `X-Forwarded-For`. Without that setting a forged header changes nothing.
 */
export function clientAddress(c: Context<AppEnv>): string {
  if (c.get('deps').config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
    if (forwarded) return forwarded;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
