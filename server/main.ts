import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createRuntime } from './create-deps';
import { startServer } from './start-server';

async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await createRuntime(config);
  const app = createApp(runtime.deps);
  if (process.argv.includes('--demo')) {
    const { seedDemo } = await import('./demo/seed-demo');
    const demo = await seedDemo(app);
    console.log(`Demo host account: ${demo.email} / ${demo.password}`);
  }
  const server = await startServer(app, config.port, runtime.close);
  const base = config.authUrl ?? `http://localhost:${server.port}`;
  console.log(`Kindly is running on ${runtime.database.kind === 'sqlite' ? 'the embedded SQLite database' : 'PostgreSQL'}.`);
  console.log(`  Dashboard: ${base}/`);
  console.log(`  Host API:  ${base}/host/v1`);
  console.log(`  Guest API: ${base}/event/v1`);

  const stop = (signal: string) => {
    console.log(`${signal}: finishing requests in flight, then closing the database.`);
    setTimeout(() => process.exit(1), 10_000).unref();
    server.stop().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
