import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { generateGuests } from '../server/demo/generate-guests';
import { writeResults } from './results-file';

/**
 * `npm run bench`: the real server on a fresh embedded database with a generated
 * 10,000-guest occasion, driven by autocannon beside a bare Hono JSON route measured in the
 * same run, again before each group of scenarios judged against it. Prints req/s, p99 and the
 * ratio to the reference; writes bench/results/.
 */
const API_PORT = 18787;
const REFERENCE_PORT = 18790;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
/**
 * `BENCH_ONLY=one,list,revalidate,bulk,info,rsvp`: only those scenarios (and the reference), e.g.
 * for a CPU profile of one with `BENCH_PROFILE`; nothing is then written to bench/results/.
 */
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : undefined;
const runs = (scenario: string): boolean => !ONLY || ONLY.has(scenario);
/** Smaller numbers only for trying the script out; the goals are for 10,000. */
const GUESTS = Number(process.env.BENCH_GUESTS ?? 10_000);

interface Row {
  name: string;
  connections: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  ratioToReference?: number;
  /** The answering process's CPU time (all its threads) per request, µs: steadier than req/s on a shared machine. */
  cpuUs?: number;
  goal: string;
  met?: boolean;
  note?: string;
}

const children: ChildProcess[] = [];
/** The machine's 1/5/15-minute load averages when the measuring began (it is shared: compare ratios). */
let loadAtStart: number[] = [];
const loads = (values: number[]) => values.map((load) => load.toFixed(1)).join(' / ');

/** `DATABASE_URL=postgres://…`: the run is on a fresh PostgreSQL database made beside that one. */
const POSTGRES_URL = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kindly-bench-'));
  const postgres = POSTGRES_URL ? await createBenchDatabase(POSTGRES_URL) : undefined;
  try {
    // TRUST_PROXY lets the benchmark sign in many households from distinct (forwarded) addresses
    // without tripping the per-client sign-in limit.
    const database: Record<string, string> = postgres ? { DATABASE_URL: postgres.url } : {};
    children.push(startProcess('dist/server/main.js', API_PORT, { KINDLY_DATA_DIR: dataDir, TRUST_PROXY: '1', ...database }));
    children.push(startProcess('dist/bench/reference-server.js', REFERENCE_PORT, {}));
    await Promise.all([waitForPort(API_PORT), waitForPort(REFERENCE_PORT)]);
    const api = `http://localhost:${API_PORT}`;
    console.log('Seeding a 10,000-guest occasion…');
    const seed = await seedOccasion(api);
    // This machine's PostgreSQL runs with autovacuum off; a deployment's autovacuum analyzes
    // freshly filled tables within a minute. Without it every plan is made with no statistics.
    if (postgres) await postgres.analyze();
    loadAtStart = loadavg();
    const rows = await measure(api, seed);
    report(rows, seed, !ONLY);
  } finally {
    await Promise.all(children.map(stopProcess));
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
}

