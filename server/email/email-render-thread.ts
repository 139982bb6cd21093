import type { Worker } from 'node:worker_threads';
import { startHelperThread } from '../helper-thread';
import type { EmailContent, RenderedEmail } from './render-email';

interface Pending {
  resolve(rendered: RenderedEmail): void;
  reject(error: Error): void;
}

/**
 * React Email's templates rendered on a thread of their own. Rendering costs milliseconds of
 * CPU a message, and React's server renderer starts an `AsyncLocalStorage` when it first renders,
 * which makes every promise of its thread pay for async hooks from then on: off the request
 * thread, neither slows the API. One thread, started on the first message, restarted after a crash.
 */
export class EmailRenderThread {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly script: URL) {}

  /** Renders one message on the thread. */
  render(content: EmailContent): Promise<RenderedEmail> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<RenderedEmail>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, content });
    });
  }

  /** Ends the thread; messages in flight are refused. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
    this.failAll(new Error('the email render thread was closed'));
  }

  private start(): Worker {
    const worker = startHelperThread<{ id: number; rendered?: RenderedEmail; error?: string }>(this.script, 'email render thread', {
      message: ({ id, rendered, error }) => {
        const pending = this.pending.get(id);
        this.pending.delete(id);
        if (rendered) pending?.resolve(rendered);
        else pending?.reject(new Error(`email rendering failed: ${error}`));
      },
      lost: (error) => {
        if (this.worker === worker) this.worker = undefined;
        this.failAll(error);
      },
    });
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
