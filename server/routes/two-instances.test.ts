import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EmailSendResult, OutboxPage } from '../../core/schemas/email';
import type { HistoryPage } from '../../core/schemas/history';
import { DEFAULT_EMAIL_SETTINGS } from '../email/email-settings';
import { smtpTransport, type EmailTransport } from '../email/transport';
import { EmailWorker } from '../email/worker';
import { RateLimiter } from '../middleware/rate-limit/rate-limiter';
import { RedisRateLimitStore } from '../middleware/rate-limit/redis-store';
import { createEventFixture, errorCode, eventRequest, randomAddress, signInGuest, smithsWholeReply, type EventFixture } from '../test-support/event-fixture';
import { asHost, BASE, signIn, signOut, type HostClient } from '../in-process/host-session';
import { CookieJar } from '../in-process/cookie-jar';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink';
import { createTwoInstances, type TestApp } from '../test-support/test-app';
import { EVENT_RATE_LIMITS } from './event/event-rate-limits';
import { expectJson, read, update } from './host/host-fixtures';

/**
 * Two server instances on one database: what one instance changes, the other sees on its next
 * request, though it keeps session lookups and answers while the database is unchanged.
 */
describe('two instances on one database', () => {
  let first: TestApp;
  let second: TestApp;
  let close: () => Promise<void>;
  let f: EventFixture;
  /** The fixture's host, its requests sent to the second instance. */
  let hostOnSecond: HostClient;
  beforeEach(async () => {
    ({ first, second, close } = await createTwoInstances());
    f = await createEventFixture(first);
    hostOnSecond = asHost(second.app, f.host.jar, f.host.accountId, f.host.credentials);
  });
  afterEach(() => close());

  it('refuses a host session on one instance at once after sign-out on the other', async () => {
    const cookie = f.host.jar.header();
    const guestPath = `/occasion/${f.occasionId}/guest/${f.smith.jane}`;
    for (let i = 0; i < 2; i++) {
      expect((await f.host.request('GET', '/account')).status).toBe(200);
      expect((await f.host.request('GET', guestPath)).status).toBe(200);
    }
    expect((await signOut(second.app, f.host.jar)).status).toBe(200);
    const replay = (path: string) => first.app.request(`${BASE}/host/v1${path}`, { headers: { cookie } });
    expect((await replay('/account')).status).toBe(401);
    expect((await replay(guestPath)).status).toBe(401);
  });

  it('refuses the other sessions of an account on one instance at once after a password change on the other', async () => {
    const otherDevice = new CookieJar();
    await signIn(first.app, f.host.credentials.email, f.host.credentials.password, otherDevice);
    const onFirst = asHost(first.app, otherDevice, f.host.accountId, f.host.credentials);
    expect((await onFirst.request('GET', `/occasion/${f.occasionId}/guests`)).status).toBe(200);
    const changed = await hostOnSecond.request('PUT', '/account/password', { currentPassword: f.host.credentials.password, newPassword: 'another long passphrase' });
    expect(changed.status).toBe(204);
    expect((await onFirst.request('GET', `/occasion/${f.occasionId}/guests`)).status).toBe(401);
    expect((await f.host.request('GET', '/account')).status).toBe(200);
  });

  it('refuses a guest session on one instance at once when the host moves the guest on the other', async () => {
    const { token } = await signInGuest(first.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
    expect((await eventRequest(first.app, 'GET', '/info', { token })).status).toBe(200);
    expect((await eventRequest(first.app, 'GET', '/info', { token })).status).toBe(200);
    const moved = await hostOnSecond.request('PUT', `/occasion/${f.occasionId}/guest/${f.smith.jane}`, { householdId: f.jones.id });
    expect(moved.status).toBe(200);
    expect((await eventRequest(first.app, 'GET', '/info', { token })).status).toBe(401);
  });

  it('answers one instance’s reads with what the other wrote, never a 304 after its write', async () => {
    const listPath = `/occasion/${f.occasionId}/guests`;
    const guestPath = `/occasion/${f.occasionId}/guest/${f.smith.jane}`;
    const list = await f.host.request('GET', listPath);
    const etag = list.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await f.host.request('GET', guestPath)).status).toBe(200);
    const revalidate = () => first.app.request(`${BASE}/host/v1${listPath}`, { headers: { cookie: f.host.jar.header(), 'if-none-match': etag } });
    expect((await revalidate()).status).toBe(304);

    const renamed = await hostOnSecond.request('PUT', guestPath, { firstName: 'Janet' });
    expect(renamed.status).toBe(200);
    const after = await revalidate();
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(JSON.stringify(await after.json())).toContain('Janet');
    const guest = (await (await f.host.request('GET', guestPath)).json()) as { firstName: string };
    expect(guest.firstName).toBe('Janet');
  });
});

const redisUrl = process.env.REDIS_URL_FOR_TESTS;

/**
 * Two instances as a deployment runs them: one database, one Redis for the rate limits (each
 * instance its own connection), one email worker each, all sending to one SMTP server.
 */
