import { Worker, type WorkerOptions } from 'node:worker_threads';

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
