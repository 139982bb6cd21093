import { parentPort } from 'node:worker_threads';
import { renderEmailHere, type EmailContent } from './render-email';

/**
 * The email render thread's script (built to dist/server/email-render-thread.js): renders each
 * message it is sent and posts the HTML and text back under the request's number.
 */
parentPort?.on('message', ({ id, content }: { id: number; content: EmailContent }) => {
  renderEmailHere(content).then(
    (rendered) => parentPort?.postMessage({ id, rendered }),
    (error: unknown) => parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
