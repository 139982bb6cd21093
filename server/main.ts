import { createApp } from './app';
import type { AppDeps } from './app-env';
import { ConfigError, loadConfig } from './config';
import { createRuntime } from './create-deps';
import { createServerLogger, exitAfterFlush, logCrashAndExit, type ServerLogger } from './logger';
import { startServer } from './start-server';
import { startExamplesServer } from './frontends/serve-examples';
import { DEFAULT_EMAIL_SETTINGS } from './email/email-settings';
import { createTransport } from './email/transport';
import { EmailWorker } from './email/worker';
import { EmailRenderThread } from './email/email-render-thread';
import { startBackupSchedule } from './backup/backup-schedule';
import { DEFAULT_WEBHOOK_SETTINGS } from './webhooks/webhook-settings';
import { WebhookWorker } from './webhooks/worker';
import { threadScriptUrl } from './thread-scripts';

async function main(logger: ServerLogger): Promise<void> {
  const config = loadConfig();
  logger.level = config.logLevel ?? 'info';
  const renderThread = new EmailRenderThread(threadScriptUrl('email-render-thread', import.meta.url));
  const sqliteThreads = { read: threadScriptUrl('sqlite-read-thread', import.meta.url), checkpoint: threadScriptUrl('sqlite-checkpoint-thread', import.meta.url) };
  const runtime = await createRuntime(config, logger, (content) => renderThread.render(content), sqliteThreads);
  const app = createApp(runtime.deps);
  let demoOccasionId: string | undefined;
  if (process.argv.includes('--demo')) {
    const { examplesOrigins, seedDemo } = await import('./demo/seed-demo');
    const demo = await seedDemo(app, examplesOrigins(config.examplesPort), runtime.deps.db);
    demoOccasionId = demo.occasionId;
    tellUser(`Demo host account: ${demo.email} / ${demo.password}`);
  }
  const server = await startServer(app, config.port, runtime.close);
  const base = config.authUrl ?? `http://localhost:${server.port}`;
  logger.info({ port: server.port, database: runtime.database.kind }, 'Kindly started');
  tellUser(`Kindly is running on ${runtime.database.kind === 'sqlite' ? 'the embedded SQLite database' : 'PostgreSQL'}.`);
  tellUser(`  Dashboard: ${base}/`);
  tellUser(`  Host API:  ${base}/host/v1`);
  tellUser(`  Guest API: ${base}/event/v1`);
  const worker = startEmailWorker(runtime.deps, base);
  const backups = startBackupSchedule(config.backup, runtime.deps.db, logger);
  if (backups && config.backup) tellUser(`  Backups:   every ${config.backup.intervalHours} h into ${config.backup.dir}, the newest ${config.backup.keep} kept`);
  const webhookWorker = startWebhookWorker(runtime.deps);
  // The example host sites (development only), on a second port so that they are another site than the API.
  const examples = config.distDir && !config.production
    ? await startExamplesServer({ port: config.examplesPort, examplesDir: 'examples', distDir: config.distDir, apiOrigin: new URL(base).origin, occasionId: demoOccasionId })
    : undefined;
  if (examples) tellUser(`  Examples:  http://127.0.0.1:${examples.port}/${demoOccasionId ? `?occasion=${demoOccasionId}` : ''}`);

  const stop = (signal: string) => {
    logger.info({ signal }, `${signal}: finishing requests in flight, then closing the database`);
    setTimeout(() => process.exit(1), 10_000).unref();
    void examples?.close();
    // The workers first: they finish what is in flight while the database is still open.
    void Promise.all([worker?.stop(), webhookWorker?.stop()])
      .catch(() => {})
      // A copy under way stops at its next step, before the database closes.
      .then(() => backups?.stop())
      .then(() => server.stop())
      .then(() => renderThread.close())
      .then(() => exitAfterFlush(logger, 0), (error: unknown) => {
        logger.error({ err: error }, `${signal}: closing failed`);
        exitAfterFlush(logger, 1);
      });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

/** The outbox's sender, unless `EMAIL_WORKER=0`: SMTP with `SMTP_URL`, else the local outbox. */
function startEmailWorker(deps: AppDeps, publicUrl: string): EmailWorker | undefined {
  const settings = deps.config.email ?? DEFAULT_EMAIL_SETTINGS;
  if (!settings.workerEnabled) return undefined;
  const transport = createTransport(settings, threadScriptUrl('email-send-thread', import.meta.url));
  // The worker reports only what failed: a message it could not send, a lease it lost.
  const log = (line: string) => deps.log.error(line);
  const worker = new EmailWorker({ db: deps.db, dbKind: deps.dbKind, settings, transport, publicUrl: () => publicUrl, log, renderEmail: deps.renderEmail });
  worker.start();
  tellUser(`  Email:     ${transport.kind === 'smtp' ? `SMTP (${new URL(settings.smtpUrl!).host})` : 'local outbox (no SMTP_URL): messages show in the dashboard'}`);
  return worker;
}

/** The webhook deliveries' sender, unless `WEBHOOK_WORKER=0`. */
function startWebhookWorker(deps: AppDeps): WebhookWorker | undefined {
  const settings = deps.config.webhooks ?? DEFAULT_WEBHOOK_SETTINGS;
  if (!settings.workerEnabled) return undefined;
  const worker = new WebhookWorker({ db: deps.db, dbKind: deps.dbKind, settings, log: (line) => deps.log.error(line) });
  worker.start();
  return worker;
}

/**
 * What the person who started the server reads, as plain lines on standard output rather than
 * log entries: where to open it and the demo's account.
 */
function tellUser(line: string): void {
  process.stdout.write(`${line}\n`);
}

const logger = createServerLogger();
process.on('uncaughtException', (error) => logCrashAndExit(logger, error, 'uncaughtException'));
process.on('unhandledRejection', (reason) => logCrashAndExit(logger, reason, 'unhandledRejection'));
main(logger).catch((error: unknown) => {
  // A setting to change is told in its one sentence, on standard error, not as a log entry.
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    exitAfterFlush(logger, 1);
  } else logCrashAndExit(logger, error, 'start-up');
});
