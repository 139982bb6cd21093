import type { Context } from 'hono';
import type { ServerConfig } from '../config';

/** The server's public URL for links in mail: `AUTH_URL`, else the origin the request came to. */
export function publicUrlOf(c: Context, config: ServerConfig): string {
  return (config.authUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '');
}
