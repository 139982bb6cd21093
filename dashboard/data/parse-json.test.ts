// @vitest-environment node
// (Node's own fetch and HTTP server carry the answers that createSend hands to the parser.)
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSend } from '../../core/client/request';
import { parseJson, readJsonStream } from './parse-json';

/** Guests whose text has everything a slice boundary could trip on. */
function guests(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: `g${i}`,
    firstName: i % 7 === 0 ? 'Zoë "Zo" O\'Brien' : `Guest ${i}`,
    notes: i % 5 === 0 ? '},{"id":"fake"},[1,2],\\"' : '',
    attributes: { side: i % 2 ? ['bride'] : [], nested: { deep: [[{ a: '[' }], { b: ']' }] } },
    invitations: [
      { activityId: 'a1', response: 'ATTENDING', mealChoice: 'fish' },
      { activityId: 'a2', response: 'PENDING', mealChoice: null },
    ],
    plusOne: null,
    count: i,
    ok: i % 3 === 0,
  }));
}

describe('parseJson', () => {
  it('parses a long array slice by slice to exactly what JSON.parse gives', async () => {
    for (const text of [JSON.stringify(guests(500)), JSON.stringify(guests(300), null, 2), ` ${JSON.stringify(guests(10))}\n`]) {
      for (const slice of [1, 40, 333, 4096]) {
        expect(await parseJson(text, slice)).toEqual(JSON.parse(text));
      }
    }
  });

  it('parses short bodies and non-arrays as JSON.parse does', async () => {
    expect(await parseJson('{"a":[1,2]}', 4)).toEqual({ a: [1, 2] });
    expect(await parseJson('[]', 1)).toEqual([]);
    expect(await parseJson('[1]', 1)).toEqual([1]);
    expect(await parseJson('"text"')).toBe('text');
    expect(await parseJson('null')).toBeNull();
  });

  it('rejects invalid JSON with a SyntaxError, wherever the fault is', async () => {
    const text = JSON.stringify(guests(50));
    for (const bad of [text.slice(0, -1), text.slice(0, text.length / 2), `${text}x`, text.replace(',{"id":"g1"', '},{"id":"g1"'), text.replace('"g7"', 'g7'), '<html>bad gateway</html>']) {
      expect(() => JSON.parse(bad)).toThrow(SyntaxError);
      await expect(parseJson(bad, 64)).rejects.toThrow(SyntaxError);
    }
  });

  it('gives way to other tasks between slices', async () => {
    const text = JSON.stringify(guests(2000));
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    const parsing = parseJson(text, 1024);
    expect(timerRan).toBe(false);
    await parsing;
    expect(timerRan).toBe(true);
    // Parsed in one go, the same text blocks the timer until it is done.
    timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    JSON.parse(text);
    expect(timerRan).toBe(false);
  });

  it('gives way in a task of the page\'s ordinary priority where the browser has scheduler.postTask, not before the tasks already waiting', async () => {
    // Node has no scheduler.postTask; Chromium's is stood in for by one that runs the task in a turn of its own.
    const priorities: string[] = [];
    const scheduler = {
      postTask(callback: () => void, options: { priority: string }) {
        priorities.push(options.priority);
        return new Promise<void>((resolve) => setTimeout(() => resolve(callback()), 0));
      },
    };
    Object.assign(globalThis, { scheduler });
    try {
      const text = JSON.stringify(guests(10_000));
      // Compared as text: a deep comparison of 10,000 objects takes about a second.
      expect(JSON.stringify(await readJsonStream(streamOf(text, 1 << 24), 1024))).toBe(text);
      expect(JSON.stringify(await parseJson(text, 64 * 1024))).toBe(text);
      expect(priorities.length).toBeGreaterThan(1);
      expect(new Set(priorities)).toEqual(new Set(['user-visible']));
    } finally {
      delete (globalThis as { scheduler?: unknown }).scheduler;
    }
  });
});

