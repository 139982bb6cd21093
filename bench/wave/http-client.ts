import { Agent, request } from 'node:http';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The loopback address the connection is made from (sign-in is limited per client address). */
  localAddress?: string;
  agent: Agent;
}

/** No request of the benchmark waits longer: a slower answer counts as an error. */
const REQUEST_TIMEOUT_MS = 10_000;

/** One HTTP request on a keep-alive agent; resolves with the whole answer, rejects on a network fault or time-out. */
export function send(url: string, options: RequestOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = options.body === undefined ? options.headers : { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) };
    const outgoing = request(url, { method: options.method ?? 'GET', headers, agent: options.agent, localAddress: options.localAddress }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') }));
      incoming.on('error', reject);
    });
    outgoing.setTimeout(REQUEST_TIMEOUT_MS, () => outgoing.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** A client of its own: one keep-alive connection, as a guest's browser holds one to the API. */
export const newClientAgent = (): Agent => new Agent({ keepAlive: true, maxSockets: 1 });

/**
 * The `n`th client's loopback address, 127.1.0.1 onwards: Linux routes all of 127.0.0.0/8 to
 * the loopback, so each guest signs in from an address of its own.
 */
export function loopbackAddress(n: number): string {
  const host = n % 250;
  const block = Math.floor(n / 250);
  return `127.${1 + (Math.floor(block / 250) % 250)}.${block % 250}.${1 + host}`;
}
