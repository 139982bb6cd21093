import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

interface RawAnswer {
  status: number;
  allow: string | undefined;
  body: string;
}

/** Sends a request over HTTP: `fetch` and `app.request()` refuse `TRACE`. */
function send(port: number, method: string, path: string): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const outgoing = request({ host: '127.0.0.1', port, method, path }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => done({ status: response.statusCode ?? 0, allow: response.headers.allow, body }));
    });
    outgoing.on('error', fail);
    outgoing.end();
  });
}

describe('methods a route does not answer', () => {
  let test: TestApp;
  let server: ReturnType<typeof serve>;
  let port: number;

  beforeAll(async () => {
    test = await createTestApp();
    server = await new Promise((ready) => {
      const started = serve({ fetch: test.app.fetch, port: 0 }, () => ready(started));
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
    await test.close();
  });

  it('answer 405 with Allow and the contract body under Auth.js routes', async () => {
    for (const path of ['/host/v1/auth/session', '/host/v1/auth/csrf', '/host/v1/auth/callback/credentials', '/host/v1/auth/signout', '/host/v1/auth/x']) {
      for (const method of ['TRACE', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND']) {
        const answer = await send(port, method, path);
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.allow, `${method} ${path}`).toBe('GET, POST');
        expect(JSON.parse(answer.body), `${method} ${path}`).toEqual({
          error: { code: 'NOT_FOUND', message: `${method} is not allowed here; use GET or POST.` },
        });
      }
    }
    expect(test.logs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50)).toEqual([]);
  });

  it('still let Auth.js answer GET and POST', async () => {
    const session = await send(port, 'GET', '/host/v1/auth/session');
    expect(session.status).toBe(200);
    expect(JSON.parse(session.body)).toBeNull();
    const csrf = await send(port, 'GET', '/host/v1/auth/csrf');
    expect(JSON.parse(csrf.body).csrfToken).toEqual(expect.any(String));
  });

  it('never answer 500 in the other route groups', async () => {
    for (const path of ['/', '/occasions', '/host/v1/account', '/host/v1/occasions', '/host/v1/occasion/abc', '/event/v1/info', '/event/v1/rsvp', '/event/v1/auth/credentials', '/widget.js']) {
      for (const method of ['TRACE', 'PATCH', 'PROPFIND']) {
        const answer = await send(port, method, path);
        expect([401, 404, 405], `${method} ${path}: ${answer.status}`).toContain(answer.status);
        expect(JSON.parse(answer.body).error.code, `${method} ${path}`).toEqual(expect.any(String));
      }
    }
  });
});
