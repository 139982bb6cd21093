import { createApp } from './app';
import type { AppDeps } from './app-env';
import { ConfigError, loadConfig } from './config';
import { createRuntime } from './create-deps';
import { createServerLogger } from './logger';
import { startServer } from './start-server';
import { startExamplesServer } from './frontends/serve-examples';
import { DEFAULT_EMAIL_SETTINGS } from './email/email-settings';
import { createTransport } from './email/transport';
import { EmailWorker } from './email/worker';
import { EmailRenderThread } from './email/email-render-thread';
import { renderEmailsOn } from './email/render-email';

async function main(): Promise<void> {
  const config = loadConfig();
  // Built beside this file: dist/server/email-render-thread.js.
  const renderThread = new EmailRenderThread(new URL('./email-render-thread.js', import.meta.url));
  renderEmailsOn(renderThread);
  const logger = createServerLogger();
  const runtime = await createRuntime(config, logger.log);
  const app = createApp(runtime.deps);
  let demoOccasionId: string | undefined;
  if (process.argv.includes('--demo')) {
    const { examplesOrigins, seedDemo } = await import('./demo/seed-demo');
    const demo = await seedDemo(app, examplesOrigins(config.examplesPort));
    demoOccasionId = demo.occasionId;
    console.log(`Demo host account: ${demo.email} / ${demo.password}`);
  }
  const server = await startServer(app, config.port, runtime.close);
  const base = config.authUrl ?? `http://localhost:${server.port}`;
  console.log(`Kindly is running on ${runtime.database.kind === 'sqlite' ? 'the embedded SQLite database' : 'PostgreSQL'}.`);
  console.log(`  Dashboard: ${base}/`);
  console.log(`  Host API:  ${base}/host/v1`);
  console.log(`  Guest API: ${base}/event/v1`);
  const worker = startEmailWorker(runtime.deps, base);
  // The example host sites (development only), on a second port so that they are another site than the API.
  const examples = config.distDir && !config.production
    ? await startExamplesServer({ port: config.examplesPort, examplesDir: 'examples', distDir: config.distDir, apiOrigin: new URL(base).origin, occasionId: demoOccasionId })
    : undefined;
  if (examples) console.log(`  Examples:  http://127.0.0.1:${examples.port}/${demoOccasionId ? `?occasion=${demoOccasionId}` : ''}`);

  const stop = (signal: string) => {
    console.log(`${signal}: finishing requests in flight, then closing the database.`);
    setTimeout(() => process.exit(1), 10_000).unref();
    void examples?.close();
    const exit = (code: number) => {
      logger.flush();
      process.exit(code);
    };
    // The worker first: it finishes the message in flight while the database is still open.
    void (worker?.stop() ?? Promise.resolve())
      .catch(() => {})
      .then(() => server.stop())
      .then(() => renderThread.close())
      .then(() => exit(0), () => exit(1));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

/** The outbox's sender, unless `EMAIL_WORKER=0`: SMTP with `SMTP_URL`, else the local outbox. */
function startEmailWorker(deps: AppDeps, publicUrl: string): EmailWorker | undefined {
  const settings = deps.config.email ?? DEFAULT_EMAIL_SETTINGS;
  if (!settings.workerEnabled) return undefined;
  const transport = createTransport(settings.smtpUrl);
  const worker = new EmailWorker({ db: deps.db, dbKind: deps.dbKind, settings, transport, publicUrl: () => publicUrl, log: deps.log });
  worker.start();
  console.log(`  Email:     ${transport.kind === 'smtp' ? `SMTP (${new URL(settings.smtpUrl!).host})` : 'local outbox (no SMTP_URL): messages show in the dashboard'}`);
  return worker;
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
