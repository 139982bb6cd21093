import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { AppDeps } from '../app-env';
import { createDatabase, type KindlyDatabase } from '../db/create-database';
import { silentLogger } from '../logger';
import { MemoryRateLimitStore, RateLimiter } from '../middleware/rate-limit/rate-limiter';
import { renderEmailHere } from './render-email';
import { withAdminClient } from '../test-support/fault-app';
import { signUpHost } from '../in-process/host-session';
import { verifyAccount } from '../test-support/verify-account';
import { withSchemaLock } from '../test-support/schema-lock';
import { buildServer, spawnServer, type BuiltServer, type ServerProcess } from '../test-support/server-process';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink';
import { testConfig, testCosts, testDatabaseKind } from '../test-support/test-app';

const MESSAGES = 24;
/** Three server processes start one after another: on a loaded 2-core machine each takes seconds. */
const PROCESS_TEST_TIMEOUT = 90_000;

/**
 * The built server as child processes sending one outbox: killed (SIGKILL) and stopped
 * (SIGTERM) mid-batch and started again, and two at once on one PostgreSQL database. Each
 * message must reach the SMTP server exactly once. The kills land while the SMTP server is
 * slow to answer `RCPT TO`, before it accepted the message in flight: a kill after the server
 * accepted a message and before it was marked `SENT` would send that one again (see ARCHITECTURE.md).
 */
