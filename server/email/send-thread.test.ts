import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink';
import { smtpTransport, threadedSmtpTransport, type EmailTransport, type OutgoingMessage } from './transport';

/** The thread's script as the server runs it: built by `npm run build` (which `npm test` runs first). */
const SCRIPT = new URL('../../dist/server/email-send-thread.js', import.meta.url);

const message = (id: string, to: string): OutgoingMessage => ({
  id,
  from: 'Kindly <rsvp@kindly.example>',
  to,
  subject: `Your reply to Sam & Alex (${id})`,
  html: '<p>Thank you, <b>Ann</b>: see you in Lisbon.</p>',
  text: 'Thank you, Ann: see you in Lisbon.',
  attachments: [{ filename: 'wedding.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' }],
  headers: { 'List-Unsubscribe': '<https://rsvp.example.com/u/tok>', 'Reply-To': 'sam@example.com' },
});

describe('the email send thread', () => {
  let sink: SmtpSink;
  const transports: EmailTransport[] = [];
  const threaded = () => {
    const transport = threadedSmtpTransport(SCRIPT, sink.url);
    transports.push(transport);
    return transport;
  };
  beforeEach(async () => {
    expect(existsSync(SCRIPT), 'run `npm run build` first').toBe(true);
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    for (const transport of transports.splice(0)) transport.close();
    await sink.close();
  });

  it('delivers what the same transport on the request thread delivers, several messages at once', async () => {
    const here = smtpTransport(sink.url);
    transports.push(here);
    await here.send(message('m0', 'ann@example.com'));
    const transport = threaded();
    expect(transport).toMatchObject({ kind: 'smtp', concurrency: 10 });
    await Promise.all(['m1', 'm2', 'm3'].map((id) => transport.send(message(id, `${id}@example.com`))));
    const [fromHere, ...fromThread] = await sink.waitFor(4);
    expect(fromThread.map((mail) => mail.messageId).sort()).toEqual(['<m1@kindly.example>', '<m2@kindly.example>', '<m3@kindly.example>']);
    const shape = (mail: typeof fromHere) => ({
      from: mail!.from?.text,
      html: mail!.html,
      text: mail!.text,
      replyTo: mail!.replyTo?.text,
      unsubscribe: mail!.headers.get('list-unsubscribe'),
      attachments: mail!.attachments.map((a) => [a.filename, a.contentType, a.content.toString()]),
    });
    for (const mail of fromThread) expect(shape(mail)).toEqual(shape(fromHere));
  });

  it('keeps the SMTP code of a refusal, so the worker tells a bounce (550) from a retry (451)', async () => {
    const transport = threaded();
    sink.refused.add('gone@example.com');
    await expect(transport.send(message('r1', 'gone@example.com'))).rejects.toMatchObject({ responseCode: 550 });
    sink.failNext(1, 451);
    await expect(transport.send(message('r2', 'ann@example.com'))).rejects.toMatchObject({ responseCode: 451, message: expect.stringContaining('Try again later') });
    await transport.send(message('r3', 'ann@example.com'));
    expect((await sink.waitFor(1)).map((mail) => mail.messageId)).toEqual(['<r3@kindly.example>']);
  });

  it('starts again after it was closed', async () => {
    const transport = threaded();
    await transport.send(message('before', 'ann@example.com'));
    transport.close();
    await transport.send(message('after', 'ann@example.com'));
    expect((await sink.waitFor(2)).map((mail) => mail.messageId)).toEqual(['<before@kindly.example>', '<after@kindly.example>']);
  });
});
