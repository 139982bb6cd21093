import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app';
import { createTestAppWithDist } from '../../test-support/test-dist';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Map<string, string[]> {
  const entries = (header ?? '')
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .filter((words) => words[0])
    .map(([name, ...values]) => [name!, values] as const);
  return new Map(entries);
}

describe('security headers', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestAppWithDist();
  });
  afterAll(() => test.close());

  it('give the dashboard a strict CSP of its own origin that no page may frame', async () => {
    const response = await test.app.request('/occasions', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]+=*'$/)]);
    expect(csp.get('style-src-attr')).toBeUndefined();
    expect(response.headers.get('content-security-policy')).not.toContain('unsafe');
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('are on the dashboard assets and every host API answer, errors included', async () => {
    for (const [path, status] of [
      ['/assets/index-test.js', 200],
      ['/host/v1/account', 401],
      ['/host/v1/auth/session', 200],
      ['/host/v1/nowhere', 404],
    ] as const) {
      const response = await test.app.request(path);
      expect(response.status, path).toBe(status);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('same-origin');
      expect(directives(response.headers.get('content-security-policy')).get('frame-ancestors'), path).toEqual(["'none'"]);
    }
  });

  it('give the guest area a data-only CSP, without blocking its CORS answers', async () => {
    const response = await test.app.request('/event/v1/info');
    expect(response.status).toBe(401);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(directives(response.headers.get('content-security-policy')).get('default-src')).toEqual(["'none'"]);
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-site');
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
  });

  it('keep the widget files loadable and readable by any page', async () => {
    for (const path of ['/widget.js', '/widget/app.js']) {
      const response = await test.app.request(path, { headers: { origin: 'https://smith-wedding.example' } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(response.headers.get('cross-origin-resource-policy'), path).toBe('cross-origin');
      expect(response.headers.get('x-frame-options'), path).toBeNull();
      expect(response.headers.get('cross-origin-opener-policy'), path).toBeNull();
      expect(response.headers.get('access-control-allow-credentials'), path).toBeNull();
    }
  });
});
