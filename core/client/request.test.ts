import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test-support/test-app';
import { appFetch, BASE_URL } from './app-fetch.test-helper';
import { signUpHost } from './host-auth';
import { createHostClient, IMPORT_TIMEOUT_MS } from './host-client';
import { createSend, DEFAULT_TIMEOUT_MS } from './request';
import { errorMessage, isHttpError } from './result';

let server: Server | undefined;
let app: TestApp | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  server = undefined;
  await app?.close();
  app = undefined;
});

/** A real HTTP server on a free port of 127.0.0.1; resolves to its base URL. */
async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((ready) => server!.listen(0, '127.0.0.1', ready));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('every call resolves to data or exactly one of the four errors', () => {
  it('FETCH_ERROR: a refused connection (a closed port, the real fetch)', async () => {
    const url = await listen(() => {});
    await new Promise((done) => server!.close(done));
    server = undefined;
    const result = await createHostClient({ baseUrl: url }).getAccount();
    expect(result.data).toBeUndefined();
    expect(result.error).toEqual({ status: 'FETCH_ERROR', error: expect.stringContaining('fetch failed') });
    expect(Object.keys(result.error!)).toEqual(['status', 'error']);
    expect(errorMessage(result.error!)).toMatch(/could not reach the server/i);
  });

  it('TIMEOUT_ERROR: a server that accepts and never answers', async () => {
    const url = await listen(() => {});
    const started = Date.now();
    const result = await createHostClient({ baseUrl: url, timeoutMs: 150 }).listOccasions();
    expect(result.error).toEqual({ status: 'TIMEOUT_ERROR', error: expect.any(String) });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(DEFAULT_TIMEOUT_MS).toBe(10_000);
  });

  it('TIMEOUT_ERROR: headers sent, then the body never ends', async () => {
    const url = await listen((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":');
    });
    const result = await createHostClient({ baseUrl: url, timeoutMs: 150 }).getAccount();
    expect(result.error?.status).toBe('TIMEOUT_ERROR');
  });

  it('an import waits past the time limit of other calls (its own is IMPORT_TIMEOUT_MS)', async () => {
    let arrived: (answer: () => void) => void = () => {};
    const importArrived = new Promise<() => void>((resolve) => (arrived = resolve));
    const url = await listen((req, res) => {
      if (req.method === 'POST') arrived(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"importId":"i1"}'));
    });
    const client = createHostClient({ baseUrl: url, timeoutMs: 50 });
    const imported = client.importGuests('o1', { key: 'import-key-1', guests: [{ firstName: 'Ada' }] });
    const answer = await importArrived;
    // An ordinary call gives up; the import is still waiting for its answer.
    expect((await client.listOccasions()).error?.status).toBe('TIMEOUT_ERROR');
    answer();
    expect((await imported).data).toEqual({ importId: 'i1' });
    expect(IMPORT_TIMEOUT_MS).toBe(120_000);
  });

  it('PARSING_ERROR: a 200 whose body is HTML', async () => {
    const url = await listen((_, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><p>Welcome</p>');
    });
    const result = await createHostClient({ baseUrl: url }).getAccount();
    expect(result.error).toEqual({
      status: 'PARSING_ERROR',
      originalStatus: 200,
      data: '<!doctype html><p>Welcome</p>',
      error: expect.stringContaining('SyntaxError'),
    });
  });

  it('PARSING_ERROR: a 502 from a proxy with an HTML page keeps its status', async () => {
    const url = await listen((_, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Bad Gateway</h1>');
    });
    const result = await createHostClient({ baseUrl: url }).getAccount();
    expect(result.error).toMatchObject({ status: 'PARSING_ERROR', originalStatus: 502, data: '<h1>Bad Gateway</h1>' });
  });

  it('HTTP errors: 4xx and 5xx carry their parsed bodies', async () => {
    const url = await listen((req, res) => {
      const status = req.url?.endsWith('/occasions') ? 503 : 409;
      const code = status === 503 ? 'UNAVAILABLE' : 'EMAIL_TAKEN';
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code, message: `${code} message` } }));
    });
    const client = createHostClient({ baseUrl: url });
    const unavailable = await client.listOccasions();
    expect(unavailable.error).toEqual({ status: 503, data: { error: { code: 'UNAVAILABLE', message: 'UNAVAILABLE message' } } });
    const taken = await client.createAccount({ email: 'a@example.com', password: 'x', firstName: 'A', lastName: 'B' });
    expect(taken.error).toEqual({ status: 409, data: { error: { code: 'EMAIL_TAKEN', message: 'EMAIL_TAKEN message' } } });
    expect(isHttpError(taken.error!) && taken.error.data.error.code).toBe('EMAIL_TAKEN');
    expect(errorMessage(taken.error!)).toBe('EMAIL_TAKEN message');
  });

  it('HTTP errors from the real app: 401 without a session, 404 for an unknown id', async () => {
    app = await createTestApp();
    const client = createHostClient({ baseUrl: BASE_URL, fetch: appFetch(app).fetch });
    expect((await client.getAccount()).error).toEqual({
      status: 401,
      data: { error: { code: 'UNAUTHENTICATED', message: 'Sign in first.' } },
    });
    await signUpHost(client, { email: 'ada@example.com', password: 'correct horse battery', firstName: 'Ada', lastName: 'L' });
    expect((await client.getOccasion('nope')).error).toEqual({
      status: 404,
      data: { error: { code: 'NOT_FOUND', message: expect.any(String) } },
    });
  });

  it('204 and empty bodies resolve without data', async () => {
    const url = await listen((_, res) => {
      res.writeHead(204);
      res.end();
    });
    expect(await createHostClient({ baseUrl: url }).deleteOccasion('o1')).toEqual({ data: undefined });
  });

  it('sends credentials, JSON, an accept header and encoded ids', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const fetchSpy = async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(input), init: init! });
      return new Response('{"ok":true}', { status: 200 });
    };
    const client = createHostClient({ baseUrl: 'https://api.example.com', fetch: fetchSpy as typeof fetch });
    await client.updateGuest('occ/1', 'g?2', { firstName: 'Ada' });
    expect(seen[0]!.url).toBe('https://api.example.com/host/v1/occasion/occ%2F1/guest/g%3F2');
    expect(seen[0]!.init).toMatchObject({
      method: 'PUT',
      credentials: 'include',
      body: '{"firstName":"Ada"}',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
    });
    expect(seen[0]!.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('a custom send never rejects, even when fetch throws synchronously', async () => {
    const send = createSend({
      baseUrl: '',
      fetch: (() => {
        throw new TypeError('boom');
      }) as typeof fetch,
    });
    expect(await send('/x')).toEqual({ error: { status: 'FETCH_ERROR', error: 'TypeError: boom' } });
  });
});
