import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requestLogger } from './request-logger';

describe('requestLogger', () => {
  it('logs method, path, status and time, never the query, headers or body', async () => {
    const lines: string[] = [];
    const app = new Hono();
    app.use('*', requestLogger((line) => lines.push(line)));
    app.post('/sign-in', (c) => c.json({ ok: true }, 201));
    await app.request('/sign-in?invite=ABCD-EFGH-JKMN', {
      method: 'POST',
      headers: { authorization: 'Bearer secret-token', 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'hunter2-hunter2' }),
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^POST \/sign-in 201 \d+\.\dms$/);
  });
});
