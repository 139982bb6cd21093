import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../../test-support/memory-log';
import { requestLogger } from './request-logger';

/** An app logging each request into `lines` (JSON), with the routes the tests call. */
function appLoggingTo(lines: string[]): Hono {
  const app = new Hono();
  app.use('*', requestLogger(memoryLogger(lines)));
  app.post('/sign-in', (c) => c.json({ ok: true }, 201));
  app.post('/unsubscribe/:token', (c) => c.text('done'));
  app.get('/occasion/:occasionId/guest/:guestId', (c) => c.json({}));
  app.get('/broken', (c) => c.json({}, 500));
  return app;
}

const entriesOf = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

const secretRequest = {
  method: 'POST',
  headers: { authorization: 'Bearer secret-token', cookie: 'authjs.session-token=secret-cookie', 'content-type': 'application/json' },
  body: JSON.stringify({ password: 'hunter2-hunter2' }),
};

describe('requestLogger', () => {
  it('logs method, route, status and time at info, never the query, headers or body', async () => {
    const lines: string[] = [];
    await appLoggingTo(lines).request('/sign-in?invite=ABCD-EFGH-JKMN', secretRequest);
    expect(entriesOf(lines)).toEqual([
      { level: 30, time: expect.any(Number), method: 'POST', route: '/sign-in', status: 201, ms: expect.any(Number), msg: expect.stringMatching(/^POST \/sign-in 201 \d+\.\dms$/) },
    ]);
    for (const secret of ['ABCD-EFGH-JKMN', 'secret-token', 'secret-cookie', 'hunter2']) expect(lines[0]).not.toContain(secret);
  });

  it("logs the route's pattern, not the path: an unsubscribe link without its token, ids as their names", async () => {
    const lines: string[] = [];
    const app = appLoggingTo(lines);
    await app.request('/unsubscribe/tok_abcdefghijklmnop', { method: 'POST' });
    await app.request('/occasion/occ_123/guest/gst_456');
    expect(entriesOf(lines).map((entry) => entry.msg)).toEqual([
      expect.stringMatching(/^POST \/unsubscribe\/:token 200 /),
      expect.stringMatching(/^GET \/occasion\/:occasionId\/guest\/:guestId 200 /),
    ]);
    expect(lines.join('\n')).not.toMatch(/tok_abcdefghijklmnop|occ_123|gst_456/);
  });

  it('logs the path of an unknown route, an unsubscribe token still masked', async () => {
    const lines: string[] = [];
    const app = appLoggingTo(lines);
    await app.request('/nowhere/else');
    await app.request('/unsubscribe/tok_abcdefghijklmnop/extra');
    expect(entriesOf(lines).map((entry) => entry.route)).toEqual(['/nowhere/else', '/unsubscribe/:token']);
  });

  it('logs a 5xx answer at error level', async () => {
    const lines: string[] = [];
    await appLoggingTo(lines).request('/broken');
    expect(entriesOf(lines)).toEqual([expect.objectContaining({ level: 50, route: '/broken', status: 500 })]);
  });
});
