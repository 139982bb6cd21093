import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startLiveServer, type LiveServer } from '../../server/test-support/live-server';
import { newAccount } from './app-fetch.test-helper';
import { createCookieFetch } from './cookie-fetch';
import { signOutHost, signUpHost } from './host-auth';
import { createHostClient } from './host-client';

let live: LiveServer | undefined;
const servers: Server[] = [];
afterEach(async () => {
  await live?.close();
  live = undefined;
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** A real HTTP server on 127.0.0.1; resolves to its base URL. */
async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A server that sets the cookies `/set?…` lists as `Set-Cookie` lines and answers every request with the `Cookie` it was sent. */
const cookieEcho = () =>
  listen((req, res) => {
    const url = new URL(req.url!, 'http://x');
    res.setHeader('set-cookie', url.searchParams.getAll('set'));
    res.end(req.headers.cookie ?? '');
  });

describe('createCookieFetch', () => {
  it('keeps the session of a host sign-in on the real server, and forgets it at sign-out', async () => {
    live = await startLiveServer();
    const host = createHostClient({ baseUrl: live.url, fetch: createCookieFetch() });
    const account = newAccount();
    expect((await signUpHost(host, account)).error).toBeUndefined();
    expect((await host.getAccount()).data).toMatchObject({ email: account.email });
    const created = await host.createOccasion({ title: 'Reunion', startDate: '2099-06-12', endDate: '2099-06-13' });
    expect(created.error).toBeUndefined();
    expect((await host.listOccasions()).data).toHaveLength(1);

    const withoutJar = createHostClient({ baseUrl: live.url });
    expect((await withoutJar.getAccount()).error).toMatchObject({ status: 401 });

    expect((await signOutHost(host)).error).toBeUndefined();
    expect((await host.getAccount()).error).toMatchObject({ status: 401 });
  });

  it("sends an origin's cookies only to that origin, and each jar only its own", async () => {
    const [first, second] = await Promise.all([cookieEcho(), cookieEcho()]);
    const cookieFetch = createCookieFetch();
    await cookieFetch(`${first}/set?set=a%3D1%3B%20Path%3D%2F%3B%20HttpOnly&set=b%3D2`);
    expect(await (await cookieFetch(`${first}/other/path`)).text()).toBe('a=1; b=2');
    expect(await (await cookieFetch(`${second}/`)).text()).toBe('');
    expect(await (await createCookieFetch()(`${first}/`)).text()).toBe('');
  });

  it('replaces a cookie set again and forgets one emptied, one with Max-Age=0 and one with a past Expires', async () => {
    const base = await cookieEcho();
    const cookieFetch = createCookieFetch();
    const set = (...lines: string[]) => cookieFetch(`${base}/set?${lines.map((line) => `set=${encodeURIComponent(line)}`).join('&')}`);
    await set('a=1', 'b=2', 'c=3', 'd=4', 'e=5; Max-Age=3600');
    await set('a=9', 'b=', 'c=3; Max-Age=0', 'd=4; Expires=Thu, 01 Jan 1970 00:00:00 GMT');
    expect(await (await cookieFetch(`${base}/`)).text()).toBe('a=9; e=5');
  });

  it("keeps a request's own headers beside the cookies, given as a URL, a string or a Request", async () => {
    const base = await listen((req, res) => {
      if (req.url === '/set') res.setHeader('set-cookie', 'k=v');
      res.end(`${req.headers['x-kind'] ?? ''}|${req.headers.cookie ?? ''}`);
    });
    const cookieFetch = createCookieFetch();
    expect(await (await cookieFetch(new URL(`${base}/set`))).text()).toBe('|');
    expect(await (await cookieFetch(`${base}/`, { headers: { 'x-kind': 'plain' } })).text()).toBe('plain|k=v');
    expect(await (await cookieFetch(new Request(`${base}/`, { headers: { 'x-kind': 'request' } }))).text()).toBe('request|k=v');
  });
});