describe.runIf(redisUrl)('two instances on one database and one Redis', () => {
  let first: TestApp;
  let second: TestApp;
  let close: () => Promise<void>;
  let f: EventFixture;
  let hostOnSecond: HostClient;
  let sink: SmtpSink;
  const connections: Redis[] = [];
  const transports: EmailTransport[] = [];
  beforeEach(async () => {
    // A prefix of the test's own: other tests share the Redis.
    const prefix = `kindly:two:${randomBytes(6).toString('hex')}:`;
    const sharedLimits = () => {
      const redis = new Redis(redisUrl!);
      connections.push(redis);
      return { rateLimiter: new RateLimiter(new RedisRateLimitStore(redis, prefix)) };
    };
    ({ first, second, close } = await createTwoInstances(sharedLimits));
    f = await createEventFixture(first);
    hostOnSecond = asHost(second.app, f.host.jar, f.host.accountId, f.host.credentials);
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    for (const transport of transports.splice(0)) transport.close();
    for (const redis of connections.splice(0)) redis.disconnect();
    await sink.close();
    await close();
  });

  const workerOf = (t: TestApp) => {
    const transport = smtpTransport(sink.url);
    transports.push(transport);
    return new EmailWorker({
      db: t.deps.db,
      dbKind: t.deps.dbKind,
      settings: { ...DEFAULT_EMAIL_SETTINGS, smtpUrl: sink.url, retryBaseMs: 1 },
      transport,
      publicUrl: () => BASE,
      log: (line) => t.logs.push(line),
      renderEmail: t.deps.renderEmail,
    });
  };

  it('keeps a guest signed in on both, and signed out on both once it signs out on one', async () => {
    const { token } = await signInGuest(first.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
    expect((await eventRequest(second.app, 'GET', '/household', { token })).status).toBe(200);
    expect((await eventRequest(first.app, 'GET', '/household', { token })).status).toBe(200);
    expect((await eventRequest(second.app, 'POST', '/auth/signout', { token })).status).toBe(204);
    expect((await eventRequest(first.app, 'GET', '/info', { token })).status).toBe(401);
    expect((await eventRequest(second.app, 'GET', '/info', { token })).status).toBe(401);
  });

  it('counts one client’s sign-ins on both instances against one limit', async () => {
    const { limit } = EVENT_RATE_LIMITS.signInPerClientMinute;
    const address = randomAddress();
    const attempt = (t: TestApp) =>
      eventRequest(t.app, 'POST', '/auth/credentials', { address, body: { occasionId: f.occasionId, inviteCode: 'ZZZZ-ZZZZ-ZZZZ' } });
    // Alternately on each instance: neither alone reaches the limit.
    for (let i = 0; i < limit; i++) expect((await attempt(i % 2 === 0 ? first : second)).status).toBe(401);
    const refused = await attempt(second);
    expect(refused.status).toBe(429);
    expect(await errorCode(refused)).toBe('RATE_LIMITED');
    expect((await attempt(first)).status).toBe(429);
    // Another client is counted on its own.
    expect((await eventRequest(first.app, 'POST', '/auth/credentials', { body: { occasionId: f.occasionId, inviteCode: f.smith.inviteCode } })).status).toBe(200);
  });

  it('shows a reply written on one instance in the history, replies and revalidated list read on the other', async () => {
    const listPath = `/occasion/${f.occasionId}/guests`;
    const list = await f.host.request('GET', listPath);
    const etag = list.headers.get('etag')!;
    const revalidate = () => second.app.request(`${BASE}/host/v1${listPath}`, { headers: { cookie: f.host.jar.header(), 'if-none-match': etag } });
    expect((await revalidate()).status).toBe(304);
    const guest = await signInGuest(second.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
    const written = await eventRequest(first.app, 'POST', '/rsvp', { token: guest.token, body: smithsWholeReply(f, { message: 'From the first' }) });
    expect(written.status).toBe(201);
    expect((await revalidate()).status).toBe(200);
    const history = (await (await hostOnSecond.request('GET', `/occasion/${f.occasionId}/history?limit=200`)).json()) as HistoryPage;
    const replyEntry = history.entries.find((entry) => entry.entity === 'RSVP');
    expect(replyEntry).toMatchObject({ action: 'CREATE', actorKind: 'GUEST', householdId: f.smith.id, changes: { message: [null, 'From the first'] } });
    // The guest reads its own reply back on the other instance.
    const back = await eventRequest(second.app, 'GET', '/rsvp', { token: guest.token });
    expect(((await back.json()) as { message: string }).message).toBe('From the first');
  });

  it('sends each confirmation and invitation once, with both instances’ workers sending at the same time', async () => {
    const base = `/occasion/${f.occasionId}`;
    await update(hostOnSecond, `${base}/household/${f.smith.id}`, { email: 'smiths@example.com' });
    await update(hostOnSecond, `${base}/guest/${f.jones.ann}`, { email: 'ann@example.com' });
    await update(hostOnSecond, `${base}/household/${f.lee.id}`, { email: 'lees@example.com' });
    expect(await expectJson<EmailSendResult>(f.host, 'POST', `${base}/emails`, { kind: 'INVITATION' }, 202)).toEqual({ queued: 3, skipped: [] });
    const smiths = await signInGuest(first.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
    expect((await eventRequest(second.app, 'POST', '/rsvp', { token: smiths.token, body: smithsWholeReply(f, { message: 'Hello' }) })).status).toBe(201);
    const [sentByFirst, sentBySecond] = await Promise.all([workerOf(first).drain(), workerOf(second).drain()]);
    // Four messages in all, split between the two however the claims fell.
    expect(sentByFirst + sentBySecond).toBe(4);
    expect(await Promise.all([workerOf(first).drain(), workerOf(second).drain()])).toEqual([0, 0]);
    const recipients = sink.messages.map((mail) => `${mail.subject} → ${(mail.to as { text: string }).text}`).sort();
    expect(recipients).toHaveLength(4);
    expect(new Set(recipients).size).toBe(4);
    expect(sink.to('smiths@example.com').map((mail) => mail.subject).sort()).toEqual(['Your reply for Sam & Alex', expect.stringContaining('Sam & Alex')].sort());
    const outbox = (await read<OutboxPage>(f.host, `${base}/emails?limit=200`)).emails;
    expect(outbox.map((email) => email.status)).toEqual(['SENT', 'SENT', 'SENT', 'SENT']);
  });
});
