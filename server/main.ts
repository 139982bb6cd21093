import { serve } from '@hono/node-server';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createRuntime } from './create-deps';

async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await createRuntime(config);
  if (process.argv.includes('--demo')) {
    const { seedDemo } = await import('./demo/seed-demo');
    const demo = await seedDemo(createApp(runtime.deps));
    console.log(`Demo host account: ${demo.email} / ${demo.password}`);
  }
  const app = createApp(runtime.deps);
  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    const base = config.authUrl ?? `http://localhost:${info.port}`;
    console.log(`Kindly is running on ${runtime.database.kind === 'sqlite' ? 'the embedded SQLite database' : 'PostgreSQL'}.`);
    console.log(`  Dashboard: ${base}/`);
    console.log(`  Host API:  ${base}/host/v1`);
    console.log(`  Guest API: ${base}/event/v1`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing requests in flight, then closing the database.`);
    server.close(async () => {
      await runtime.close();
      process.exit(0);
    });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
