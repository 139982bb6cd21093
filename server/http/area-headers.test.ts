import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compressAnswers } from '../middleware/compress/compress-answers';
import { securityHeaders } from '../middleware/security-headers/security-headers';
import { AreaHeaders, applyAreaHeaders, setAnswerHeader } from './area-headers';
import { jsonBytes } from '../data/json-body';
import { jsonAnswer } from './json-answer';

/** The app's own order: security headers (the areas), then compression. */
function app(): Hono {
  const app = new Hono();
  app.use('*', securityHeaders());
  app.use('*', compressAnswers());
  app.get('/host/v1/small', (c) => jsonAnswer(c, JSON.stringify({ name: 'Zoë' })));
  app.get('/host/v1/large', (c) => jsonAnswer(c, JSON.stringify({ names: Array.from({ length: 300 }, (_, i) => `guest ${i}`) })));
  app.get('/host/v1/plain', (c) => c.json({ name: 'Zoë' }));
  app.get('/host/v1/bytes', (c) => jsonAnswer(c, jsonBytes({ name: 'Zoë' })));
  app.get('/host/v1/large-bytes', (c) => jsonAnswer(c, jsonBytes({ names: Array.from({ length: 300 }, (_, i) => `guest ${i}`) })));
  app.get('/event/v1/small', (c) => jsonAnswer(c, '{"ok":true}'));
  return app;
}

const sorted = (headers: Headers) => [...headers].filter(([name]) => name !== 'content-length').sort();

describe('jsonAnswer', () => {
  it('answers with every header of its area, the same as an answer made with c.json', async () => {
    const fast = await app().request('/host/v1/small');
    const plain = await app().request('/host/v1/plain');
    expect(fast.status).toBe(200);
    expect(await fast.json()).toEqual({ name: 'Zoë' });
    expect(sorted(fast.headers)).toEqual(sorted(plain.headers));
    expect(fast.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(fast.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('answers kept as UTF-8 bytes exactly as their text: same headers, body and length', async () => {
    const bytes = await app().request('/host/v1/bytes');
    const plain = await app().request('/host/v1/plain', { headers: { 'accept-encoding': 'gzip' } });
    expect(sorted(bytes.headers)).toEqual(sorted(plain.headers));
    expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength('{"name":"Zoë"}')));
    expect(await bytes.text()).toBe('{"name":"Zoë"}');
    const large = await app().request('/host/v1/large-bytes', { headers: { 'accept-encoding': 'gzip' } });
    expect(large.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await large.arrayBuffer())).toString('utf8')).names).toHaveLength(300);
    const smallToGzip = await app().request('/host/v1/bytes', { headers: { 'accept-encoding': 'gzip' } });
    expect(smallToGzip.headers.get('content-encoding')).toBeNull();
    expect(await smallToGzip.json()).toEqual({ name: 'Zoë' });
  });

  it("gives the guest area's answers its own headers, no-store and Vary: Origin included", async () => {
    const response = await app().request('/event/v1/small');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('vary')).toBe('Origin');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('sends a small answer plain to a client that takes gzip, and leaves a large one to be compressed', async () => {
    const small = await app().request('/host/v1/small', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ name: 'Zoë' });
    const large = await app().request('/host/v1/large', { headers: { 'accept-encoding': 'gzip' } });
    expect(large.headers.get('content-encoding')).toBe('gzip');
    expect(large.headers.get('vary')).toBe('Accept-Encoding');
    expect(large.headers.get('x-content-type-options')).toBe('nosniff');
    expect(JSON.parse(gunzipSync(Buffer.from(await large.arrayBuffer())).toString('utf8')).names).toHaveLength(300);
  });

  it('lets a middleware after the handler add headers (CORS)', async () => {
    const app = new Hono();
    app.use('*', securityHeaders());
    app.use('*', async (c, next) => {
      await next();
      setAnswerHeader(c, 'Access-Control-Allow-Origin', 'https://sam-and-alex.com');
    });
    app.get('/event/v1/small', (c) => jsonAnswer(c, '{}'));
    const response = await app.request('/event/v1/small');
    expect(response.headers.get('access-control-allow-origin')).toBe('https://sam-and-alex.com');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('without an area (a bare app) is a plain JSON answer', async () => {
    const bare = new Hono();
    bare.get('/', (c) => jsonAnswer(c, '{"a":1}'));
    const response = await bare.request('/');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ a: 1 });
  });
});

describe('applyAreaHeaders', () => {
  it("adds to the answer's Vary instead of replacing it", async () => {
    const area = new AreaHeaders([
      ['X-Content-Type-Options', 'nosniff'],
      ['Vary', 'Origin'],
    ]);
    const app = new Hono();
    app.use('*', async (c, next) => {
      await next();
      applyAreaHeaders(c, area);
    });
    app.get('/cookie', (c) => c.json({}, 200, { Vary: 'Cookie' }));
    app.get('/already', (c) => c.json({}, 200, { Vary: 'origin' }));
    expect((await app.request('/cookie')).headers.get('vary')).toBe('Cookie, Origin');
    expect((await app.request('/already')).headers.get('vary')).toBe('origin');
    expect((await app.request('/cookie')).headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('setAnswerHeader', () => {
  it('sets a header on the answer the handler made, in place', async () => {
    const app = new Hono();
    const sameAnswer: boolean[] = [];
    app.use('*', async (c, next) => {
      await next();
      const made = c.res;
      setAnswerHeader(c, 'Cache-Control', 'no-store');
      sameAnswer.push(c.res === made);
    });
    app.get('/', (c) => c.json({ ok: true }));
    const response = await app.request('/');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(sameAnswer).toEqual([true]);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('still sets it on an answer whose headers cannot change', async () => {
    const app = new Hono();
    app.use('*', async (c, next) => {
      await next();
      setAnswerHeader(c, 'Cache-Control', 'no-store');
    });
    app.get('/', () => Response.redirect('https://example.com/elsewhere', 302));
    const response = await app.request('/');
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
