import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventFixture } from '../../server/test-support/event-fixture';
import { createTestApp, type TestApp } from '../../server/test-support/test-app';
import { EVENT_RATE_LIMITS } from '../../server/routes/event/event-rate-limits';
import { BASE_URL } from './app-fetch.test-helper';
import { createGuestClient } from './guest-client';
import { createHostClient } from './host-client';

let app: TestApp | undefined;
let server: Server | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  server = undefined;
});

/** A `fetch` over the app from one client address, as the rate limits count clients. */
const fetchFrom = (t: TestApp, address: string) =>
  ((input: string, init?: RequestInit) => t.app.request(input, init, { incoming: { socket: { remoteAddress: address } } })) as typeof fetch;

/** A real HTTP server that answers every request with `status` and these headers. */
async function answering(status: number, headers: Record<string, string>): Promise<string> {
  server = createServer((_, res) => res.writeHead(status, { 'content-type': 'application/json', ...headers }).end('{"error":{"code":"UNAVAILABLE","message":"Try later."}}'));
  await new Promise<void>((ready) => server!.listen(0, '127.0.0.1', ready));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("a rate-limit error carries the server's Retry-After", () => {
  it('gives retryAfterSeconds on the 429 of a sixth guest sign-in in a minute', async () => {
    app = await createTestApp();
    const f = await createEventFixture(app);
    const guest = createGuestClient({ baseUrl: BASE_URL, fetch: fetchFrom(app, '10.7.7.7') });
    for (let i = 0; i < EVENT_RATE_LIMITS.signInPerClientMinute.limit; i++) {
      const refused = await guest.signIn({ occasionId: f.occasionId, inviteCode: 'ZZZZ-ZZZZ-ZZZZ' });
      expect(refused.error).toEqual({ status: 401, data: expect.anything() });
      expect(refused.error).not.toHaveProperty('retryAfterSeconds');
    }
    const limited = await guest.signIn({ occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
    expect(limited.error).toMatchObject({ status: 429, data: { error: { code: 'RATE_LIMITED' } } });
    const seconds = limited.error && 'retryAfterSeconds' in limited.error ? limited.error.retryAfterSeconds : undefined;
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(guest.getToken()).toBeNull();
  });

  it('gives the seconds of a 503 over real HTTP', async () => {
    const baseUrl = await answering(503, { 'retry-after': '120' });
    const result = await createHostClient({ baseUrl }).getAccount();
    expect(result.error).toEqual({ status: 503, data: { error: { code: 'UNAVAILABLE', message: 'Try later.' } }, retryAfterSeconds: 120 });
  });

  it.each([['a date', new Date(Date.now() + 120_000).toUTCString()], ['a word', 'soon'], ['a negative number', '-5'], ['a fraction', '1.5'], ['nothing', '']])(
    'leaves it out when the header is %s',
    async (_, value) => {
      const baseUrl = await answering(503, { 'retry-after': value });
      const result = await createHostClient({ baseUrl }).getAccount();
      expect(result.error).toEqual({ status: 503, data: { error: { code: 'UNAVAILABLE', message: 'Try later.' } } });
    },
  );
});
