import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

/**
 * Headless Chromium that the bench launches itself and drives over DevTools' pipe
 * (`--remote-debugging-pipe`: the browser reads commands on fd 3 and writes on fd 4, each
 * message JSON ended by a NUL byte). Only the domains a caller sends are enabled: unlike
 * Playwright's, no session here enables the Network domain, which keeps a decoded copy of every
 * response body in the page's renderer (a host's browser has no DevTools attached).
 */
export class PipeBrowser {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void; method: string }>();
  private readonly listeners = new Set<(method: string, params: Record<string, unknown>, sessionId?: string) => void>();
  private buffered = '';
  private readonly toBrowser: Writable;

  private constructor(
    private readonly child: ChildProcess,
    private readonly userDataDir: string,
  ) {
    const [, , , toBrowser, fromBrowser] = child.stdio as [unknown, unknown, unknown, Writable, Readable];
    this.toBrowser = toBrowser;
    fromBrowser.setEncoding('utf8');
    fromBrowser.on('data', (chunk: string) => this.receive(chunk));
    child.on('exit', () => this.failPending(new Error('Chromium exited')));
  }

  static launch(executable: string, flags: readonly string[]): PipeBrowser {
    const userDataDir = mkdtempSync(join(tmpdir(), 'kindly-bench-chromium-'));
    const child = spawn(executable, ['--remote-debugging-pipe', `--user-data-dir=${userDataDir}`, ...flags, 'about:blank'], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
    });
    return new PipeBrowser(child, userDataDir);
  }

  send<T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    const id = this.nextId++;
    const message = JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) });
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (result: unknown) => void, reject, method });
      this.toBrowser.write(`${message}\0`);
    });
  }

  /** Calls `listener` for every event until the returned function is called. */
  onEvent(listener: (method: string, params: Record<string, unknown>, sessionId?: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The next event named `method` (from `sessionId`'s target when given). */
  waitForEvent(method: string, sessionId: string | undefined, timeoutMs: number): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`no ${method} within ${timeoutMs} ms`));
      }, timeoutMs);
      const stop = this.onEvent((name, params, from) => {
        if (name !== method || (sessionId && from !== sessionId)) return;
        clearTimeout(timer);
        stop();
        resolve(params);
      });
    });
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.send('Browser.close').catch(() => undefined);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
    rmSync(this.userDataDir, { recursive: true, force: true });
  }

  private receive(chunk: string): void {
    const messages = (this.buffered + chunk).split('\0');
    this.buffered = messages.pop()!;
    for (const text of messages) this.dispatch(JSON.parse(text) as Message);
  }

  private dispatch(message: Message): void {
    if (message.id === undefined) {
      for (const listener of [...this.listeners]) listener(message.method!, message.params ?? {}, message.sessionId);
      return;
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (message.error) waiting.reject(new Error(`${waiting.method}: ${message.error.message}`));
    else waiting.resolve(message.result);
  }

  private failPending(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: { message: string };
  sessionId?: string;
}

/** One page in a browser context of its own, over a flat session attached to its target. */
export class PipePage {
  private constructor(
    readonly browser: PipeBrowser,
    readonly sessionId: string,
    private readonly contextId: string,
  ) {}

  static async open(browser: PipeBrowser, cookies: readonly { name: string; value: string; url: string }[]): Promise<PipePage> {
    const { browserContextId } = await browser.send<{ browserContextId: string }>('Target.createBrowserContext', { disposeOnDetach: true });
    if (cookies.length) await browser.send('Storage.setCookies', { cookies, browserContextId });
    const { targetId } = await browser.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank', browserContextId });
    const { sessionId } = await browser.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    return new PipePage(browser, sessionId, browserContextId);
  }

  send<T = Record<string, unknown>>(method: string, params: object = {}): Promise<T> {
    return this.browser.send<T>(method, params, this.sessionId);
  }

  waitForEvent(method: string, timeoutMs: number): Promise<Record<string, unknown>> {
    return this.browser.waitForEvent(method, this.sessionId, timeoutMs);
  }

  /** Runs `fn(arg)` in the page (its source, so it may use nothing from the bench) and returns its JSON result. */
  async evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    const { result, exceptionDetails } = await this.send<{ result: { value: R }; exceptionDetails?: { text: string; exception?: { description?: string } } }>(
      'Runtime.evaluate',
      { expression: `(${fn.toString()})(${JSON.stringify(arg ?? null)})`, awaitPromise: true, returnByValue: true },
    );
    if (exceptionDetails) throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value;
  }

  async close(): Promise<void> {
    await this.browser.send('Target.disposeBrowserContext', { browserContextId: this.contextId });
  }
}
