import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../data/api-error';
import { memoryLogger } from '../../test-support/memory-log';
import { errorHandler, notFoundHandler } from './error-handler';

function appThatThrows(error: unknown) {
  const logged: string[] = [];
  const app = new Hono();
  app.use('*', async (c, next) => {
    c.set('deps' as never, { log: memoryLogger(logged) } as never);
    await next();
  });
  app.onError(errorHandler as never);
  app.notFound(notFoundHandler as never);
  app.get('/boom/:token', () => {
    throw error;
  });
  return { app, logged };
}

describe('errorHandler', () => {
  it('answers an ApiError with the contract body, issues and headers', async () => {
    const { app } = appThatThrows(
      new ApiError(429, 'RATE_LIMITED', 'Slow down.', [{ path: 'email', message: 'x' }], { 'Retry-After': '30' }),
    );
    const response = await app.request('/boom/tok_secret');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('30');
    expect(await response.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Slow down.', issues: [{ path: 'email', message: 'x' }] },
    });
  });

  it('hides the stack, SQL and paths of an unexpected error behind a 500, and logs it', async () => {
    const { app, logged } = appThatThrows(new Error('SQLITE_ERROR: no such table: guest at /work/main/server/x.ts:12'));
    const response = await app.request('/boom/tok_secret');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toMatch(/SQLITE|guest|\/work|\.ts/);
    expect(JSON.parse(text)).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' },
    });
    const [entry, ...rest] = logged.map((line) => JSON.parse(line) as { level: number; msg: string; route: string; err: { message: string; stack: string } });
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ level: 50, msg: 'error GET /boom/:token', route: '/boom/:token', err: { message: expect.stringContaining('no such table') } });
    expect(entry!.err.stack).toMatch(/error-handler\.test\.ts/);
    expect(logged.join('\n')).not.toContain('tok_secret');
  });

  it('answers a client error without logging it as a fault', async () => {
    const { app, logged } = appThatThrows(new ApiError(404, 'NOT_FOUND', 'No such guest.'));
    expect((await app.request('/boom/tok_secret')).status).toBe(404);
    expect(logged).toEqual([]);
  });

  it('answers an unknown route with 404 NOT_FOUND', async () => {
    const { app } = appThatThrows(null);
    const response = await app.request('/nowhere');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such route.' } });
  });
});
