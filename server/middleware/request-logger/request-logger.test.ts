import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createServerLogger, type LogFields } from '../../logger';
import { requestLogger } from './request-logger';

function appLoggingTo(log: (line: string, fields?: LogFields) => void): Hono {
  const app = new Hono();
  app.use('*', requestLogger(log));
  app.post('/sign-in', (c) => c.json({ ok: true }, 201));
  app.post('/unsubscribe/:token', (c) => c.text('done'));
  return app;
}

const secretRequest = {
  method: 'POST',
  headers: { authorization: 'Bearer secret-token', 'content-type': 'application/json' },
  body: JSON.stringify({ password: 'hunter2-hunter2' }),
};

/** The file's text once a whole line is in it (flushing as it waits), within two seconds. */
async function writtenLine(file: string, flush: () => void): Promise<string> {
  for (let waited = 0; waited < 2000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (!existsSync(file)) continue;
    flush();
    const text = readFileSync(file, 'utf8');
    if (text.endsWith('\n')) return text;
  }
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

describe('requestLogger', () => {
  it('logs method, path, status and time, never the query, headers or body', async () => {
    const lines: string[] = [];
    const fields: LogFields[] = [];
    const app = appLoggingTo((line, entry) => {
      lines.push(line);
      if (entry) fields.push(entry);
    });
    await app.request('/sign-in?invite=ABCD-EFGH-JKMN', secretRequest);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^POST \/sign-in 201 \d+\.\dms$/);
    expect(fields).toEqual([{ method: 'POST', path: '/sign-in', status: 201, ms: expect.any(Number) }]);
  });

  it("logs an unsubscribe link's path without its token", async () => {
    const lines: string[] = [];
    await appLoggingTo((line) => lines.push(line)).request('/unsubscribe/tok_abcdefghijklmnop', { method: 'POST' });
    expect(lines).toEqual([expect.stringMatching(/^POST \/unsubscribe\/:token 200 /)]);
    expect(lines[0]).not.toContain('tok_abcdefghijklmnop');
  });

  it('writes JSON lines through pino with the same fields and nothing secret', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindly-log-'));
    try {
      const file = join(dir, 'server.log');
      const logger = createServerLogger(false, file);
      await appLoggingTo(logger.log).request('/sign-in?invite=ABCD-EFGH-JKMN', secretRequest);
      // The file is opened and written asynchronously: on a loaded machine 50 ms were not enough.
      const text = await writtenLine(file, () => logger.flush());
      const entries = text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries).toEqual([
        { level: 30, time: expect.any(Number), method: 'POST', path: '/sign-in', status: 201, ms: expect.any(Number), msg: expect.stringMatching(/^POST \/sign-in 201 /) },
      ]);
      for (const secret of ['ABCD-EFGH-JKMN', 'secret-token', 'hunter2']) expect(text).not.toContain(secret);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
