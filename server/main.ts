import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createRuntime } from './create-deps';
import { createServerLogger } from './logger';
import { startServer } from './start-server';
import { startExamplesServer } from './frontends/serve-examples';

async function main(): Promise<void> {
  const config = loadConfig();
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
    server.stop().then(() => exit(0), () => exit(1));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
