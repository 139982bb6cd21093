import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test-support/test-app';
import { createTestAppWithDist } from '../test-support/test-dist';

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('serveFrontends', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestAppWithDist();
  });
  afterAll(() => test.close());

  it('serves the built files', async () => {
    for (const [path, text] of [
      ['/widget.js', 'loader'],
      ['/widget/app.js', 'app'],
      ['/assets/index-test.js', 'dashboard'],
    ] as const) {
      const response = await test.app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/javascript/);
      expect(await response.text(), path).toContain(text);
    }
  });

  it('answers 404 with the contract body for a missing file, never the dashboard page', async () => {
    for (const path of ['/widget/no-such.js', '/assets/x.js', '/assets/nested/x.css', '/widget/', '/favicon.ico', '/robots.txt', '/occasions/x.json']) {
      for (const headers of [{}, HTML]) {
        const response = await test.app.request(path, { headers });
        expect(response.status, path).toBe(404);
        expect(await response.json(), path).toEqual({ error: { code: 'NOT_FOUND', message: 'No such route.' } });
      }
    }
  });

  it('falls back to the dashboard page for page routes only', async () => {
    for (const path of ['/', '/occasions', '/occasion/abc123/guests', '/auth/sign-in']) {
      for (const headers of [{}, HTML, { accept: '*/*' }]) {
        const response = await test.app.request(path, { headers });
        expect(response.status, path).toBe(200);
        expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
        expect(await response.text(), path).toContain('<div id="root">');
      }
    }
    const asJson = await test.app.request('/occasions', { headers: { accept: 'application/json' } });
    expect(asJson.status).toBe(404);
    const posted = await test.app.request('/occasions', { method: 'POST', headers: HTML });
    expect(posted.status).toBe(404);
  });

  it('hands the answer\'s style nonce to React Aria in the page', async () => {
    const response = await test.app.request('/occasions', { headers: HTML });
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(await response.text()).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    const again = await test.app.request('/occasions', { headers: HTML });
    expect(again.headers.get('content-security-policy')).not.toContain(nonce);
  });

  it('names the first download of the page\'s screen as a preload fetch: the session, never a list', async () => {
    const preloads = async (path: string) => {
      const html = await (await test.app.request(path, { headers: HTML })).text();
      return [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g)].map((match) => match[1]);
    };
    for (const path of ['/occasion/abc123/guests', '/occasion/abc123/households', '/occasion/abc123']) {
      expect(await preloads(path), path).toEqual(['/host/v1/auth/session']);
    }
    expect(await preloads('/occasions')).toEqual(['/host/v1/auth/session']);
    expect(await preloads('/occasion/a%22%3E/guests')).toEqual(['/host/v1/auth/session']);
  });

  it('answers 400 to a page path with a malformed escape, and 404 under the API', async () => {
    const page = await test.app.request('/%ZZ', { headers: HTML });
    expect(page.status).toBe(400);
    expect((await page.json()).error.code).toBe('VALIDATION_FAILED');
    for (const path of ['/host/v1/%ZZ', '/event/v1/%ZZ', '/assets/%ZZ.js', '/widget/%ZZ']) {
      const response = await test.app.request(path, { headers: HTML });
      expect(response.status, path).toBe(404);
      expect((await response.json()).error.code, path).toBe('NOT_FOUND');
    }
  });
});
