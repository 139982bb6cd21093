import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compressAnswers } from './compress-answers';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) };

function app(): Hono {
  const app = new Hono();
  app.use('*', compressAnswers());
  app.get('/host/v1/things', (c) => c.json(big));
  app.get('/event/v1/things', (c) => c.json(big));
  return app;
}

describe('compressAnswers', () => {
  it('gzips an answer outside the guest area for a client that takes it, with Vary', async () => {
    const response = await app().request('/host/v1/things', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8'))).toEqual(big);
  });

  it('sends it plain, still with Vary, to a client that takes no encoding', async () => {
    const response = await app().request('/host/v1/things');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(await response.json()).toEqual(big);
  });

  it('never compresses the guest area, whose answers are small', async () => {
    const response = await app().request('/event/v1/things', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBeNull();
    expect(await response.json()).toEqual(big);
  });
});

describe('compressAnswers and small answers', () => {
  const small = { id: 'g1', firstName: 'Zoë', lastName: 'Brontë' };
  const smallApp = (): Hono => {
    const app = new Hono();
    app.use('*', compressAnswers());
    app.get('/host/v1/small', (c) => c.json(small, 201, { 'X-Kept': 'yes' }));
    return app;
  };

  it('sends an answer under the threshold plain, with its length, to a client that takes gzip', async () => {
    const response = await smallApp().request('/host/v1/small', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(JSON.stringify(small))));
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-kept')).toBe('yes');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(await response.json()).toEqual(small);
  });

  it('still gzips a large answer, without the plain length', async () => {
    const response = await app().request('/host/v1/things', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('content-length')).toBeNull();
  });
});

describe('compressAnswers and text kept as text', () => {
  it('gives a small text answer of c.body its length and sends it plain', async () => {
    const text = JSON.stringify({ name: 'Zoë' });
    const app = new Hono();
    app.use('*', compressAnswers());
    app.get('/host/v1/kept', (c) => c.body(text, 200, { 'Content-Type': 'application/json' }));
    const response = await app.request('/host/v1/kept', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(await response.text()).toBe(text);
  });
});
