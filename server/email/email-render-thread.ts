import { RequestThread } from '../helper-thread';
import type { EmailContent, RenderedEmail } from './render-email';

/**
 * React Email's templates rendered on a thread of their own. Rendering costs milliseconds of
 * CPU a message, and React's server renderer starts an `AsyncLocalStorage` when it first renders,
 * which makes every promise of its thread pay for async hooks from then on: off the request
 * thread, neither slows the API. One thread, started on the first message, restarted after a crash.
 */
export class EmailRenderThread {
  private readonly thread: RequestThread<EmailContent, RenderedEmail>;

  constructor(script: URL) {
    this.thread = new RequestThread(script, 'email render thread', 'email rendering failed');
  }

  /** Renders one message on the thread. */
  render(content: EmailContent): Promise<RenderedEmail> {
    return this.thread.ask(content);
  }

  /** Ends the thread; messages in flight are refused. */
  close(): Promise<void> {
    return this.thread.close();
  }
}