describe('the email worker as server processes', () => {
  let server: BuiltServer;
  let dir: string;
  beforeAll(async () => {
    server = await buildServer();
    dir = mkdtempSync(join(tmpdir(), 'kindly-mail-'));
  }, 60_000);
  afterAll(() => {
    server?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  /** An occasion of `MESSAGES` households with an address each, invited: the outbox holds `MESSAGES` messages. */
  async function queueInvitations(database: KindlyDatabase): Promise<string[]> {
    const deps: AppDeps = { db: database.db, dbKind: database.kind, config: testConfig, log: silentLogger(), rateLimiter: new RateLimiter(new MemoryRateLimitStore()), renderEmail: renderEmailHere, ...testCosts() };
    const app = createApp(deps);
    const host = await signUpHost(app);
    await verifyAccount(database.db, host.credentials.email);
    // The host's own verification message is not one of the invitations counted here.
    await database.db.deleteFrom('accountEmail').execute();
    const occasion = (await (await host.request('POST', '/occasion', { title: 'Mail', startDate: '2027-06-12', endDate: '2027-06-12' })).json()) as { id: string };
    const guests = Array.from({ length: MESSAGES }, (_, i) => ({ firstName: `Guest${i}`, householdName: `House ${i}`, email: `guest${i}@example.com` }));
    expect((await host.request('POST', `/occasions/${occasion.id}/guests`, { guests })).status).toBe(200);
    expect((await host.request('POST', `/occasion/${occasion.id}/emails`, { kind: 'INVITATION' })).status).toBe(202);
    const rows = await database.db.selectFrom('email').select('id').execute();
    expect(rows).toHaveLength(MESSAGES);
    return rows.map((row) => row.id);
  }

  /** Every outbox id reached the sink exactly once, and the outbox says so. */
  async function expectEachSentOnce(sink: SmtpSink, ids: string[], database: KindlyDatabase): Promise<void> {
    await sink.waitFor(MESSAGES, 20_000);
    await new Promise((done) => setTimeout(done, 300));
    const received = sink.messages.map((m) => /^<([^@]+)@/.exec(m.messageId ?? '')?.[1]).sort();
    expect(received).toEqual([...ids].sort());
    const statuses = await database.db.selectFrom('email').select('status').execute();
    expect(statuses.every((row) => row.status === 'SENT')).toBe(true);
  }

  /**
   * The server's mail settings. A claim's lease runs out after `leaseMs`, and then another
   * instance may send the message again, by design: short where a killed instance's claims must
   * come back within the test, long where two live instances race and a send slowed past the
   * lease by a loaded machine would look like a double send.
   */
  const mailEnv = (sink: SmtpSink, leaseMs = 2000) => ({ SMTP_URL: sink.url, EMAIL_LEASE_MS: String(leaseMs), EMAIL_POLL_MS: '100', MAIL_FROM: 'Kindly <rsvp@example.com>' });

  it.runIf(testDatabaseKind === 'sqlite')('sends every message once when killed and stopped mid-batch and started again', async () => {
    const dataDir = join(dir, 'sqlite');
    const database = await createDatabase({ sqliteFile: join(mkdir(dataDir), 'kindly.db') });
    const sink = await startSmtpSink();
    const running: ServerProcess[] = [];
    try {
      const ids = await queueInvitations(database);
      // Long enough that a batch's messages, sent at once over the pool's connections, are all
      // still waiting at `RCPT TO` when the kill lands: none was accepted yet.
      sink.rcptDelayMs = 300;
      const env = { KINDLY_DATA_DIR: dataDir, ...mailEnv(sink) };
      const first = spawnServer(server.file, env);
      running.push(first);
      await stopAt(sink, 6, () => first.child.kill('SIGKILL'));
      expect(await first.exited).toBeNull(); // killed by the signal
      const second = spawnServer(server.file, env);
      running.push(second);
      await stopAt(sink, 14, () => second.child.kill('SIGTERM'));
      expect(await second.exited).toBe(0);
      // A graceful stop finishes every message it had started, each accepted one marked sent (the
      // 8 recipients it had shown at least), and gives back the rest. (The killed instance's
      // claims stay until their lease runs out.)
      const stopped = await database.db.selectFrom('email').select('status').execute();
      expect(stopped.filter((row) => row.status === 'SENT')).toHaveLength(sink.messages.length);
      expect(sink.messages.length).toBeGreaterThanOrEqual(8);
      running.push(spawnServer(server.file, env));
      await expectEachSentOnce(sink, ids, database);
    } finally {
      for (const process of running) await process.stop();
      await sink.close();
      await database.close();
    }
  }, PROCESS_TEST_TIMEOUT);

  const url = process.env.TEST_DATABASE_URL;
  it.runIf(testDatabaseKind === 'postgres' && url)('sends every message once with two server processes on one PostgreSQL database', async () => {
    const schema = `mail_${randomBytes(6).toString('hex')}`;
    const databaseUrl = new URL(url!);
    databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
    const sink = await startSmtpSink();
    const running: ServerProcess[] = [];
    const database = await withSchemaLock(url!, 'shared', () => createDatabase({ databaseUrl: url!, pgSchema: schema, poolSize: 2 }));
    try {
      const ids = await queueInvitations(database);
      sink.rcptDelayMs = 20;
      const env = { KINDLY_DATA_DIR: join(dir, 'pg'), DATABASE_URL: databaseUrl.toString(), ...mailEnv(sink, 30_000) };
      // The servers migrate their schema as they start: no other test may drop one meanwhile.
      await withSchemaLock(url!, 'shared', async () => {
        running.push(spawnServer(server.file, env), spawnServer(server.file, env));
        await Promise.all(running.map((process) => process.ready));
      });
      await expectEachSentOnce(sink, ids, database);
    } finally {
      for (const process of running) await process.stop();
      await sink.close();
      await database.close();
      await withSchemaLock(url!, 'exclusive', () => withAdminClient(url!, (admin) => admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)));
    }
  }, PROCESS_TEST_TIMEOUT);
});

/** Runs `stop` when the sink sees its `count`th recipient, while it delays the answer. */
function stopAt(sink: SmtpSink, count: number, stop: () => void): Promise<void> {
  return new Promise((done) => {
    sink.onRecipient = (seen) => {
      if (seen !== count) return;
      sink.onRecipient = undefined;
      stop();
      done();
    };
  });
}

function mkdir(path: string): string {
  rmSync(path, { recursive: true, force: true });
  mkdirSync(path, { recursive: true });
  return path;
}
