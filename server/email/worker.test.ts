import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EmailSendResult, OutboxPage } from '../../core/schemas/email';
import { expectJson, read, update } from '../routes/host/host-fixtures';
import { addPerson } from '../routes/host/people-fixtures';
import { createEventFixture, eventRequest, signInGuest, smithsWholeReply, type EventFixture } from '../test-support/event-fixture';
import { BASE } from '../in-process/host-session';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { DEFAULT_EMAIL_SETTINGS, type EmailSettings } from './email-settings';
import { smtpTransport, type EmailTransport } from './transport';
import { recordReply } from './record-reply';
import { EmailWorker } from './worker';
import { verifyAccount } from '../test-support/verify-account';

const DAY = 86_400_000;

/** A header as the message carried it (mailparser folds `List-*` headers into one structure). */
function headerLine(mail: ParsedMail, key: string): string {
  return (mail.headerLines.find((line) => line.key === key)?.line ?? '').replace(/\r\n\s+/g, ' ');
}

describe('email worker through a real SMTP server', () => {
  let t: TestApp;
  let f: EventFixture;
  let sink: SmtpSink;
  let base: string;
  beforeEach(async () => {
    t = await createTestApp();
    f = await createEventFixture(t);
    // The host's own verification message is not among the guests' mail these tests count.
    await t.deps.db.deleteFrom('accountEmail').execute();
    sink = await startSmtpSink();
    base = `/occasion/${f.occasionId}`;
    await update(f.host, base, { rsvpPageUrl: 'https://sam-and-alex.com/rsvp#reply' });
    await update(f.host, `${base}/household/${f.smith.id}`, { email: 'smiths@example.com' });
    await update(f.host, `${base}/guest/${f.jones.ann}`, { email: 'ann@example.com' });
    await update(f.host, `${base}/household/${f.lee.id}`, { email: 'lees@example.com' });
  });
  /** Each worker's pool of SMTP connections, closed after the test so the sink can close. */
  let transports: EmailTransport[] = [];
  afterEach(async () => {
    for (const transport of transports) transport.close();
    transports = [];
    await sink.close();
    await t.close();
  });

  const pooled = () => {
    const transport = smtpTransport(sink.url);
    transports.push(transport);
    return transport;
  };
  const worker = (settings: Partial<EmailSettings> = {}) =>
    new EmailWorker({
      db: t.deps.db,
      dbKind: t.deps.dbKind,
      settings: { ...DEFAULT_EMAIL_SETTINGS, smtpUrl: sink.url, retryBaseMs: 1, ...settings },
      transport: pooled(),
      publicUrl: () => BASE,
      log: (line) => t.logs.push(line),
      renderEmail: t.deps.renderEmail,
    });
  const send = (body: unknown) => expectJson<EmailSendResult>(f.host, 'POST', `${base}/emails`, body, 202);
  const outbox = async () => (await read<OutboxPage>(f.host, `${base}/emails?limit=200`)).emails;
  const reply = async (inviteCode: string, body: unknown) => {
    const guest = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode });
    const response = await eventRequest(t.app, 'POST', '/rsvp', { token: guest.token, body });
    expect(response.status, await response.clone().text()).toBe(201);
  };
  const smithsReply = () =>
    reply(
      f.smith.inviteCode,
      smithsWholeReply(f, { joseAtCeremony: 'ATTENDING', plusOnes: [{ forGuestId: f.smith.jane, firstName: 'Pat', lastName: 'Doe' }], message: 'See you there!' }),
    );

  it('sends invitations whose link signs the household in, with List-Unsubscribe', async () => {
    expect(await send({ kind: 'INVITATION' })).toEqual({ queued: 3, skipped: [] });
    expect(await worker().drain()).toBe(3);
    await sink.waitFor(3);
    for (const household of [f.smith, f.jones, f.lee]) {
      const address = household === f.smith ? 'smiths@example.com' : household === f.jones ? 'ann@example.com' : 'lees@example.com';
      const [mail] = sink.to(address);
      expect(mail!.subject).toBe("You're invited: Sam & Alex");
      expect(mail!.text).toContain(household.inviteCode);
      const link = /https:\/\/sam-and-alex\.com\/rsvp\?invite=[^"#\s]+#reply/.exec(String(mail!.html))![0];
      const code = new URL(link).searchParams.get('invite')!;
      const signedIn = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: code });
      expect(signedIn.householdId).toBe(household.id);
      expect(headerLine(mail!, 'list-unsubscribe')).toMatch(/^List-Unsubscribe: <http:\/\/localhost\/unsubscribe\/[A-Za-z0-9_-]{43}>$/);
      expect(headerLine(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      // In MAIL_FROM's domain, not the SMTP server's host name.
      expect(mail!.messageId).toMatch(/^<[A-Za-z0-9_-]{12}@kindly\.invalid>$/);
    }
    expect((await outbox()).map((e) => [e.status, e.attempts, e.sentAt !== null])).toEqual(Array(3).fill(['SENT', 1, true]));
  });

  it('sends reminders only to pending households', async () => {
    await smithsReply();
    await send({ kind: 'REMINDER' });
    await worker().drain();
    const reminders = sink.messages.filter((m) => m.subject?.startsWith('Reminder'));
    expect(reminders.flatMap((m) => m.to && !Array.isArray(m.to) ? m.to.value.map((a) => a.address) : []).sort()).toEqual(['ann@example.com', 'lees@example.com']);
  });

  it('confirms a reply with the answers and a valid .ics of what the household attends', async () => {
    await smithsReply();
    await worker().drain();
    const [mail] = sink.to('smiths@example.com');
    expect(mail!.subject).toBe('Your reply for Sam & Alex');
    expect(mail!.text).toContain('Jane Smith: attending · Sea bass');
    expect(mail!.text).toContain('Timmy Smith: not attending');
    expect(mail!.text).toContain('Pat Doe');
    expect(mail!.text).toContain('See you there!');
    const ics = mail!.attachments.find((a) => a.contentType === 'text/calendar')!;
    expect(ics.filename).toBe('invitation.ics');
    const calendar = new ICAL.Component(ICAL.parse(ics.content.toString('utf8')));
    const events = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
    expect(events.map((event) => event.summary)).toEqual(['Ceremony · Sam & Alex', 'Dinner · Sam & Alex']);
    expect(events[0]!.startDate.toJSDate().getTime()).toBeLessThan(events[1]!.startDate.toJSDate().getTime());
    // The worker stored what it sent.
    const stored = await t.deps.db.selectFrom('email').select(['html', 'attachments']).where('kind', '=', 'CONFIRMATION').executeTakeFirstOrThrow();
    expect(stored.html).toContain('See you there!');
    expect(JSON.parse(stored.attachments)).toHaveLength(1);
  });

  const smithsReplyWith = (message: string) => smithsWholeReply(f, { message });

  it('sends one confirmation, of the last change, for changes made before it was sent', async () => {
    const guest = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
    const change = async (method: string, message: string) => {
      const response = await eventRequest(t.app, method, '/rsvp', { token: guest.token, body: smithsReplyWith(message) });
      expect(response.status, await response.clone().text()).toBeLessThan(300);
    };
    await change('POST', 'First thoughts');
    await change('PUT', 'Second thoughts');
    await change('PUT', 'Final answer');
    expect(await worker().drain()).toBe(1);
    expect(sink.to('smiths@example.com').map((mail) => mail.text)).toEqual([expect.stringContaining('Final answer')]);
    // A change after that confirmation went out gets a confirmation of its own.
    await change('PUT', 'One more thing');
    expect(await worker().drain()).toBe(1);
    expect(sink.to('smiths@example.com').map((mail) => mail.text)).toEqual([expect.stringContaining('Final answer'), expect.stringContaining('One more thing')]);
  });

  it('always confirms the reply as it ends up, with the worker sending while changes come in', async () => {
    const guest = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
    expect((await eventRequest(t.app, 'POST', '/rsvp', { token: guest.token, body: smithsReplyWith('Change 0') })).status).toBe(201);
    const sender = worker();
    let changing = true;
    const sending = (async () => {
      while (changing) await sender.drain();
    })();
    // Changes one after another (one household's changes queue on its row anyway), the worker sending throughout.
    for (let n = 1; n <= 12; n++) {
      const response = await eventRequest(t.app, 'PUT', '/rsvp', { token: guest.token, body: smithsReplyWith(`Change ${n}`) });
      expect(response.status).toBe(200);
    }
    changing = false;
    await sending;
    await sender.drain();
    const sent = sink.to('smiths@example.com');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.at(-1)!.text).toContain('Change 12');
  });

  it('keeps one waiting confirmation per address for changes sent at once, and confirms the reply that won', async () => {
    const guest = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
    expect((await eventRequest(t.app, 'POST', '/rsvp', { token: guest.token, body: smithsReplyWith('Change 0') })).status).toBe(201);
    const sender = worker();
    // Eight changes at once, with the worker sending at the same time.
    const [responses] = await Promise.all([
      Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => eventRequest(t.app, 'PUT', '/rsvp', { token: guest.token, body: smithsReplyWith(`Change ${n}`) }))),
      sender.drain(),
    ]);
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
    const waiting = await t.deps.db
      .selectFrom('email')
      .select('id')
      .where('householdId', '=', f.smith.id)
      .where('kind', '=', 'CONFIRMATION')
      .where('status', '=', 'QUEUED')
      .where('html', '=', '')
      .execute();
    expect(waiting.length).toBeLessThanOrEqual(1);
    await sender.drain();
    const { message } = await t.deps.db.selectFrom('rsvp').select('message').where('householdId', '=', f.smith.id).executeTakeFirstOrThrow();
    expect(sink.to('smiths@example.com').at(-1)!.text).toContain(message);
  });

  it('stops the next message to an address once its unsubscribe link is used', async () => {
    await send({ kind: 'INVITATION', householdIds: [f.smith.id] });
    await worker().drain();
    const url = /<(.+)>/.exec(headerLine(sink.to('smiths@example.com')[0]!, 'list-unsubscribe'))![1]!;
    const page = await t.app.request(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<button type="submit">Unsubscribe</button>');
    // A reminder queued before the click is not sent either.
    await send({ kind: 'REMINDER', householdIds: [f.smith.id] });
    const oneClick = await t.app.request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect(await send({ kind: 'REMINDER', householdIds: [f.smith.id] })).toEqual({ queued: 0, skipped: [{ householdId: f.smith.id, reason: 'UNSUBSCRIBED' }] });
    await worker().drain();
    expect(sink.to('smiths@example.com')).toHaveLength(1);
    expect((await outbox()).find((e) => e.kind === 'REMINDER')).toMatchObject({ status: 'FAILED', lastError: 'The address unsubscribed before the message was sent.' });
    expect((await t.app.request(`${BASE}/unsubscribe/${'x'.repeat(43)}`)).status).toBe(404);
  });

  it('fails a confirmation whose household was deleted before it was sent', async () => {
    await smithsReply();
    await f.host.request('DELETE', `${base}/household/${f.smith.id}`);
    await worker().drain();
    expect(sink.messages).toHaveLength(0);
    expect((await outbox())[0]).toMatchObject({ kind: 'CONFIRMATION', status: 'FAILED', lastError: 'The household or occasion was deleted before the message was sent.' });
  });

  it('records an SMTP 550 as a bounce, told to webhooks, and retries a 451 with backoff', async () => {
    const hook = await f.host.request('POST', `${base}/webhooks`, { url: 'https://hooks.example.com/kindly', events: ['email.bounced'] });
    expect(hook.status).toBe(201);
    sink.refused.add('ann@example.com');
    sink.failNext(1, 451);
    await send({ kind: 'INVITATION' });
    const sender = worker({ retryBaseMs: 60_000 });
    await sender.runOnce();
    const first = await outbox();
    expect(first.find((e) => e.to === 'ann@example.com')).toMatchObject({ status: 'BOUNCED', attempts: 1 });
    const told = await t.deps.db.selectFrom('webhookDelivery').select(['eventType', 'payload', 'householdId']).execute();
    expect(told).toMatchObject([{ eventType: 'email.bounced', householdId: f.jones.id }]);
    expect(JSON.parse(told[0]!.payload)).toMatchObject({ type: 'email.bounced', data: { occasionId: f.occasionId, to: 'ann@example.com', kind: 'INVITATION', reason: expect.stringMatching(/^550 /) } });
    expect(first.find((e) => e.to === 'ann@example.com')!.lastError).toMatch(/^550 /);
    const retried = first.filter((e) => e.status === 'QUEUED');
    expect(retried).toHaveLength(1);
    expect(retried[0]).toMatchObject({ attempts: 1 });
    expect(retried[0]!.lastError).toMatch(/^451 /);
    expect(await sender.runOnce()).toBe(0); // not due for a minute
    expect(await sender.runOnce(new Date(Date.now() + 61_000))).toBe(1);
    expect((await outbox()).map((e) => e.status).sort()).toEqual(['BOUNCED', 'SENT', 'SENT']);
    expect(sink.messages).toHaveLength(2);
  });

  it('keeps to the hourly limit per occasion', async () => {
    await send({ kind: 'INVITATION' });
    await worker({ hourlyLimitPerOccasion: 2 }).drain();
    const emails = await outbox();
    expect(emails.filter((e) => e.status === 'SENT')).toHaveLength(2);
    expect(emails.filter((e) => e.status === 'QUEUED')).toHaveLength(1);
    expect(sink.messages).toHaveLength(2);
    const waiting = await t.deps.db.selectFrom('email').select('nextAttemptAt').where('status', '=', 'QUEUED').executeTakeFirstOrThrow();
    expect(Date.parse(waiting.nextAttemptAt) - Date.now()).toBeGreaterThan(59 * 60_000);
  });

  /** A confirmation of each household queued, as their replies queue them. */
  const confirmEveryHousehold = () =>
    t.deps.db.transaction().execute(async (trx) => {
      for (const [householdId, guestId] of [[f.smith.id, f.smith.jane], [f.jones.id, f.jones.ann], [f.lee.id, f.lee.sam]] as const) {
        await recordReply(trx, { occasionId: f.occasionId, householdId, guestId }, new Date());
      }
    });
  const statuses = async (kind: string) => (await outbox()).filter((e) => e.kind === kind).map((e) => e.status).sort();

  it('sends confirmations while the bulk hourly limit holds invitations back', async () => {
    await send({ kind: 'INVITATION' });
    await worker({ hourlyLimitPerOccasion: 2 }).drain();
    expect(await statuses('INVITATION')).toEqual(['QUEUED', 'SENT', 'SENT']);
    await confirmEveryHousehold();
    await worker({ hourlyLimitPerOccasion: 2, confirmationHourlyLimitPerOccasion: 3 }).drain();
    expect(await statuses('CONFIRMATION')).toEqual(['SENT', 'SENT', 'SENT']);
    expect(await statuses('INVITATION')).toEqual(['QUEUED', 'SENT', 'SENT']);
    expect(sink.messages).toHaveLength(5);
  });

  it('keeps confirmations to their own hourly limit; bulk mail counts them against its own', async () => {
    await confirmEveryHousehold();
    await worker({ confirmationHourlyLimitPerOccasion: 2, hourlyLimitPerOccasion: 3 }).drain();
    expect(await statuses('CONFIRMATION')).toEqual(['QUEUED', 'SENT', 'SENT']);
    const waiting = await t.deps.db.selectFrom('email').select('nextAttemptAt').where('status', '=', 'QUEUED').executeTakeFirstOrThrow();
    expect(Date.parse(waiting.nextAttemptAt) - Date.now()).toBeGreaterThan(59 * 60_000);
    // Two messages of the hour are out: one invitation more fits the hourly limit of 3.
    await send({ kind: 'INVITATION' });
    await worker({ confirmationHourlyLimitPerOccasion: 2, hourlyLimitPerOccasion: 3 }).drain();
    expect(await statuses('INVITATION')).toEqual(['QUEUED', 'QUEUED', 'SENT']);
    expect(await statuses('CONFIRMATION')).toEqual(['QUEUED', 'SENT', 'SENT']);
  });

  it('queues the scheduled reminder once, N days before the deadline', async () => {
    await smithsReply();
    const deadline = new Date(Date.now() + 3 * DAY).toISOString();
    await update(f.host, base, { rsvpDeadline: deadline, reminderDaysBeforeDeadline: 5 });
    const sender = worker();
    await sender.runOnce();
    await sender.drain();
    await worker().runOnce(); // another instance, same database: nothing new
    const reminders = (await outbox()).filter((e) => e.kind === 'REMINDER');
    expect(reminders.map((e) => e.to).sort()).toEqual(['ann@example.com', 'lees@example.com']);
    // Not yet due: a deadline 10 days away with a 5-day reminder.
    await update(f.host, base, { rsvpDeadline: new Date(Date.now() + 10 * DAY).toISOString() });
    await worker().runOnce();
    expect((await outbox()).filter((e) => e.kind === 'REMINDER')).toHaveLength(2);
  });

  it('sends the opted-in daily digest of new replies to the host, once a day', async () => {
    await update(f.host, base, { digestEnabled: true });
    await smithsReply();
    await worker().drain();
    const [digest] = sink.to(f.host.credentials.email);
    expect(digest!.subject).toBe('New replies for Sam & Alex');
    expect(digest!.text).toContain('The Smiths');
    expect(digest!.text).toContain('See you there!');
    await worker().runOnce();
    expect(sink.to(f.host.credentials.email)).toHaveLength(1);
  });

  it('sends the digest to an owner the occasion was handed over to, not to its creator who left', async () => {
    const partner = await addPerson(t, f.host, f.occasionId, 'editor');
    await verifyAccount(t.deps.db, partner.credentials.email);
    await update(f.host, `${base}/person/${partner.accountId}`, { role: 'owner' });
    expect((await f.host.request('DELETE', `${base}/person/${f.host.accountId}`)).status).toBe(204);
    await update(partner, base, { digestEnabled: true });
    await smithsReply();
    await worker().drain();
    expect(sink.to(f.host.credentials.email)).toHaveLength(0);
    // The partner's mail: the invitation to help, then the digest.
    expect(sink.to(partner.credentials.email).map((mail) => mail.subject).sort()).toEqual(['Ada Lovelace invites you to help plan Sam & Alex', 'New replies for Sam & Alex']);
    // The guests' confirmation answers to the owner who stayed, not to the creator who left.
    const confirmation = sink.messages.find((mail) => mail.subject !== undefined && !sink.to(partner.credentials.email).includes(mail));
    expect(confirmation?.replyTo?.text).toBe(partner.credentials.email);
  });

  it("never sends a message of its batch that another instance claimed after the batch's lease ran out", async () => {
    await send({ kind: 'INVITATION' });
    const sent: string[] = [];
    let reachedFirst!: () => void;
    const firstSendStarted = new Promise<void>((resolve) => (reachedFirst = resolve));
    let releaseFirst!: () => void;
    const firstSendMayEnd = new Promise<void>((resolve) => (releaseFirst = resolve));
    const recording = (gateFirst: boolean): EmailTransport => ({
      kind: 'smtp',
      async send(message) {
        sent.push(message.id);
        if (gateFirst && sent.length === 1) {
          reachedFirst();
          await firstSendMayEnd;
        }
      },
      close: () => {},
    });
    const options = { db: t.deps.db, dbKind: t.deps.dbKind, settings: DEFAULT_EMAIL_SETTINGS, publicUrl: () => BASE, log: () => {}, renderEmail: t.deps.renderEmail };
    // One at a time: the later messages of its batch wait while the first is held.
    const slow = new EmailWorker({ ...options, transport: recording(true), concurrency: 1 });
    const other = new EmailWorker({ ...options, transport: recording(false) });
    // The slow instance claims all three as of a while ago, with a lease that has already run out
    // by the clock, and is held while it sends the first (whose lease it renewed as it began).
    await t.deps.db.updateTable('email').set({ nextAttemptAt: new Date(Date.now() - 3 * DEFAULT_EMAIL_SETTINGS.leaseMs).toISOString() }).execute();
    const slowRound = slow.runOnce(new Date(Date.now() - 2 * DEFAULT_EMAIL_SETTINGS.leaseMs));
    await firstSendStarted;
    expect(await other.runOnce()).toBe(2);
    releaseFirst();
    await slowRound;
    const ids = (await outbox()).map((email) => email.id);
    expect([...sent].sort()).toEqual([...ids].sort());
    expect((await outbox()).map((email) => email.status)).toEqual(['SENT', 'SENT', 'SENT']);
  });
});
