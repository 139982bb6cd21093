import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServerLogger, logCrashAndExit } from './logger';
import { memoryLogger } from './test-support/memory-log';

/** The file's text once it holds `count` whole lines (flushing as it waits), within five seconds. */
async function linesWritten(file: string, count: number, flush: () => void): Promise<string[]> {
  for (let waited = 0; waited < 5000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (!existsSync(file)) continue;
    flush();
    const lines = readFileSync(file, 'utf8').split('\n').slice(0, -1);
    if (lines.length >= count) return lines;
  }
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(0, -1) : [];
}

describe('createServerLogger', () => {
  it('writes every line whole and in order, text outside ASCII included, past its 4 kB chunks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindly-log-'));
    try {
      const file = join(dir, 'server.log');
      const logger = createServerLogger({ pretty: false, destination: file });
      const names = ['Zoë', 'Siobhán', '李小龍', 'Ωmega 🎉'];
      // ~100 bytes a line: many chunks, each written while later lines come in.
      for (let i = 0; i < 400; i++) logger.info({ n: i, name: names[i % names.length]! }, `GET /host/v1/guest ${names[i % names.length]} ${i}`);
      const lines = await linesWritten(file, 400, () => logger.flush());
      expect(lines).toHaveLength(400);
      lines.forEach((line, i) => {
        expect(JSON.parse(line)).toEqual({ level: 30, time: expect.any(Number), n: i, name: names[i % names.length], msg: `GET /host/v1/guest ${names[i % names.length]} ${i}` });
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('logs a crash at fatal with its error and exits 1 only once the line is written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindly-log-'));
    try {
      const file = join(dir, 'server.log');
      const logger = createServerLogger({ pretty: false, destination: file });
      // Far below the 4 kB chunk: unflushed, the line would still wait in memory at the exit.
      const written = await new Promise<{ code: number; text: string }>((exited) =>
        logCrashAndExit(logger, new Error('the disk vanished'), 'uncaughtException', (code) => exited({ code, text: existsSync(file) ? readFileSync(file, 'utf8') : '' })),
      );
      expect(written.code).toBe(1);
      const entry = JSON.parse(written.text) as { level: number; msg: string; origin: string; err: { message: string; stack: string } };
      expect(entry).toMatchObject({ level: 60, msg: 'crashed: uncaughtException', origin: 'uncaughtException', err: { message: 'the disk vanished' } });
      expect(entry.err.stack).toContain('logger.test.ts');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('censors secrets in headers, bodies and settings wherever a call passes them', () => {
    const lines: string[] = [];
    const logger = memoryLogger(lines);
    logger.warn(
      {
        req: { headers: { authorization: 'Bearer guest-token-1', cookie: 'authjs.session-token=cookie-2', 'user-agent': 'curl' } },
        res: { headers: { 'set-cookie': 'authjs.session-token=cookie-3' } },
        body: { email: 'sam@example.com', password: 'password-4', inviteCode: 'CODE-5', passcode: 'passcode-8' },
        unsubscribeToken: 'token-6',
        config: { authSecret: 'secret-7', port: 8787 },
      },
      'a careless call',
    );
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 40,
      req: { headers: { authorization: '[redacted]', cookie: '[redacted]', 'user-agent': 'curl' } },
      res: { headers: { 'set-cookie': '[redacted]' } },
      body: { email: 'sam@example.com', password: '[redacted]', inviteCode: '[redacted]', passcode: '[redacted]' },
      unsubscribeToken: '[redacted]',
      config: { authSecret: '[redacted]', port: 8787 },
    });
    for (const secret of ['guest-token-1', 'cookie-2', 'cookie-3', 'password-4', 'CODE-5', 'token-6', 'secret-7', 'passcode-8']) expect(lines[0]).not.toContain(secret);
  });
});
