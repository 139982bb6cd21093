import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from './start-server';
import { createTestApp, type TestApp } from './test-support/test-app';

describe('startServer', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close().catch(() => {}));

  it('on stop, finishes the request in flight, refuses new ones and then closes the database', async () => {
    t = await createTestApp();
    t.app.get('/slow', async (c) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return c.json({ finished: true });
    });
    let databaseClosed = false;
    const server = await startServer(t.app, 0, async () => {
      await t!.database.close();
      databaseClosed = true;
    });
    const url = `http://127.0.0.1:${server.port}`;
    const inFlight = fetch(`${url}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopped = server.stop();

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await stopped;
    expect(databaseClosed).toBe(true);
    await expect(fetch(`${url}/slow`)).rejects.toThrow();
  });
});

const somaxconn = (() => {
  try {
    return Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
  } catch {
    return 0;
  }
})();

describe('startServer’s listen queue', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close().catch(() => {}));

  // 700 connections opened while the event loop is busy (here: this test's own synchronous
  // loop), more than Node's default backlog of 511 holds; the kernel must queue them all.
  const ATTEMPTS = 700;
  it.runIf(somaxconn >= ATTEMPTS)('queues a burst of connections made while the event loop is busy, dropping none', async () => {
    t = await createTestApp();
    const server = await startServer(t.app, 0, () => t!.database.close());
    const sockets: Socket[] = [];
    const connected = new Promise<void>((done) => {
      let count = 0;
      for (let i = 0; i < ATTEMPTS; i++) {
        // The handshake completes in the kernel's queue, before the server accepts.
        const socket = connect({ port: server.port, host: '127.0.0.1' }, () => ++count === ATTEMPTS && done());
        socket.on('error', () => {});
        sockets.push(socket);
      }
    });
    // A connection the kernel dropped would be tried again 1 s later.
    const inTime = await Promise.race([connected.then(() => true), new Promise<boolean>((late) => setTimeout(() => late(false), 900))]);
    for (const socket of sockets) socket.destroy();
    await server.stop();
    expect(inTime).toBe(true);
  });
});