/** A new database named for this run on the server of `url`, dropped at the end. */
async function createBenchDatabase(url: string): Promise<{ url: string; analyze(): Promise<void>; drop(): Promise<void> }> {
  const name = `kindly_bench_${Date.now().toString(36)}`;
  const admin = async (statement: string, on = url) => {
    const client = new pg.Client({ connectionString: on });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${name}`;
  return {
    url: benchUrl.toString(),
    analyze: () => admin('ANALYZE', benchUrl.toString()),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/** A fixed secret for the benchmark's own throwaway server (production refuses to start without one). */
const BENCH_AUTH_SECRET = 'kindly-benchmark-secret-not-for-deployment-0123456789';

function startProcess(script: string, port: number, env: Record<string, string>): ChildProcess {
  // BENCH_PROFILE=<dir> writes a V8 CPU profile of each process there when it exits.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  return spawn(process.execPath, [...profile, script], {
    // The server as deployed: production builds of its libraries (React renders the emails).
    env: { ...process.env, ...env, PORT: String(port), NODE_ENV: 'production', AUTH_SECRET: BENCH_AUTH_SECRET, AUTH_URL: `http://localhost:${port}` },
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
  listBytes: { br: number; gzip: number; raw: number };
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
  const created = (await host('POST', `/occasions/${occasion.id}/guests`, { guests: generateGuests(GUESTS) })) as { guests: Array<{ id: string }> };
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
  const listBytes = await measureBytes(`${api}/host/v1/occasion/${occasion.id}/guests`, cookie);
  return { cookie, occasionId: occasion.id, guestIds, activityIds, listBytes };
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

/** The bytes on the wire as a browser asks (brotli), with gzip only, and uncompressed. */
function measureBytes(url: string, cookie: string): Promise<{ br: number; gzip: number; raw: number }> {
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
  return Promise.all([size('gzip, deflate, br'), size('gzip'), size('identity')]).then(([br, gzip, raw]) => ({ br, gzip, raw }));
}

interface LoadOptions {
  connections?: number;
  headers?: Record<string, string>;
  duration?: number;
  /** A fixed number of requests instead of a duration. */
  amount?: number;
  /** 304 Not Modified is the expected answer (revalidation). */
  expect304?: boolean;
  /** The process that answers (the API unless said), whose CPU time per request is reported. */
  server?: ChildProcess;
  /** Varies each request (token, body) in turn. */
  setupRequest?: (request: { method?: string; headers?: Record<string, string>; body?: string }) => object;
}

async function load(url: string, options: LoadOptions = {}) {
  const cpuBefore = cpuMicros(options.server ?? children[0]);
  const result = await autocannon({
    url,
    connections: options.connections ?? CONNECTIONS,
    // A run with an amount ends at autocannon's next sample after its last answer, so samples
    // every second would round its length up to whole seconds (8,000 PUTs that took 3.36 s read 4.01 s).
    ...(options.amount ? { amount: options.amount, sampleInt: 10 } : { duration: options.duration ?? DURATION }),
    headers: options.headers ?? {},
    ...(options.setupRequest ? { requests: [{ setupRequest: options.setupRequest }] } : {}),
  });
  const unexpected = options.expect304 ? result.non2xx - (result.statusCodeStats?.['304']?.count ?? 0) : result.non2xx;
  if (unexpected > 0 || result.errors > 0) console.warn(`  ! ${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const cpuAfter = cpuMicros(options.server ?? children[0]);
  const cpuUs = cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / result.requests.total;
  // Requests over the run's own length, not autocannon's average of its samples.
  return { reqPerSec: result.requests.total / result.duration, p50Ms: result.latency.p50, p99Ms: result.latency.p99, cpuUs };
}

/** User and system CPU time of a process (every thread) in µs, from /proc (Linux); undefined elsewhere. */
function cpuMicros(child: ChildProcess | undefined): number | undefined {
  try {
    const stat = readFileSync(`/proc/${child?.pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND) * 1e6;
  } catch {
    return undefined;
  }
}
/** Linux's USER_HZ, what /proc counts CPU time in. */
const CLOCK_TICKS_PER_SECOND = 100;

async function timeRequests(count: number, send: (i: number) => Promise<unknown>): Promise<{ p50Ms: number; p99Ms: number; maxMs: number; reqPerSec: number }> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await send(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return { p50Ms: at(0.5), p99Ms: at(0.99), maxMs: times[times.length - 1]!, reqPerSec: 1000 / (times.reduce((a, b) => a + b, 0) / times.length) };
}

async function measure(api: string, seed: Seed): Promise<Row[]> {
  const rows: Row[] = [];
  const headers = { cookie: seed.cookie };
  const occasionPath = `${api}/host/v1/occasion/${seed.occasionId}`;
  // The list is asked for as a browser asks: brotli accepted.
  const listHeaders = { ...headers, 'accept-encoding': 'gzip, deflate, br' };

  const hostReads = runs('one') || runs('revalidate') ? await measureReference(rows, 'the host reads') : undefined;
  if (hostReads && runs('one')) {
    console.log('GET one guest…');
    const oneGuest = await load(`${occasionPath}/guest/${seed.guestIds[Math.floor(GUESTS / 2)]}`, { headers });
    rows.push({ name: 'host: GET one guest', connections: CONNECTIONS, ...oneGuest, ratioToReference: hostReads(oneGuest), goal: '≥ 30% of reference req/s', met: hostReads(oneGuest) >= 0.3 });
  }
  if (hostReads && runs('revalidate')) {
    const etag = await listTag(`${occasionPath}/guests`, seed.cookie);
    const revalidated = await load(`${occasionPath}/guests`, { headers: { ...listHeaders, 'if-none-match': etag }, expect304: true });
    rows.push({ name: 'host: GET the list with If-None-Match (304)', connections: CONNECTIONS, ...revalidated, ratioToReference: hostReads(revalidated), goal: '(revalidation, for reference)' });
  }

  if (runs('list')) {
    console.log('GET the 10,000-guest list…');
    // No If-None-Match, so every request builds the whole list.
    const list = await load(`${occasionPath}/guests`, { headers: listHeaders, connections: 1 });
    const { br, gzip, raw } = seed.listBytes;
    rows.push({
      name: `host: GET ${GUESTS.toLocaleString('en')}-guest list, uncached (1 connection, brotli)`,
      connections: 1,
      ...list,
      goal: 'p99 ≤ 150 ms, ≤ 400 kB',
      met: list.p99Ms <= 150 && br <= 400_000,
      note: `${kB(br)} kB brotli, ${kB(gzip)} kB gzip, ${kB(raw)} kB raw`,
    });
  }
  if (runs('bulk')) {
    console.log(`Bulk update of 1,000 guests: ${BULK_WARM_UP} to warm up, then ${BULKS}…`);
    const bulkBody = (i: number) => ({
      guests: seed.guestIds.slice((i * 1000) % GUESTS, ((i * 1000) % GUESTS) + 1000).map((id) => ({ id, dietaryNotes: `run ${i}` })),
    });
    const sendBulk = (i: number) => call(api, 'POST', `/host/v1/occasions/${seed.occasionId}/guests`, bulkBody(i), seed.cookie);
    await timeRequests(BULK_WARM_UP, sendBulk);
    const bulk = await timeRequests(BULKS, (i) => sendBulk(i + BULK_WARM_UP));
    rows.push({
      name: `host: bulk update of 1,000 guests (${BULKS} in a row after ${BULK_WARM_UP})`,
      connections: 1,
      ...bulk,
      goal: 'p50 ≤ 150 ms; p99 and max reported',
      met: bulk.p50Ms <= 150,
      note: `max ${bulk.maxMs.toFixed(0)} ms`,
    });
  }

  if (runs('info') || runs('rsvp')) await measureGuestArea(api, seed, rows);
  return rows;
}

/**
 * The bare route, measured into `rows` just before the scenarios judged against it: this
 * machine's speed drifts within a run (the bare route has measured 8,169 req/s at a run's start
 * and 18,921 at its end), so each ratio is to the reference of the same minute. Answers the
 * ratio of a result to it.
 */
async function measureReference(rows: Row[], before: string): Promise<(result: { reqPerSec: number }) => number> {
  console.log(`Reference: bare Hono JSON route, before ${before}…`);
  const reference = await load(`http://localhost:${REFERENCE_PORT}/reference`, { server: children[1] });
  rows.push({ name: `reference: bare Hono JSON route (before ${before})`, connections: CONNECTIONS, ...reference, goal: '' });
  return (result) => result.reqPerSec / reference.reqPerSec;
}

async function measureGuestArea(api: string, seed: Seed, rows: Row[]): Promise<void> {
  console.log('Signing in households for the guest area…');
  const guests = await signInHouseholds(api, seed, GUEST_SESSIONS);
  const rotate = <T>(items: T[]) => {
    let next = 0;
    return () => items[next++ % items.length]!;
  };
  if (runs('info')) {
    const ratio = await measureReference(rows, 'the guest info');
    console.log('GET /event/v1/info…');
    const nextGuest = rotate(guests);
    const info = await load(`${api}/event/v1/info`, {
      setupRequest: (request) => ({ ...request, headers: { ...request.headers, authorization: `Bearer ${nextGuest().token}` } }),
    });
    rows.push({ name: 'guest: GET /event/v1/info (bearer tokens of many households)', connections: CONNECTIONS, ...info, ratioToReference: ratio(info), goal: '≥ 25% of reference req/s, p99 ≤ 10 ms', met: ratio(info) >= 0.25 && info.p99Ms <= 10 });
    // As the widget asks it: cross-site, from an allowed origin (the answer then carries CORS headers).
    await call(api, 'PUT', `/host/v1/occasion/${seed.occasionId}`, { allowedOrigins: [WIDGET_ORIGIN] }, seed.cookie);
    const widgetInfo = await load(`${api}/event/v1/info`, {
      setupRequest: (request) => ({ ...request, headers: { ...request.headers, authorization: `Bearer ${nextGuest().token}`, origin: WIDGET_ORIGIN } }),
    });
    rows.push({ name: "guest: GET /event/v1/info from the widget's allowed origin (CORS)", connections: CONNECTIONS, ...widgetInfo, ratioToReference: ratio(widgetInfo), goal: '(the widget\'s own request, for reference)' });
  }

  if (runs('rsvp')) {
    console.log('PUT /event/v1/rsvp, to warm up…');
    const nextWriter = rotate(guests);
    const writes: LoadOptions = {
      setupRequest: (request) => {
        const guest = nextWriter();
        guest.flip = !guest.flip;
        return {
          ...request,
          method: 'PUT',
          headers: { ...request.headers, authorization: `Bearer ${guest.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(rsvpBody(guest, guest.flip)),
        };
      },
    };
    // The first thousands of PUTs ran at about 1.6 times the CPU of later ones while V8 was still
    // optimising the write path: measured cold, the row told how soon V8 warms up, not what a
    // PUT costs. The other rows' runs are long enough that their first second hardly counts.
    await load(`${api}/event/v1/rsvp`, { ...writes, amount: guests.length * RSVP_WARM_UP_PER_SESSION });
    const ratio = await measureReference(rows, 'the RSVP writes');
    console.log('PUT /event/v1/rsvp…');
    const rsvp = await load(`${api}/event/v1/rsvp`, { ...writes, amount: guests.length * (RSVP_WRITES_PER_SESSION - RSVP_WARM_UP_PER_SESSION) });
    rows.push({ name: 'guest: PUT /event/v1/rsvp', connections: CONNECTIONS, ...rsvp, ratioToReference: ratio(rsvp), goal: '≥ 8% of reference req/s, p99 ≤ 25 ms', met: ratio(rsvp) >= 0.08 && rsvp.p99Ms <= 25 });
  }
}

const BULK_WARM_UP = 10;
/** The wedding website the info scenario's second row asks from, as the widget would. */
const WIDGET_ORIGIN = 'https://sam-and-alex.example';
const BULKS = Number(process.env.BENCH_BULKS ?? 100);
const kB = (bytes: number) => (bytes / 1000).toFixed(0);

/** The list's current ETag. */
async function listTag(url: string, cookie: string): Promise<string> {
  const response = await fetch(url, { headers: { cookie } });
  await response.arrayBuffer();
  const tag = response.headers.get('etag');
  if (!tag) throw new Error('the guest list has no ETag');
  return tag;
}

/** How many households sign in for the guest-area runs (the occasion's limit of 300 an hour counts failed sign-ins only). */
const GUEST_SESSIONS = Number(process.env.BENCH_SESSIONS ?? 400);
/** PUTs each session sends in all, under the per-session write limit of 30 a minute. */
const RSVP_WRITES_PER_SESSION = 25;
/** Of those, the ones sent unmeasured before the measured ones. */
const RSVP_WARM_UP_PER_SESSION = 5;

interface SignedInGuest {
  token: string;
  guestIds: string[];
  activities: Array<{ id: string; meals: boolean }>;
  flip: boolean;
}

async function signInHouseholds(api: string, seed: Seed, count: number): Promise<SignedInGuest[]> {
  const households = (await call(api, 'GET', `/host/v1/occasion/${seed.occasionId}/households`, undefined, seed.cookie)) as Array<{ inviteCode: string; guestIds: string[] }>;
  const signedIn: SignedInGuest[] = [];
  for (const [i, household] of households.filter((h) => h.guestIds.length > 0).slice(0, count).entries()) {
    const response = await fetch(`${api}/event/v1/auth/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.${i >> 8}.${i & 255}` },
      body: JSON.stringify({ occasionId: seed.occasionId, inviteCode: household.inviteCode }),
    });
    if (!response.ok) throw new Error(`guest sign-in: ${response.status} ${await response.text()}`);
    const { token } = (await response.json()) as { token: string };
    const bearer = { authorization: `Bearer ${token}` };
    const info = (await (await fetch(`${api}/event/v1/info`, { headers: bearer })).json()) as { activities: Array<{ id: string; mealOptions: unknown[] }> };
    const guest: SignedInGuest = { token, guestIds: household.guestIds, activities: info.activities.map((a) => ({ id: a.id, meals: a.mealOptions.length > 0 })), flip: false };
    const created = await fetch(`${api}/event/v1/rsvp`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify(rsvpBody(guest, false)),
    });
    if (!created.ok) throw new Error(`first RSVP: ${created.status} ${await created.text()}`);
    signedIn.push(guest);
  }
  return signedIn;
}

/** Every member answers every activity; `flip` alternates the answers so each write changes rows. */
function rsvpBody(guest: SignedInGuest, flip: boolean) {
  return {
    responses: guest.guestIds.flatMap((guestId, g) =>
      guest.activities.map(({ id, meals }) => {
        const attending = (g % 2 === 0) !== flip;
        return { guestId, activityId: id, response: attending ? 'ATTENDING' : 'DECLINED', mealChoice: attending && meals ? 'fish' : null };
      }),
    ),
    plusOnes: [],
    message: flip ? 'See you there!' : '',
  };
}

function report(rows: Row[], seed: Seed, write: boolean): void {
  const lines = [
    `| scenario | conn | req/s | p50 ms | p99 ms | × reference | server CPU µs/req | goal | met |`,
    `| --- | --- | --- | --- | --- | --- | --- | --- | --- |`,
    ...rows.map((r) =>
      `| ${r.name} | ${r.connections} | ${r.reqPerSec.toFixed(0)} | ${r.p50Ms.toFixed(1)} | ${r.p99Ms.toFixed(1)} | ${r.ratioToReference === undefined ? '' : `${(r.ratioToReference * 100).toFixed(1)}%`} | ${r.cpuUs === undefined ? '' : r.cpuUs.toFixed(0)} | ${r.goal}${r.note ? ` (${r.note})` : ''} | ${r.met === undefined ? '' : r.met ? 'yes' : 'NO'} |`,
    ),
  ];
  console.log(`\n${lines.join('\n')}\n`);
  if (!write) return;
  const stamp = new Date().toISOString();
  const database = POSTGRES_URL ? 'PostgreSQL' : 'SQLite (embedded, WAL)';
  const analyzed = POSTGRES_URL ? ' (ANALYZE after seeding, as autovacuum would; autovacuum is off on this machine)' : '';
  const machine = `${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), load average ${loads(loadAtStart)} at the start and ${loads(loadavg())} at the end, Node ${process.version}, ${database}${analyzed}, ${seed.guestIds.length} guests`;
  const result = { date: stamp, node: process.version, cpus: availableParallelism(), database, guests: seed.guestIds.length, rows };
  writeResults(
    POSTGRES_URL ? 'latest-postgres' : 'latest',
    `# Server benchmark ${stamp}\n\n${machine}. Ratios are to the bare Hono route measured in the same run just before the scenarios judged against it (the machine's speed drifts within a run); server CPU is the answering process's CPU time (all threads, from /proc) per request, steadier than req/s on a shared machine.\n\n${lines.join('\n')}`,
    result,
  );
}

main().catch((error: unknown) => {
  for (const child of children) child.kill('SIGTERM');
  console.error(error);
  process.exit(1);
});
