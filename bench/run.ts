import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { generateGuests } from '../server/demo/generate-guests';

/**
 * `npm run bench`: the real server on a fresh embedded database with a generated
 * 10,000-guest occasion, driven by autocannon beside a bare Hono JSON route measured in the
 * same run. Prints req/s, p99 and the ratio to the reference; writes bench/results/.
 */
const API_PORT = 18787;
const REFERENCE_PORT = 18790;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;

interface Row {
  name: string;
  connections: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  ratioToReference?: number;
  goal: string;
  met?: boolean;
  note?: string;
}

const children: ChildProcess[] = [];

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kindly-bench-'));
  try {
    children.push(startProcess('dist/server/main.js', API_PORT, { KINDLY_DATA_DIR: dataDir }));
    children.push(startProcess('dist/bench/reference-server.js', REFERENCE_PORT, {}));
    await Promise.all([waitForPort(API_PORT), waitForPort(REFERENCE_PORT)]);
    const api = `http://localhost:${API_PORT}`;
    console.log('Seeding a 10,000-guest occasion…');
    const seed = await seedOccasion(api);
    const rows = await measure(api, seed);
    report(rows, seed);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function startProcess(script: string, port: number, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [script], {
    env: { ...process.env, ...env, PORT: String(port), NODE_ENV: 'development' },
    stdio: 'ignore',
  });
}

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(`http://localhost:${port}/`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`nothing answered on port ${port}`);
}

interface Seed {
  cookie: string;
  occasionId: string;
  guestIds: string[];
  activityIds: string[];
  listGzipBytes: number;
  listRawBytes: number;
}

async function seedOccasion(api: string): Promise<Seed> {
  const credentials = { email: 'bench@example.com', password: 'benchmark-password-1', firstName: 'Bench', lastName: 'Host' };
  await call(api, 'POST', '/host/v1/account', credentials);
  const cookie = await signIn(api, credentials.email, credentials.password);
  const host = (method: string, path: string, body?: unknown) => call(api, method, `/host/v1${path}`, body, cookie);
  const occasion = (await host('POST', '/occasion', { title: 'Benchmark wedding', startDate: '2027-06-12', endDate: '2027-06-13' })) as { id: string };
  const activityIds: string[] = [];
  for (const [i, name] of ['Welcome dinner', 'Ceremony', 'Reception', 'Brunch'].entries()) {
    const mealOptions = i === 1 ? [] : [{ value: 'meat', text: 'Meat' }, { value: 'fish', text: 'Fish' }, { value: 'veg', text: 'Vegetarian' }];
    const activity = (await host('POST', `/occasion/${occasion.id}/activity`, { name, startsAt: `2027-06-1${2 + (i >> 1)}T1${i}:00:00.000Z`, mealOptions })) as { id: string };
    activityIds.push(activity.id);
  }
  const created = (await host('POST', `/occasions/${occasion.id}/guests`, { guests: generateGuests(10_000) })) as { guests: Array<{ id: string }> };
  const guestIds = created.guests.map((guest) => guest.id);
  const lines = guestIds.flatMap((guestId, g) =>
    activityIds.map((activityId, a) => ({
      guestId,
      activityId,
      invited: true,
      ...(g % 3 === 0 ? { response: 'ATTENDING', mealChoice: a === 1 ? null : 'fish' } : {}),
    })),
  );
  await host('PUT', `/occasion/${occasion.id}/invite-lines`, { lines });
  const { gzip, raw } = await measureBytes(`${api}/host/v1/occasion/${occasion.id}/guests`, cookie);
  return { cookie, occasionId: occasion.id, guestIds, activityIds, listGzipBytes: gzip, listRawBytes: raw };
}

async function call(api: string, method: string, path: string, body?: unknown, cookie?: string): Promise<unknown> {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return response.status === 204 ? null : response.json();
}