/** A body that arrives in `size`-byte chunks (cut anywhere, inside characters too). */
function streamOf(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

describe('readJsonStream', () => {
  it('parses a body arriving in chunks to exactly what JSON.parse gives', async () => {
    const texts = [JSON.stringify(guests(300)), JSON.stringify(guests(100), null, 2), ` ${JSON.stringify(guests(10))}\n`, '[]', ' [ ] ', '[1]', '{"a":[1,2]}', '"text"', 'null', '[{"a":"]"},"}",[]]'];
    for (const text of texts) {
      for (const [chunk, slice] of [[1, 1], [7, 40], [1000, 333], [1 << 20, 4096]] as const) {
        expect(await readJsonStream(streamOf(text, chunk), slice), `${text.slice(0, 20)} ${chunk}/${slice}`).toEqual(JSON.parse(text));
      }
    }
  });

  it('rejects invalid JSON with a SyntaxError, wherever the fault is', async () => {
    const text = JSON.stringify(guests(50));
    const bads = [text.slice(0, -1), text.slice(0, text.length / 2), `${text}x`, text.replace(',{"id":"g1"', '},{"id":"g1"'), text.replace('"g7"', 'g7'), '<html>bad gateway</html>', '[1,]', '[1,,2]', '[,1]', '[1}', '[{"a":1]}', '', '  ', '[1] [2]'];
    for (const bad of bads) {
      expect(() => JSON.parse(bad), bad).toThrow(SyntaxError);
      for (const chunk of [3, 64, 1 << 20]) await expect(readJsonStream(streamOf(bad, chunk), 64), `${bad.slice(0, 30)} ${chunk}`).rejects.toThrow(SyntaxError);
    }
  });

  it('cuts a list of objects where the next element begins, and scans when such a place is inside an element', async () => {
    // Nested objects that begin like the list's elements (`{"id":`): a cut there leaves the slice
    // unclosed, which JSON.parse refuses, and the rest is scanned; the value is the same.
    const nested = Array.from({ length: 400 }, (_, i) => ({ id: `g${i}`, lines: [{ id: `l${i}a` }, { id: `l${i}b`, note: '},{"id":' }], n: i }));
    const plain = guests(400).map(({ id, firstName, count }) => ({ id, firstName, count }));
    for (const text of [JSON.stringify(nested), JSON.stringify(plain), `[${JSON.stringify(plain).slice(1, -1).replaceAll('},{', '}, {')}]`]) {
      for (const [chunk, slice] of [[5, 30], [999, 200], [1 << 20, 1000]] as const) {
        expect(await readJsonStream(streamOf(text, chunk), slice), `${text.slice(0, 30)} ${chunk}/${slice}`).toEqual(JSON.parse(text));
      }
    }
  });

  it('gives way to other tasks while it parses a body that has all come', async () => {
    // It gives way after 8 ms of work: the body must take longer than that on a fast machine too
    // (3,000 guests sometimes parsed within 8 ms, and the test then failed).
    const text = JSON.stringify(guests(30_000));
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    const parsing = readJsonStream(streamOf(text, 1 << 24), 1024);
    await parsing;
    expect(timerRan).toBe(true);
  });
});

describe("core's createSend with the dashboard's parsers", () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((done) => (server ? server.close(done) : done(undefined)));
    server = undefined;
  });

  /** A real HTTP server on a free port of 127.0.0.1; resolves to its base URL. */
  async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
    server = createServer(handler);
    await new Promise<void>((ready) => server!.listen(0, '127.0.0.1', ready));
    return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  }

  it('parses bodies with the parse option: the sliced parser gives the list, or PARSING_ERROR for a cut body', async () => {
    const list = Array.from({ length: 3000 }, (_, i) => ({ id: `g${i}`, firstName: `Guest ${i}`, invitations: [{ activityId: 'a', response: 'PENDING' }] }));
    const body = JSON.stringify(list);
    const url = await listen((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url === '/cut' ? body.slice(0, -10) : body);
    });
    const send = createSend({ baseUrl: url, parse: (text) => parseJson(text, 4096) });
    expect(await send('/list')).toEqual({ data: list });
    const cut = await send('/cut');
    expect(cut.error).toMatchObject({ status: 'PARSING_ERROR', originalStatus: 200 });
  });

  it('reads JSON answers as they download with the readJson option: the list in pieces, PARSING_ERROR for a cut body, errors and 304s as before', async () => {
    const list = Array.from({ length: 3000 }, (_, i) => ({ id: `g${i}`, firstName: `Zoë ${i}`, invitations: [{ activityId: 'a', response: 'PENDING' }] }));
    const body = Buffer.from(JSON.stringify(list));
    const url = await listen((req, res) => {
      if (req.url === '/missing') {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end('{"error":{"code":"NOT_FOUND","message":"No such route."}}');
      }
      if (req.headers['if-none-match'] === '"7"') {
        res.writeHead(304, { etag: '"7"' });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', etag: '"7"' });
      const sent = req.url === '/cut' ? body.subarray(0, -10) : body;
      // In pieces cut anywhere (inside a character too), some time apart.
      let at = 0;
      const next = () => {
        res.write(sent.subarray(at, at + 5001));
        at += 5001;
        if (at < sent.length) setTimeout(next, 1);
        else res.end();
      };
      next();
    });
    const pieces: number[] = [];
    const send = createSend({
      baseUrl: url,
      readJson: (stream) => readJsonStream(stream.pipeThrough(new TransformStream({ transform: (chunk, out) => (pieces.push(chunk.length), out.enqueue(chunk)) })), 4096),
    });
    const kept = {};
    expect(await send('/list', { revalidate: kept })).toEqual({ data: list });
    expect(pieces.length).toBeGreaterThan(10);
    expect(await send('/list', { revalidate: kept })).toEqual({ data: list });
    expect((await send('/cut')).error).toMatchObject({ status: 'PARSING_ERROR', originalStatus: 200 });
    expect((await send('/missing')).error).toEqual({ status: 404, data: { error: { code: 'NOT_FOUND', message: 'No such route.' } } });
  });
});
