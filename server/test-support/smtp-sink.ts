import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on the loopback that keeps what it accepts, parsed by mailparser. */
export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` for `SMTP_URL`. */
  url: string;
  messages: ParsedMail[];
  /** Each accepted message as it arrived, byte for byte (what a DKIM verifier reads), in the order of `messages`. */
  raw: Buffer[];
  /** Recipients refused at `RCPT TO` with 550 (a permanent refusal). */
  refused: Set<string>;
  /** Refuse the next `n` messages at the end of `DATA` with this temporary code (e.g. 451). */
  failNext(n: number, code: number): void;
  /** Milliseconds to wait before answering each `RCPT TO` (a slow server, before any message is accepted). */
  rcptDelayMs: number;
  /** Called at each `RCPT TO` with how many there were so far (a test can kill a sender mid-message). */
  onRecipient: ((count: number) => void) | undefined;
  /** Connections opened so far, and the most open at once (a pooled sender uses several). */
  connections: { opened: number; mostAtOnce: number };
  /** Resolves once at least `n` messages were accepted (rejects after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** The messages sent to an address. */
  to(address: string): ParsedMail[];
  close(): Promise<void>;
}

/** Starts the sink on a free port of 127.0.0.1. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const raw: Buffer[] = [];
  const refused = new Set<string>();
  let failures = { left: 0, code: 451 };
  let recipients = 0;
  let open = 0;
  const answerRecipient = (address: string, callback: (error?: Error) => void) => {
    if (refused.has(address.toLowerCase())) return callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
    callback();
  };
  const sink: SmtpSink = {
    url: '',
    messages,
    raw,
    refused,
    rcptDelayMs: 0,
    onRecipient: undefined,
    connections: { opened: 0, mostAtOnce: 0 },
    failNext: (n, code) => (failures = { left: n, code }),
    async waitFor(n, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < n) {
        if (Date.now() > deadline) throw new Error(`expected ${n} messages, got ${messages.length}`);
        await new Promise((done) => setTimeout(done, 20));
      }
      return messages;
    },
    to: (address) => messages.filter((m) => addressesOf(m).includes(address.toLowerCase())),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      open += 1;
      sink.connections.opened += 1;
      sink.connections.mostAtOnce = Math.max(sink.connections.mostAtOnce, open);
      callback();
    },
    onClose() {
      open -= 1;
    },
    onRcptTo(address, _session, callback) {
      recipients += 1;
      sink.onRecipient?.(recipients);
      if (sink.rcptDelayMs) return void setTimeout(() => answerRecipient(address.address, callback), sink.rcptDelayMs);
      answerRecipient(address.address, callback);
    },
    onData(stream, _session, callback) {
      readAll(stream)
        .then(async (bytes) => {
          const mail = await simpleParser(bytes);
          if (failures.left > 0) {
            failures.left -= 1;
            return callback(Object.assign(new Error('Try again later'), { responseCode: failures.code }));
          }
          messages.push(mail);
          raw.push(bytes);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // A sender killed mid-message resets its connection: the sink keeps what had arrived.
  server.on('error', () => {});
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return sink;
}

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Every `To` address of a message, lower case. */
export function addressesOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((a) => (a.address ?? '').toLowerCase()));
}