async function signIn(api: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${api}/host/v1/auth/csrf`);
  const csrfCookie = cookiesOf(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${api}/host/v1/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1', cookie: csrfCookie },
    body: new URLSearchParams({ email, password, csrfToken }),
  });
  const session = cookiesOf(response);
  if (!session.includes('authjs.session-token')) throw new Error('benchmark sign-in failed');
  return session;
}

function cookiesOf(response: Response): string {
  return response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
}

/** The bytes on the wire with and without `Accept-Encoding: gzip`. */
function measureBytes(url: string, cookie: string): Promise<{ gzip: number; raw: number }> {
  const size = (encoding: string) =>
    new Promise<number>((resolve, reject) => {
      httpRequest(url, { headers: { cookie, 'accept-encoding': encoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
      })
        .on('error', reject)
        .end();
    });
  return Promise.all([size('gzip'), size('identity')]).then(([gzip, raw]) => ({ gzip, raw }));
}

async function load(url: string, options: { connections?: number; headers?: Record<string, string>; method?: string; body?: string; duration?: number } = {}) {
  const result = await autocannon({
    url,
    connections: options.connections ?? CONNECTIONS,
    duration: options.duration ?? DURATION,
    headers: options.headers ?? {},
    method: options.method ?? 'GET',
    ...(options.body ? { body: options.body } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0) console.warn(`  ! ${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { reqPerSec: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99 };
}

async function timeRequests(count: number, send: (i: number) => Promise<unknown>): Promise<{ p50Ms: number; p99Ms: number; reqPerSec: number }> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await send(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return { p50Ms: at(0.5), p99Ms: at(0.99), reqPerSec: 1000 / (times.reduce((a, b) => a + b, 0) / times.length) };
}

async function measure(api: string, seed: Seed): Promise<Row[]> {
  const headers = { cookie: seed.cookie };
  const occasionPath = `${api}/host/v1/occasion/${seed.occasionId}`;
  console.log('Reference: bare Hono JSON route…');
  const reference = await load(`http://localhost:${REFERENCE_PORT}/reference`);
  const rows: Row[] = [{ name: 'reference: bare Hono JSON route', connections: CONNECTIONS, ...reference, goal: '' }];
  const ratio = (r: { reqPerSec: number }) => r.reqPerSec / reference.reqPerSec;

  console.log('GET one guest…');
  const oneGuest = await load(`${occasionPath}/guest/${seed.guestIds[5000]}`, { headers });
  rows.push({ name: 'host: GET one guest', connections: CONNECTIONS, ...oneGuest, ratioToReference: ratio(oneGuest), goal: '≥ 30% of reference req/s', met: ratio(oneGuest) >= 0.3 });

  console.log('GET the 10,000-guest list…');
  const listHeaders = { ...headers, 'accept-encoding': 'gzip' };
  const list = await load(`${occasionPath}/guests`, { headers: listHeaders, connections: 1 });
  rows.push({
    name: 'host: GET 10,000-guest list (1 connection, gzip)',
    connections: 1,
    ...list,
    ratioToReference: ratio(list),
    goal: 'p99 ≤ 150 ms, ≤ 400 kB gzipped',
    met: list.p99Ms <= 150 && seed.listGzipBytes <= 400_000,
    note: `${(seed.listGzipBytes / 1000).toFixed(0)} kB gzipped, ${(seed.listRawBytes / 1000).toFixed(0)} kB raw`,
  });
  const listLoaded = await load(`${occasionPath}/guests`, { headers: listHeaders, duration: Math.min(DURATION, 5) });
  rows.push({ name: 'host: GET 10,000-guest list (50 connections, gzip)', connections: CONNECTIONS, ...listLoaded, ratioToReference: ratio(listLoaded), goal: '(throughput under load, for reference)' });

  console.log('Bulk update of 1,000 guests…');
  const bulk = await timeRequests(20, (i) =>
    call(api, 'POST', `/host/v1/occasions/${seed.occasionId}/guests`, {
      guests: seed.guestIds.slice(i * 1000 % 10_000, (i * 1000 % 10_000) + 1000).map((id) => ({ id, dietaryNotes: `run ${i}` })),
    }, seed.cookie),
  );
  rows.push({ name: 'host: bulk update of 1,000 guests (sequential)', connections: 1, ...bulk, ratioToReference: ratio(bulk), goal: '≤ 150 ms', met: bulk.p99Ms <= 150 });
  return rows;
}

function report(rows: Row[], seed: Seed): void {
  const lines = [
    `| scenario | conn | req/s | p50 ms | p99 ms | × reference | goal | met |`,
    `| --- | --- | --- | --- | --- | --- | --- | --- |`,
    ...rows.map((r) =>
      `| ${r.name} | ${r.connections} | ${r.reqPerSec.toFixed(0)} | ${r.p50Ms.toFixed(1)} | ${r.p99Ms.toFixed(1)} | ${r.ratioToReference === undefined ? '' : `${(r.ratioToReference * 100).toFixed(1)}%`} | ${r.goal}${r.note ? ` (${r.note})` : ''} | ${r.met === undefined ? '' : r.met ? 'yes' : 'NO'} |`,
    ),
  ];
  console.log(`\n${lines.join('\n')}\n`);
  mkdirSync('bench/results', { recursive: true });
  const stamp = new Date().toISOString();
  const result = { date: stamp, node: process.version, cpus: availableParallelism(), guests: seed.guestIds.length, rows };
  writeFileSync('bench/results/latest.json', `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync('bench/results/latest.md', `# Benchmark ${stamp}\n\n${lines.join('\n')}\n`);
  console.log('Written to bench/results/latest.json and bench/results/latest.md');
}

main().catch((error: unknown) => {
  for (const child of children) child.kill('SIGTERM');
  console.error(error);
  process.exit(1);
});
