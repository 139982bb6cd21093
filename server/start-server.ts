import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AppEnv } from './app-env';

/**
 * Connections the kernel may hold for the server before it accepts them (Linux caps it at
 * `net.core.somaxconn`, 4096 by default since 5.4). Every guest opens a connection of its own
 * to sign in, and the server accepts only between turns of its event loop: with Node's default
 * of 511 a wave of arrivals overflows the queue during one long turn, and each attempt dropped
 * there waits for the client's SYN to be sent again, 1 s later, then 3 s, then 7 s.
 */
export const LISTEN_BACKLOG = 4096;

export interface RunningServer {
  port: number;
  /** Stops taking connections, lets requests in flight finish, then runs `onClosed`. */
  stop(): Promise<void>;
}

/** Serves the app over HTTP; `stop` is what SIGTERM runs. */
export function startServer(app: Hono<AppEnv>, port: number, onClosed: () => Promise<void>): Promise<RunningServer> {
  return new Promise((ready, fail) => {
    const server = createAdaptorServer({ fetch: app.fetch });
    server.once('error', fail);
    server.listen({ port, backlog: LISTEN_BACKLOG }, () => {
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
