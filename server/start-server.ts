import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AppEnv } from './app-env';

export interface RunningServer {
  port: number;
  /** Stops taking connections, lets requests in flight finish, then runs `onClosed`. */
  stop(): Promise<void>;
}

/** Serves the app over HTTP; `stop` is what SIGTERM runs. */
export function startServer(app: Hono<AppEnv>, port: number, onClosed: () => Promise<void>): Promise<RunningServer> {
  return new Promise((ready) => {
    const server = serve({ fetch: app.fetch, port }, () => {
      let stopping: Promise<void> | undefined;
      ready({
        port: (server.address() as AddressInfo).port,
        stop: () =>
          (stopping ??= new Promise<void>((done, fail) => {
            // Keep-alive sockets would hold close() open: close each as soon as its request is done.
            const closeIdle = () => ('closeIdleConnections' in server ? server.closeIdleConnections() : undefined);
            const sweeper = setInterval(closeIdle, 50);
            server.close(() => {
              clearInterval(sweeper);
              onClosed().then(done, fail);
            });
            closeIdle();
          })),
      });
    });
  });
}
