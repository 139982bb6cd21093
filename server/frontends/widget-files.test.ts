import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetFiles } from './widget-files';

describe('widgetFiles', () => {
  let dir: string;
  let app: Hono;
  const loader = `console.log(${JSON.stringify('the loader '.repeat(200))});`;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kindly-widget-files-'));
    mkdirSync(join(dir, 'widget', 'app'), { recursive: true });
    writeFileSync(join(dir, 'widget', 'widget.js'), loader);
    writeFileSync(join(dir, 'secret.txt'), 'not a widget file');
    const file = widgetFiles(join(dir, 'widget'));
    app = new Hono();
    app.get('/widget.js', (c, next) => file(c, 'widget.js', 'public, max-age=300') ?? next());
    app.get('/widget/*', (c, next) => file(c, c.req.path.slice('/widget/'.length), 'public, max-age=300') ?? next());
    // A path that leaves the folder, as a caller might pass one.
    app.get('/outside', (c, next) => file(c, '../secret.txt', 'no-cache') ?? next());
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers brotli, gzip or the plain file by what the client takes, the same bytes in each', async () => {
    // The first read makes gzip at once and brotli on libuv's threads: gzip meanwhile.
    const first = await app.request('/widget.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await first.arrayBuffer())).toString('utf8')).toBe(loader);
    await expect.poll(async () => (await app.request('/widget.js', { headers: { 'accept-encoding': 'br' } })).headers.get('content-encoding')).toBe('br');
    const bodies: Record<string, string> = {};
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['', null],
    ] as const) {
      const response = await app.request('/widget.js', { headers: accept ? { 'accept-encoding': accept } : {} });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('public, max-age=300');
      expect(response.headers.get('content-encoding')).toBe(encoding);
      const bytes = Buffer.from(await response.arrayBuffer());
      bodies[accept] = (encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
      if (encoding) expect(bytes.length).toBeLessThan(loader.length / 4);
    }
    expect(Object.values(bodies)).toEqual([loader, loader, loader]);
  });

  it('answers 304 to a revalidation with its ETag, and reads a rebuilt file again', async () => {
    const first = await app.request('/widget.js');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.request('/widget.js', { headers: { 'if-none-match': `W/"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    writeFileSync(join(dir, 'widget', 'widget.js'), 'console.log("rebuilt");');
    utimesSync(join(dir, 'widget', 'widget.js'), new Date(), new Date(Date.now() + 5000));
    const rebuilt = await app.request('/widget.js', { headers: { 'if-none-match': etag } });
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.headers.get('etag')).not.toBe(etag);
    expect(await rebuilt.text()).toBe('console.log("rebuilt");');
  });

  it('answers nothing for a missing file, a folder or a path out of the widget folder', async () => {
    for (const path of ['/widget/no-such.js', '/widget/app', '/outside', '/widget/../secret.txt', '/widget/%2e%2e/secret.txt', '/widget/app/..%2f..%2fsecret.txt']) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });
});
