import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServerLogger } from './logger';

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
      const logger = createServerLogger(false, file);
      const names = ['Zoë', 'Siobhán', '李小龍', 'Ωmega 🎉'];
      // ~100 bytes a line: many chunks, each written while later lines come in.
      for (let i = 0; i < 400; i++) logger.log(`GET /host/v1/guest ${names[i % names.length]} ${i}`, { n: i, name: names[i % names.length]! });
      const lines = await linesWritten(file, 400, () => logger.flush());
      expect(lines).toHaveLength(400);
      lines.forEach((line, i) => {
        expect(JSON.parse(line)).toEqual({ level: 30, time: expect.any(Number), n: i, name: names[i % names.length], msg: `GET /host/v1/guest ${names[i % names.length]} ${i}` });
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
