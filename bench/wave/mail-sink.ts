import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** An SMTP server on the loopback that accepts everything and keeps only when each message arrived. */
export interface MailSink {
  url: string;
  /** performance.now() of each message's end, in arrival order. */
  arrivals: number[];
  close(): Promise<void>;
}

export async function startMailSink(): Promise<MailSink> {
  const arrivals: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // The worker may send many messages at once; the default ceiling would refuse some.
    maxClients: 1000,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        arrivals.push(performance.now());
        callback();
      });
      stream.resume();
    },
  });
  server.on('error', () => {});
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    arrivals,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
