import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EmailSendResult, OutboxPage } from '../../core/schemas/email';
import { expectJson, read, update } from '../routes/host/host-fixtures';
import { createEventFixture, eventRequest, signInGuest, smithsWholeReply, type EventFixture } from '../test-support/event-fixture';
import { BASE } from '../in-process/host-session';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink';
import { createTwoInstances, type TestApp } from '../test-support/test-app';
import { loadEmailSettings } from './email-settings';
import { smtpTransport, type EmailTransport } from './transport';
import { EmailWorker } from './worker';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The sending limits as a restarted or second instance meets them: every count is read from the
 * database, so an instance that starts after mail went out keeps to the same limits.
 */
describe('sending limits across instances', () => {
  let two: Awaited<ReturnType<typeof createTwoInstances>>;
  let t: TestApp;
  let f: EventFixture;
  let sink: SmtpSink;
  let base: string;
  let transports: EmailTransport[] = [];
  beforeEach(async () => {
    two = await createTwoInstances();
    t = two.first;
    f = await createEventFixture(t);
    sink = await startSmtpSink();
    base = `/occasion/${f.occasionId}`;
    await update(f.host, `${base}/household/${f.smith.id}`, { email: 'smiths@example.com' });
    await update(f.host, `${base}/household/${f.jones.id}`, { email: 'joneses@example.com' });
  });
  afterEach(async () => {
    for (const transport of transports) transport.close();
    transports = [];
    await sink.close();
    await two.close();
  });

  /** A worker of `instance` with the settings these variables give, as `npm start` reads them. */
  const workerOf = (instance: TestApp, env: Record<string, string>) => {
    const transport = smtpTransport(sink.url);
    transports.push(transport);
    return new EmailWorker({
      db: instance.deps.db,
      dbKind: instance.deps.dbKind,
      settings: loadEmailSettings({ SMTP_URL: sink.url, ...env }),
      transport,
      publicUrl: () => BASE,
      log: (line) => instance.logs.push(line),
      renderEmail: instance.deps.renderEmail,
    });
  };
  const send = (body: unknown) => expectJson<EmailSendResult>(f.host, 'POST', `${base}/emails`, body, 202);
  const outbox = async () => (await read<OutboxPage>(f.host, `${base}/emails?limit=200`)).emails;
  const smithsReply = async () => {
    const guest = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
    const response = await eventRequest(t.app, 'POST', '/rsvp', { token: guest.token, body: smithsWholeReply(f) });
    expect(response.status, await response.clone().text()).toBe(201);
  };

  it('holds the scheduled reminder back on an instance started after two invitations and a confirmation went out within the hour (EMAIL_HOURLY_LIMIT=3)', async () => {
    expect(await send({ kind: 'INVITATION' })).toMatchObject({ queued: 2 });
    await smithsReply();
    const first = workerOf(t, { EMAIL_HOURLY_LIMIT: '3' });
    await first.drain();
    expect((await outbox()).map((e) => `${e.kind} ${e.status}`).sort()).toEqual(['CONFIRMATION SENT', 'INVITATION SENT', 'INVITATION SENT']);
    const firstSent = Math.min(...(await outbox()).map((e) => Date.parse(e.sentAt!)));

    // The reminder falls due (the Joneses have not replied; the Lees have no address).
    await update(f.host, base, { rsvpDeadline: new Date(Date.now() + 2 * DAY).toISOString(), reminderDaysBeforeDeadline: 5 });
    const restarted = workerOf(two.second, { EMAIL_HOURLY_LIMIT: '3' });
    await restarted.runOnce();
    await restarted.runOnce(new Date(Date.now() + 1000));
    const reminder = (await outbox()).find((e) => e.kind === 'REMINDER')!;
    expect(reminder).toMatchObject({ to: 'joneses@example.com', status: 'QUEUED', sentAt: null });
    expect(sink.messages).toHaveLength(3);
    const waiting = await two.second.deps.db.selectFrom('email').select('nextAttemptAt').where('id', '=', reminder.id).executeTakeFirstOrThrow();
    expect(Date.parse(waiting.nextAttemptAt)).toBe(firstSent + HOUR);

    // Once the first message of the hour has left the window, it goes.
    expect(await restarted.runOnce(new Date(firstSent + HOUR + MINUTE))).toBe(1);
    await sink.waitFor(4);
    expect(sink.to('joneses@example.com').map((m) => m.subject)).toEqual(["You're invited: Sam & Alex", 'Reminder: please reply for Sam & Alex']);
  });
});
