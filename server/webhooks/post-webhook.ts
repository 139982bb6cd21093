import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { ForbiddenAddressError, guardedLookup, hostOf, isForbiddenAddress } from './address-guard';

/** One POST of a delivery. */
export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Hosts the address guard lets through (`WEBHOOK_ALLOWED_HOSTS`). */
  allowedHosts: readonly string[];
}

/** What came of a POST: an answer (any status), a refused destination, or a failure on the way. */
export type PostOutcome =
  | { kind: 'answered'; status: number; body: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'failed'; reason: string };

/** Characters of an answer's body kept in the delivery log. */
export const KEPT_ANSWER_CHARS = 500;

/**
 * Posts a delivery: no redirect is followed (a 3xx is an answer like another), the whole
 * exchange is cut at `timeoutMs`, and unless the host is allowed by name, a literal address is
 * checked here and a name's addresses by {@link guardedLookup} before connecting.
 */
export function postWebhook(post: WebhookPost): Promise<PostOutcome> {
  const url = new URL(post.url);
  const host = hostOf(url);
  const guarded = !post.allowedHosts.includes(host);
  if (guarded && isIP(host) !== 0 && isForbiddenAddress(host)) {
    return Promise.resolve({ kind: 'refused', reason: new ForbiddenAddressError(host, host).message });
  }
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Kindly-Webhooks/1', ...post.headers },
      agent: false,
      ...(guarded ? { lookup: guardedLookup } : {}),
    });
    const timer = setTimeout(() => req.destroy(new Error(`No answer within ${post.timeoutMs} ms.`)), post.timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      resolve(error instanceof ForbiddenAddressError ? { kind: 'refused', reason: error.message } : { kind: 'failed', reason: error.message || String(error) });
    });
    req.on('response', (response) => {
      void readStart(response).then((body) => {
        clearTimeout(timer);
        resolve({ kind: 'answered', status: response.statusCode ?? 0, body });
      }, (error: unknown) => {
        clearTimeout(timer);
        resolve({ kind: 'failed', reason: error instanceof Error ? error.message : String(error) });
      });
    });
    req.end(post.body);
  });
}

/** The first {@link KEPT_ANSWER_CHARS} characters of an answer's body; the rest is not read. */
async function readStart(response: IncomingMessage): Promise<string> {
  let text = '';
  response.setEncoding('utf8');
  for await (const chunk of response) {
    text += chunk as string;
    if (text.length >= KEPT_ANSWER_CHARS) {
      response.destroy();
      break;
    }
  }
  return text.slice(0, KEPT_ANSWER_CHARS);
}
