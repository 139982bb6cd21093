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
