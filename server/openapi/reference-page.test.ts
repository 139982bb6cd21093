import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../test-support/test-app';
import { writeTestDist, type TestDist } from '../test-support/test-dist';

describe('the API reference page', () => {
  let t: TestApp;
  let dist: TestDist;

  beforeAll(async () => {
    dist = writeTestDist();
    mkdirSync(join(dist.dir, 'api-reference'));
    writeFileSync(join(dist.dir, 'api-reference', 'standalone.js'), `window.Scalar = {};${' '.repeat(4096)}`);
    t = await createTestApp({ config: { ...testConfig, distDir: dist.dir } });
  });
  afterAll(async () => {
    await t.close();
    dist.remove();
  });

  it('is a page of two scripts of its own origin, never the dashboard’s', async () => {
    const response = await t.app.request('/api-reference', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<script src="/api-reference/scalar.js"></script><script src="/api-reference/start.js"></script>');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('index-test.js');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('serves Scalar’s bundle from the build, compressed, and a start script that loads both documents', async () => {
    const bundle = await t.app.request('/api-reference/scalar.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(bundle.headers.get('content-encoding')).toBe('gzip');
    expect(bundle.headers.get('etag')).toMatch(/^"/);
    const start = await (await t.app.request('/api-reference/start.js')).text();
    expect(start).toContain('Scalar.createApiReference');
    expect(start).toContain('"url":"/host/v1/openapi.json"');
    expect(start).toContain('"url":"/event/v1/openapi.json"');
  });
});
