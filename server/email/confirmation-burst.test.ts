import pMap from 'p-map';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyAccount } from '../test-support/verify-account';
import { signUpHost } from '../in-process/host-session';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { DEFAULT_EMAIL_SETTINGS } from './email-settings';
import { recordReply } from './record-reply';
import { smtpTransport } from './transport';
import { EmailWorker } from './worker';

const REPLIES = 300;

describe('a burst of replies', () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeEach(async () => {
    t = await createTestApp();
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    await sink.close();
    await t.close();
  });

  it(`delivers ${REPLIES} confirmations, each once, through the pool of SMTP connections`, async () => {
    const host = await signUpHost(t.app);
    // Confirmations go only for a verified account; its own verification message is not one of those counted here.
    await verifyAccount(t.deps.db, host.credentials.email);
    await t.deps.db.deleteFrom('accountEmail').execute();
    const occasion = (await (await host.request('POST', '/occasion', { title: 'Burst', startDate: '2027-06-12', endDate: '2027-06-12' })).json()) as { id: string };
    const guests = Array.from({ length: REPLIES }, (_, i) => ({ firstName: `Guest${i}`, householdName: `House ${i}`, email: `guest${i}@example.com` }));
    expect((await host.request('POST', `/occasions/${occasion.id}/guests`, { guests })).status).toBe(200);
    const members = await t.deps.db.selectFrom('guest').select(['id', 'householdId']).where('occasionId', '=', occasion.id).execute();
    expect(members).toHaveLength(REPLIES);
    // Each household's reply commits with its confirmation queued, as the guest area's does.
    await pMap(
      members,
      (guest) => t.deps.db.transaction().execute((trx) => recordReply(trx, { occasionId: occasion.id, householdId: guest.householdId!, guestId: guest.id }, new Date())),
      { concurrency: 8 },
    );
    const transport = smtpTransport(sink.url);
    const worker = new EmailWorker({
      db: t.deps.db,
      dbKind: t.deps.dbKind,
      // A throughput test: the new account's daily limit (sending-limits.test.ts) would hold most back.
      settings: { ...DEFAULT_EMAIL_SETTINGS, smtpUrl: sink.url, newAccountDailyLimit: DEFAULT_EMAIL_SETTINGS.dailyLimitPerAccount },
      transport,
      publicUrl: () => 'https://rsvp.example.com',
      log: (line) => t.logs.push(line),
      renderEmail: t.deps.renderEmail,
    });
    const started = performance.now();
    try {
      expect(await worker.drain()).toBe(REPLIES);
    } finally {
      transport.close();
    }
    const seconds = (performance.now() - started) / 1000;
    await sink.waitFor(REPLIES);
    console.log(`${REPLIES} confirmations in ${seconds.toFixed(2)} s (${Math.round(REPLIES / seconds)}/s, ${t.deps.dbKind}, ${sink.connections.opened} connections)`);
    const addresses = sink.messages.flatMap((mail) => (mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []));
    expect(new Set(addresses).size).toBe(REPLIES);
    expect(addresses).toHaveLength(REPLIES);
    expect(sink.messages.every((mail) => mail.subject === 'Your reply for Burst')).toBe(true);
    const statuses = await t.deps.db.selectFrom('email').select('status').execute();
    expect(statuses.map((row) => row.status)).toEqual(Array(REPLIES).fill('SENT'));
    expect(sink.connections.mostAtOnce).toBeGreaterThan(1);
    expect(sink.connections.mostAtOnce).toBeLessThanOrEqual(10);
    expect(t.logs.filter((line) => line.startsWith("email worker"))).toEqual([]);
  }, 60_000);
});
