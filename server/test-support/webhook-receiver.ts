import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the receiver got. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The body's `type`. */
  type: string;
  data: Record<string, unknown>;
}

/** A real HTTP server on 127.0.0.1 that records every POST and answers what `answer` says (200 unless told). */
export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The status of the answer to the next requests, in order; once used up, 200. */
  answerWith(...statuses: number[]): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const statuses: number[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { type: string; data: Record<string, unknown> };
      received.push({ headers: req.headers, body, type: parsed.type, data: parsed.data });
      const status = statuses.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'thanks' : `answer ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/kindly`,
    received,
    answerWith: (...next) => statuses.push(...next),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
