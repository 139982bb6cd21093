import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../middleware/error-handler/error-handler';
import { readBody } from './read-body';

const app = new Hono();
app.onError(errorHandler as never);
app.post('/echo', async (c) => c.json(await readBody(c, v.strictObject({ name: v.string() }), 100)));

const post = (body: BodyInit, type = 'application/json') =>
  app.request('/echo', { method: 'POST', headers: { 'content-type': type }, body });

describe('readBody', () => {
  it('parses and validates JSON', async () => {
    const response = await post('{"name":"Ada"}');
    expect(await response.json()).toEqual({ name: 'Ada' });
    expect((await post('{"name":"Ada"}', 'application/json; charset=utf-8')).status).toBe(200);
  });

  it('answers 415 for another media type, 400 for bad JSON, 400 with issues for bad values', async () => {
    expect((await post('{"name":"Ada"}', 'text/plain')).status).toBe(415);
    const malformed = await post('{"name":');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { code: string } }).error.code).toBe('MALFORMED_JSON');
    const invalid = await post('{"name":"Ada","admin":true}');
    const body = (await invalid.json()) as { error: { code: string; issues: Array<{ path: string }> } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.issues[0]?.path).toBe('admin');
  });

  it('answers 413 past the limit, with or without a Content-Length', async () => {
    expect((await post(JSON.stringify({ name: 'x'.repeat(200) }))).status).toBe(413);
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('"xxxxxxxxxxxxxxxxxxxx",'));
        controller.close();
      },
    });
    const streamed = await app.request('/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('readBody over HTTP (a declared length is read straight from the socket)', () => {
  async function withServer(run: (url: string) => Promise<void>): Promise<void> {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    try {
      await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}/echo`);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }
  const send = (url: string, body: string, headers: Record<string, string>) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on('error', reject);
      request.end(body);
    });

  it('takes a body of exactly the limit and refuses one byte more, declared or chunked', async () => {
    await withServer(async (url) => {
      const atLimit = JSON.stringify({ name: 'x'.repeat(100 - '{"name":""}'.length) });
      expect(Buffer.byteLength(atLimit)).toBe(100);
      const overLimit = JSON.stringify({ name: 'x'.repeat(101 - '{"name":""}'.length) });
      const declared = (body: string) => ({ 'content-length': String(Buffer.byteLength(body)) });
      expect(await send(url, atLimit, declared(atLimit))).toEqual({ status: 200, text: atLimit });
      expect((await send(url, overLimit, declared(overLimit))).status).toBe(413);
      expect(await send(url, atLimit, { 'transfer-encoding': 'chunked' })).toEqual({ status: 200, text: atLimit });
      expect((await send(url, overLimit, { 'transfer-encoding': 'chunked' })).status).toBe(413);
      expect((await send(url, `{"name":"\u00e9t\u00e9"}`, declared(`{"name":"\u00e9t\u00e9"}`))).text).toBe('{"name":"été"}');
    });
  });
});
