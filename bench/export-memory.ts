import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedOccasion } from '../server/test-support/seed-occasion';

/**
 * How much memory an export of a 10,000-guest occasion takes in the server: the built server as a
 * child process on SQLite, seeded through the API, then its peak resident set (Linux's `VmHWM`,
 * reset just before) while the ZIP is downloaded, beside the same figure for the guest list it
 * already serves. A measurement printed, not a test: nothing fails.
 */
const GUESTS = Number(process.env.EXPORT_BENCH_GUESTS ?? 10_000);
const PORT = Number(process.env.EXPORT_BENCH_PORT ?? 18823);

const MB = 1024 * 1024;

/** A line of `/proc/<pid>/status`, in bytes. */
function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no ${field} for ${pid}`);
  return Number(match[1]) * 1024;
}

/** Downloads `path` whole, keeping nothing; answers the bytes and the server's resident set before and at its peak. */
async function measure(api: string, pid: number, path: string, cookie: string): Promise<{ bytes: number; before: number; peak: number }> {
  const before = statusBytes(pid, 'VmRSS');
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const response = await fetch(`${api}${path}`, { headers: { cookie } });
  if (!response.ok || !response.body) throw new Error(`${path}: ${response.status}`);
  let bytes = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.byteLength;
  return { bytes, before, peak: statusBytes(pid, 'VmHWM') };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kindly-export-bench-'));
  let server: ChildProcess | undefined;
  try {
    server = spawn(process.execPath, ['dist/server/main.js'], { env: { ...process.env, PORT: String(PORT), KINDLY_DATA_DIR: dataDir, NODE_ENV: 'development' }, stdio: 'ignore' });
    const api = `http://localhost:${PORT}`;
    await waitForServer(api);
    console.log(`Seeding a ${GUESTS.toLocaleString('en-US')}-guest occasion…`);
    const seed = await seedOccasion(api, GUESTS, 'export-bench@example.com');
    const cookie = seed.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    const pid = server.pid!;
    for (const [label, path] of [
      ['guest list (warm-up)', `/host/v1/occasion/${seed.occasionId}/guests`],
      ['export (warm-up)', `/host/v1/occasion/${seed.occasionId}/export`],
      ['guest list', `/host/v1/occasion/${seed.occasionId}/guests`],
      ['export', `/host/v1/occasion/${seed.occasionId}/export`],
    ] as const) {
      const { bytes, before, peak } = await measure(api, pid, path, cookie);
      console.log(`${label}: ${(bytes / MB).toFixed(1)} MB sent; server RSS ${(before / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB (+${((peak - before) / MB).toFixed(1)} MB)`);
    }
  } finally {
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function waitForServer(api: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${api}/host/v1/auth/csrf`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer on ${api} (run npm run build first)`);
}

await main();
