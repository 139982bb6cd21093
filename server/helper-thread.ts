import { parentPort, Worker, type WorkerOptions } from 'node:worker_threads';

/** What a helper thread's owner is told. */
export interface HelperThreadEvents<Message> {
  message(message: Message): void;
  /** The thread failed or stopped (terminated included); told for each. */
  lost(error: Error): void;
}

/**
 * Starts a thread of the server's own (`script`, built beside `main.js`) that never keeps the
 * process alive by itself; its owner hears its messages and that it was lost, and starts a new
 * one when next needed.
 */
export function startHelperThread<Message>(script: URL, name: string, events: HelperThreadEvents<Message>, options: WorkerOptions = {}): Worker {
  const worker = new Worker(script, options);
  worker.unref();
  worker.on('message', (message: Message) => events.message(message));
  worker.on('error', (error) => events.lost(error));
  worker.on('exit', (code) => events.lost(new Error(`the ${name} stopped (exit code ${code})`)));
  return worker;
}

/** What a request thread posts back under a request's number: the answer, or what failed. */
type ThreadAnswer<Answer> = { id: number; answer: Answer } | { id: number; error: string; fields: Record<string, string | number> };
const failed = <Answer>(reply: ThreadAnswer<Answer>): reply is Extract<ThreadAnswer<Answer>, { error: string }> => 'error' in reply;

/**
 * A helper thread that answers requests: `ask` posts one under a number of its own and resolves
 * with what the thread's {@link answerRequests} posts back under it, or rejects with an error
 * carrying the thread's message (after `failure`, when given) and its error's own plain fields (an
 * SMTP `responseCode`, say). Started on the first request, restarted after a crash; requests in
 * flight when it is lost or closed are refused.
 */
export class RequestThread<Request, Answer> {
  private current: { worker: Worker; pending: Map<number, Pending<Answer>> } | undefined;
  private nextId = 0;

  constructor(
    private readonly script: URL,
    private readonly name: string,
    private readonly failure: string,
    private readonly options: WorkerOptions = {},
  ) {}

  ask(request: Request): Promise<Answer> {
    const { worker, pending } = this.current ?? this.start();
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, request });
    });
  }

  /** Ends the thread; its requests in flight are refused (a request asked meanwhile starts a new one). */
  async close(): Promise<void> {
    const closing = this.current;
    this.current = undefined;
    if (!closing) return;
    failAll(closing.pending, new Error(`the ${this.name} was closed`));
    await closing.worker.terminate();
  }

  private start(): NonNullable<RequestThread<Request, Answer>['current']> {
    const pending = new Map<number, Pending<Answer>>();
    const worker = startHelperThread<ThreadAnswer<Answer>>(
      this.script,
      this.name,
      {
        message: (reply) => {
          const asked = pending.get(reply.id);
          pending.delete(reply.id);
          if (!failed(reply)) asked?.resolve(reply.answer);
          else asked?.reject(Object.assign(new Error(this.failure ? `${this.failure}: ${reply.error}` : reply.error), reply.fields));
        },
        lost: (error) => {
          if (this.current?.worker === worker) this.current = undefined;
          failAll(pending, error);
        },
      },
      this.options,
    );
    this.current = { worker, pending };
    return this.current;
  }
}

interface Pending<Answer> {
  resolve(answer: Answer): void;
  reject(error: Error): void;
}

function failAll(pending: Map<number, Pending<unknown>>, error: Error): void {
  for (const asked of pending.values()) asked.reject(error);
  pending.clear();
}

/** A request thread's script: answers each request of its {@link RequestThread} with `handle`'s result. */
export function answerRequests<Request, Answer>(handle: (request: Request) => Promise<Answer>): void {
  const post = (reply: ThreadAnswer<Answer>) => parentPort?.postMessage(reply);
  parentPort?.on('message', ({ id, request }: { id: number; request: Request }) => {
    handle(request).then(
      (answer) => post({ id, answer }),
      (error: unknown) => post({ id, error: error instanceof Error ? error.message : String(error), fields: plainFields(error) }),
    );
  });
}

/** An error's own string and number fields, which survive the trip between threads. */
function plainFields(error: unknown): Record<string, string | number> {
  if (typeof error !== 'object' || error === null) return {};
  const entries = Object.entries(error).filter(([key, value]) => key !== 'message' && key !== 'stack' && (typeof value === 'string' || typeof value === 'number'));
  return Object.fromEntries(entries) as Record<string, string | number>;
}
