import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EmailSendResult, OutboxPage } from '../../core/schemas/email';
import { createHousehold, createOccasion, expectJson, read, remove, update } from '../routes/host/host-fixtures';
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

  /** Makes the fixture's account as old as `days`. */
  const accountAge = (days: number) =>
    t.deps.db.updateTable('account').set({ createdAt: new Date(Date.now() - days * DAY).toISOString() }).where('id', '=', f.host.accountId).execute();
  /** Makes every waiting message due again (the limits set them to wait an hour or a day). */
  const dueNow = () => t.deps.db.updateTable('email').set({ nextAttemptAt: new Date(Date.now() - 1000).toISOString() }).where('status', '=', 'QUEUED').execute();
  const statusOf = async (occasionId: string) =>
    (await t.deps.db.selectFrom('email').select(['kind', 'status', 'nextAttemptAt']).where('occasionId', '=', occasionId).execute()).map((e) => `${e.kind} ${e.status}`).sort();

  it("keeps all of an account's occasions to EMAIL_ACCOUNT_DAILY_LIMIT, confirmations counted, deleted occasions too, and no other account's", async () => {
    await accountAge(30);
    const env = { EMAIL_ACCOUNT_DAILY_LIMIT: '3' };
    await send({ kind: 'INVITATION' });
    await smithsReply();
    await workerOf(t, env).drain();
    expect(sink.messages).toHaveLength(3);

    // The same account's second occasion waits a day, on the other instance too.
    const second = await createOccasion(f.host, { title: 'After-party' });
    await createHousehold(f.host, second.id, { name: 'The Parks', email: 'parks@example.com' });
    await expectJson(f.host, 'POST', `/occasion/${second.id}/emails`, { kind: 'INVITATION' }, 202);
    await workerOf(two.second, env).drain();
    expect(await statusOf(second.id)).toEqual(['INVITATION QUEUED']);
    const [waiting] = await t.deps.db.selectFrom('email').select('nextAttemptAt').where('occasionId', '=', second.id).execute();
    expect(Date.parse(waiting!.nextAttemptAt) - Date.now()).toBeGreaterThan(DAY - 10 * MINUTE);

    // Deleting the occasion that sent them gives nothing back.
    await remove(f.host, base);
    await dueNow();
    await workerOf(two.second, env).drain();
    expect(await statusOf(second.id)).toEqual(['INVITATION QUEUED']);
    expect(sink.messages).toHaveLength(3);

    // Another account is not held back by this one.
    const other = await createEventFixture(t);
    await update(other.host, `/occasion/${other.occasionId}/household/${other.lee.id}`, { email: 'lees@example.com' });
    await expectJson(other.host, 'POST', `/occasion/${other.occasionId}/emails`, { kind: 'INVITATION' }, 202);
    await workerOf(t, env).drain();
    expect(await statusOf(other.occasionId)).toEqual(['INVITATION SENT']);

    // A day after the first of them, the second occasion's invitation goes.
    expect(await workerOf(t, env).runOnce(new Date(Date.now() + DAY + MINUTE))).toBe(1);
    expect(await statusOf(second.id)).toEqual(['INVITATION SENT']);
  });

  it('keeps a new account to EMAIL_NEW_ACCOUNT_DAILY_LIMIT for its first EMAIL_NEW_ACCOUNT_DAYS days, confirmations counted', async () => {
    const env = { EMAIL_NEW_ACCOUNT_DAILY_LIMIT: '2', EMAIL_NEW_ACCOUNT_DAYS: '3' };
    await update(f.host, `${base}/household/${f.lee.id}`, { email: 'lees@example.com' });
    expect(await send({ kind: 'INVITATION' })).toMatchObject({ queued: 3 });
    await workerOf(t, env).drain();
    expect(await statusOf(f.occasionId)).toEqual(['INVITATION QUEUED', 'INVITATION SENT', 'INVITATION SENT']);
    await smithsReply();
    await workerOf(two.second, env).drain();
    expect(await statusOf(f.occasionId)).toEqual(['CONFIRMATION QUEUED', 'INVITATION QUEUED', 'INVITATION SENT', 'INVITATION SENT']);
    const waiting = await t.deps.db.selectFrom('email').select('nextAttemptAt').where('status', '=', 'QUEUED').execute();
    for (const row of waiting) expect(Date.parse(row.nextAttemptAt) - Date.now()).toBeGreaterThan(DAY - 10 * MINUTE);
    expect(sink.messages).toHaveLength(2);

    // Still new on its third day; no longer on its fourth, when the account limit alone holds.
    await accountAge(2.9);
    await dueNow();
    await workerOf(t, env).drain();
    expect(sink.messages).toHaveLength(2);
    await accountAge(3.1);
    await dueNow();
    await workerOf(t, env).drain();
    expect(await statusOf(f.occasionId)).toEqual(['CONFIRMATION SENT', 'INVITATION SENT', 'INVITATION SENT', 'INVITATION SENT']);
  });

  it('counts a new account 50 messages a day for 3 days unless told otherwise', async () => {
    const occasionIds = [f.occasionId];
    // 51 households with an address over two occasions of the same new account.
    for (let i = 0; i < 49; i += 1) await createHousehold(f.host, f.occasionId, { name: `House ${i}`, email: `house${i}@example.com` });
    const second = await createOccasion(f.host, { title: 'After-party' });
    occasionIds.push(second.id);
    await createHousehold(f.host, second.id, { name: 'The Parks', email: 'parks@example.com' });
    await send({ kind: 'INVITATION' });
    await expectJson(f.host, 'POST', `/occasion/${second.id}/emails`, { kind: 'INVITATION' }, 202);
    await workerOf(t, {}).drain();
    const statuses = await t.deps.db.selectFrom('email').select('status').where('occasionId', 'in', occasionIds).execute();
    expect(statuses).toHaveLength(52);
    expect(statuses.filter((row) => row.status === 'SENT')).toHaveLength(50);
    expect(statuses.filter((row) => row.status === 'QUEUED')).toHaveLength(2);
  });
});
