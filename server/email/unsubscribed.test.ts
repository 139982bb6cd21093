import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EmailSendResult, OutboxPage } from '../../core/schemas/email';
import { createHousehold, createOccasion, expectJson, read, update } from '../routes/host/host-fixtures';
import { createEventFixture, eventRequest, signInGuest, smithsWholeReply, type EventFixture } from '../test-support/event-fixture';
import { BASE } from '../in-process/host-session';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { DEFAULT_EMAIL_SETTINGS } from './email-settings';
import { smtpTransport, type EmailTransport } from './transport';
import { EmailWorker } from './worker';

const DAY = 86_400_000;

/**
 * A guest who unsubscribes is never mailed again by that occasion: not invitations or reminders
 * (sent by the host or scheduled), and not confirmations of their own replies either (the widget
 * shows the reply; the guest asked for no more mail). Messages already queued are dropped.
 */
describe('an address that unsubscribed from an occasion', () => {
  let t: TestApp;
  let f: EventFixture;
  let sink: SmtpSink;
  let base: string;
  let transports: EmailTransport[] = [];
  beforeEach(async () => {
    t = await createTestApp();
    f = await createEventFixture(t);
    sink = await startSmtpSink();
    base = `/occasion/${f.occasionId}`;
    await update(f.host, `${base}/household/${f.smith.id}`, { email: 'smiths@example.com' });
    await update(f.host, `${base}/household/${f.jones.id}`, { email: 'Joneses@Example.com' });
  });
  afterEach(async () => {
    for (const transport of transports) transport.close();
    transports = [];
    await sink.close();
    await t.close();
  });

  const options = () => ({ db: t.deps.db, dbKind: t.deps.dbKind, settings: { ...DEFAULT_EMAIL_SETTINGS, smtpUrl: sink.url }, publicUrl: () => BASE, log: (line: string) => t.logs.push(line), renderEmail: t.deps.renderEmail });
  const worker = () => {
    const transport = smtpTransport(sink.url);
    transports.push(transport);
    return new EmailWorker({ ...options(), transport });
  };
  const send = (body: unknown) => expectJson<EmailSendResult>(f.host, 'POST', `${base}/emails`, body, 202);
  const outbox = async () => (await read<OutboxPage>(f.host, `${base}/emails?limit=200`)).emails;
  const tokenOf = async (address: string) =>
    (await t.deps.db.selectFrom('email').select('unsubscribeToken').where('to', '=', address).where('occasionId', '=', f.occasionId).executeTakeFirstOrThrow()).unsubscribeToken;
  /** The one-click unsubscribe a mail client sends (RFC 8058). */
  const unsubscribe = async (token: string) => {
    const response = await t.app.request(`${BASE}/unsubscribe/${token}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(response.status).toBe(200);
  };
  const joneses = () => sink.to('joneses@example.com').map((mail) => mail.subject);

  it('gets no invitation, reminder (sent or scheduled) or confirmation of that occasion again, queued ones included; other occasions still write', async () => {
    await send({ kind: 'INVITATION' });
    await worker().drain();
    expect(joneses()).toEqual(["You're invited: Sam & Alex"]);
    // A reminder waits in the outbox when the guest unsubscribes (in another case than the host typed).
    expect(await send({ kind: 'REMINDER', householdIds: [f.jones.id] })).toEqual({ queued: 1, skipped: [] });
    await unsubscribe(await tokenOf('Joneses@Example.com'));
    await worker().drain();
    expect((await outbox()).find((e) => e.kind === 'REMINDER')).toMatchObject({ status: 'FAILED', lastError: 'The address unsubscribed before the message was sent.' });

    // The host's sends skip the household, named or not.
    expect(await send({ kind: 'INVITATION', householdIds: [f.jones.id] })).toEqual({ queued: 0, skipped: [{ householdId: f.jones.id, reason: 'UNSUBSCRIBED' }] });
    expect((await send({ kind: 'REMINDER' })).skipped).toContainEqual({ householdId: f.jones.id, reason: 'UNSUBSCRIBED' });
    // The guest's own reply is confirmed on screen, not by email.
    const ann = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.jones.inviteCode });
    const reply = { responses: [f.jones.ann, f.jones.sam].map((guestId) => ({ guestId, activityId: f.activities.brunch, response: 'ATTENDING' })), plusOnes: [], message: '' };
    expect((await eventRequest(t.app, 'POST', '/rsvp', { token: ann.token, body: reply })).status).toBe(201);
    // The scheduled reminder leaves the household out too (the Smiths, still pending, get theirs).
    await update(f.host, `${base}/invite-line/${f.jones.ann}${f.activities.brunch}`, { response: 'PENDING' });
    await update(f.host, base, { rsvpDeadline: new Date(Date.now() + 2 * DAY).toISOString(), reminderDaysBeforeDeadline: 5 });
    await worker().runOnce();
    await worker().drain();
    expect((await outbox()).filter((e) => e.to.toLowerCase() === 'joneses@example.com').map((e) => `${e.kind} ${e.status}`).sort()).toEqual(['INVITATION SENT', 'REMINDER FAILED']);
    expect(joneses()).toEqual(["You're invited: Sam & Alex"]);
    expect(sink.to('smiths@example.com').map((mail) => mail.subject)).toContain('Reminder: please reply for Sam & Alex');

    // Unsubscribing from one occasion is not unsubscribing from another.
    const second = await createOccasion(f.host, { title: 'After-party' });
    await createHousehold(f.host, second.id, { name: 'The Joneses', email: 'joneses@example.com' });
    await expectJson(f.host, 'POST', `/occasion/${second.id}/emails`, { kind: 'INVITATION' }, 202);
    await worker().drain();
    expect(joneses()).toEqual(["You're invited: Sam & Alex", "You're invited: After-party"]);
  });

  it('stops a message of a batch already being sent when the unsubscribe lands meanwhile', async () => {
    await send({ kind: 'INVITATION' });
    const rows = await t.deps.db.selectFrom('email').select(['id', 'to', 'unsubscribeToken']).execute();
    expect(rows).toHaveLength(2);
    const sent: string[] = [];
    // One at a time: while the first message is with the SMTP server, the other's guest unsubscribes.
    const transport: EmailTransport = {
      kind: 'smtp',
      concurrency: 1,
      async send(message) {
        sent.push(message.to);
        if (sent.length === 1) await unsubscribe(rows.find((row) => row.id !== message.id)!.unsubscribeToken);
      },
      close: () => {},
    };
    expect(await new EmailWorker({ ...options(), transport }).runOnce()).toBe(2);
    expect(sent).toHaveLength(1);
    const statuses = await t.deps.db.selectFrom('email').select(['to', 'status', 'lastError']).execute();
    expect(statuses.find((row) => row.to === sent[0])).toMatchObject({ status: 'SENT' });
    expect(statuses.find((row) => row.to !== sent[0])).toMatchObject({ status: 'FAILED', lastError: 'The address unsubscribed before the message was sent.' });
  });
});
