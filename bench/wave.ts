import { rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { createPasswords } from '../server/auth/passwords';
import { PRODUCTION_ARGON2_COST } from '../server/create-deps';
import { spawnServer, type ServerProcess } from '../server/test-support/server-process';
import { reply, REPLY_KINDS, type ReplyTarget } from './wave/guest-reply';
import { hostTraffic, type HostSession } from './wave/host-traffic';
import { loopbackAddress, newClientAgent, send } from './wave/http-client';
import { LatencyLog } from './wave/latency';
import { startMailSink, type MailSink } from './wave/mail-sink';
import { openLoad } from './wave/open-load';
import { readWaveOptions, spreadOccasions, warmUpOccasions, type PlatformSize, type WaveOptions } from './wave/options';
import { accountOf, HOST_PASSWORD, hostToken, occasionOrigin, platformId } from './wave/platform';
import { PlatformReader } from './wave/platform-reader';
import { cpuMs, cpuMsBetween, listenDrops, processesCpuMs, threadCpuMs } from './wave/proc-stats';
import { writeReport, type ScenarioReport } from './wave/report';
import { postgresRunCopy, seededPostgres } from './wave/seed-postgres';
import { runCopy, seededSqlite } from './wave/seed-sqlite';

/**
 * `npm run bench:wave`: the deadline day at platform scale. A seeded platform (cached between
 * runs), the built server as a child process on a fresh copy of it, open-model load (arrivals at
 * a fixed rate whether or not earlier ones answered) from one client address per guest, hosts
 * watching meanwhile, and every confirmation sent to a local SMTP sink. Writes
 * bench/results/wave-<database>.md.
 *
 * Environment:
 * - `WAVE_DB=sqlite|postgres` (default sqlite; postgres when `DATABASE_URL` is postgres://…).
 *   PostgreSQL runs on the server of `DATABASE_URL` or `TEST_DATABASE_URL`, in databases of
 *   their own (`kindly_wave_<size>` seeded, `kindly_wave_run` per run, dropped at the end).
 * - `WAVE_ONLY=spread,large,preflight,scale`: some scenarios only.
 * - `WAVE_SEED=smoke`: a small platform (1,000 occasions, 200 with 10,000 guests) to try the
 *   script; or `WAVE_OCCASIONS`, `WAVE_GUEST_OCCASIONS`, `WAVE_GUESTS`, `WAVE_LARGE_HOUSEHOLDS`.
 * - `WAVE_SPREAD_RATE` (replies/s; 500 SQLite, 200 PostgreSQL), `WAVE_SPREAD_SECONDS` (60),
 *   `WAVE_SPREAD_OCCASIONS` (500); `WAVE_LARGE_RATE` (150 / 100), `WAVE_LARGE_SECONDS` (30: the
 *   5,000 households reply about once each); `WAVE_HOST_RATE` (host requests/s, 4);
 *   `WAVE_WARMUP_RATE` (50) and `WAVE_WARMUP_SECONDS` (20; 0 for none): replies before the waves,
 *   unmeasured, to occasions no wave replies to, as a server up all day has had;
 *   `WAVE_READ_RATE` (200) and `WAVE_READ_SECONDS` (10) for the scale reads;
 *   `WAVE_PREFLIGHT_RATE` (100) and `WAVE_PREFLIGHT_SECONDS` (10); `WAVE_MAIL_WAIT_SECONDS` (120).
 * - `WAVE_EMAIL_HOURLY_LIMIT`: the server's per-occasion hourly email limit (its default if unset).
 * - `KINDLY_BENCH_CACHE`: where SQLite seeds and run copies live (default data/bench/, git-ignored).
 * - `WAVE_CPU_PROF=<folder>`: the server runs under `node --cpu-prof`, its profile written there when it stops.
 * - `WAVE_INSTANCES=2` (PostgreSQL only): two server processes on the one database and the Redis
 *   of `REDIS_URL` (or `REDIS_URL_FOR_TESTS`), each with its email worker; replies alternate
 *   between them, the hosts watch on the second, and each one's share is reported.
 */

const PORT = 18797;
/** The `k`th server instance's URL (its own port; the first one's is the public URL of all). */
const apiOf = (k: number) => `http://127.0.0.1:${PORT + k}`;
const API = apiOf(0);
/** A fixed secret for the benchmark's own server (production refuses to start without one). */
const AUTH_SECRET = 'kindly-wave-benchmark-secret-not-for-deployment-0123456789';
const UNKNOWN_ORIGIN = 'https://not-an-occasion.example';
/** Hosts watching during a wave, and households signed in for the scale reads. */
const WATCHING_HOSTS = 4;
const READ_SESSIONS = 1000;
/** Occasions the warm-up replies to. */
const WARM_UP_OCCASIONS = 100;
/** The goals of the scenarios: `[sqlite, postgres]`. */
const P99_GOAL_MS = 50;
const SIGN_IN_P99_GOAL_MS = 300;
const MAIL_GOAL_SECONDS = 60;
const SCALE_RATIO_GOAL = 1.5;
const PREFLIGHT_P99_GOAL_MS = 5;

/** Addresses are never reused within a run: sign-in is limited per address and occasion. */
let nextAddress = 0;

async function main(): Promise<void> {
  const options = readWaveOptions();
  const started = new Date();
  const passwords = createPasswords(PRODUCTION_ARGON2_COST);
  const passwordHash = () => passwords.hash(HOST_PASSWORD);
  console.log(`Seeding (or finding cached) the platform on ${options.database}: ${describeSize(options.size)}…`);
  const platform = await preparedDatabase(options, options.size, passwordHash, 'kindly_wave_run');
  console.log(platform.seedSeconds ? `  seeded in ${platform.seedSeconds.toFixed(0)} s` : '  cached');
  const sink = await startMailSink();
  const reports: ScenarioReport[] = [];
  try {
    const reader = await PlatformReader.open(platform.target);
    const servers = await startServers(options, platform.serverEnv, sink);
    const server = servers[0]!;
    try {
      if (options.scenarios.has('spread') || options.scenarios.has('large')) await warmUp(options, reader, servers, sink);
      const platformReads = options.scenarios.has('scale') ? await measureReads(options, reader) : undefined;
      if (options.scenarios.has('spread')) reports.push(await spreadWave(options, reader, servers, sink));
      if (options.scenarios.has('large')) reports.push(await largeWave(options, reader, servers, sink));
      if (options.scenarios.has('preflight')) reports.push(await preflight(options));
      if (platformReads) {
        await stopAll(servers, reader);
        const single = await oneOccasionReads(options, passwordHash, sink);
        reports.push(scaleReport(options, platformReads, single));
      }
    } finally {
      await stopAll(servers, reader);
      await platform.drop();
    }
  } finally {
    await sink.close();
  }
  const file = writeReport({ options, started, seedSeconds: platform.seedSeconds, reports });
  console.log(`\nWritten to ${file}`);
}

interface PreparedDatabase {
  /** Where the benchmark reads the run's database. */
  target: { sqliteFile: string } | { databaseUrl: string };
  serverEnv: Record<string, string>;
  seedSeconds: number;
  drop(): Promise<void>;
}

/** The seeded (or cached) platform of `size`, and a fresh copy of it named `runName` for this run. */
async function preparedDatabase(options: WaveOptions, size: PlatformSize, passwordHash: () => Promise<string>, runName: string): Promise<PreparedDatabase> {
  if (options.database === 'postgres') {
    const seeded = await seededPostgres(options.postgresUrl!, size, passwordHash);
    const copy = await postgresRunCopy(options.postgresUrl!, seeded, runName);
    return { target: { databaseUrl: copy.url }, serverEnv: { DATABASE_URL: copy.url }, seedSeconds: seeded.seedSeconds, drop: copy.drop };
  }
  const seeded = await seededSqlite(options.cacheDir, size, passwordHash);
  const dataDir = runCopy(seeded.file, options.cacheDir, runName);
  return {
    target: { sqliteFile: resolve(dataDir, 'kindly.db') },
    serverEnv: { KINDLY_DATA_DIR: dataDir },
    seedSeconds: seeded.seedSeconds,
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** `options.instances` servers on the database, each on its own port, sharing Redis when more than one. */
async function startServers(options: WaveOptions, databaseEnv: Record<string, string>, sink: MailSink): Promise<ServerProcess[]> {
  const shared = options.instances > 1 ? { ...databaseEnv, REDIS_URL: options.redisUrl! } : databaseEnv;
  const servers: ServerProcess[] = [];
  for (let k = 0; k < options.instances; k++) servers.push(await startServer(options, shared, sink, k));
  return servers;
}

async function startServer(options: WaveOptions, databaseEnv: Record<string, string>, sink: MailSink, instance = 0): Promise<ServerProcess> {
  const server = spawnServer(resolve('dist/server/main.js'), {
    ...databaseEnv,
    NODE_ENV: 'production',
    PORT: String(PORT + instance),
    AUTH_SECRET,
    AUTH_URL: API,
    SMTP_URL: sink.url,
    KINDLY_DIST_DIR: resolve('dist'),
    ...(options.emailHourlyLimit ? { EMAIL_HOURLY_LIMIT: options.emailHourlyLimit } : {}),
    // The seeded platform stands for accounts long in use, and the wave measures delivery: no
    // account is new, and no account's daily limit holds a wave's confirmations back.
    EMAIL_NEW_ACCOUNT_DAYS: '0',
    EMAIL_ACCOUNT_DAILY_LIMIT: '1000000',
  }, options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(options.cpuProfDir)}`] : []);
  await server.ready;
  return server;
}

async function stop(server: ServerProcess, reader: PlatformReader): Promise<void> {
  await stopAll([server], reader);
}

async function stopAll(servers: ServerProcess[], reader: PlatformReader): Promise<void> {
  await Promise.all(servers.map((server) => server.stop()));
  await reader.close().catch(() => {});
}

/** The signed-in host of the `o`th occasion (its owner's session cookie). */
function hostOf(o: number): HostSession {
  return { occasionId: platformId('occasion', o), cookie: `authjs.session-token=${hostToken(accountOf(o))}` };
}

/**
 * Replies at `warmUp.rate` for `warmUp.seconds` before the waves, to occasions no wave replies to,
 * unmeasured; then waits until their confirmations are delivered. A server on the deadline day has
 * been answering guests for hours: without this the waves' first seconds measure V8 compiling the
 * server's code and SQLite's caches filling, not the day.
 */
async function warmUp(options: WaveOptions, reader: PlatformReader, servers: ServerProcess[], sink: MailSink): Promise<void> {
  const { rate, seconds } = options.warmUp;
  if (seconds === 0) return;
  const spare = warmUpOccasions(options, WARM_UP_OCCASIONS);
  const targets = await reader.replyTargets(spare);
  if (targets.length === 0) return;
  console.log(`\nWarming up: ${rate} replies/s for ${seconds} s to ${targets.length.toLocaleString('en')} households of other occasions (unmeasured)…`);
  const since = new Date().toISOString();
  const mailBefore = sink.arrivals.length;
  const log = new LatencyLog();
  const hosts = spare.slice(0, WATCHING_HOSTS).map(hostOf);
  await Promise.all([
    openLoad(rate, seconds, async (i, scheduledAt) => {
      await reply(apiOf(i % servers.length), targets[i % targets.length]!, loopbackAddress(nextAddress++), scheduledAt, log);
    }),
    hostTraffic(apiOf(servers.length - 1), hosts, options.hostRate, seconds, log),
  ]);
  const mail = await waitForMail(sink, mailBefore, () => reader.confirmationsSince(since), options.mailWaitSeconds);
  console.log(`  ${log.summary(REPLY_KINDS[4]).count.toLocaleString('en')} replies answered, ${log.totalErrors()} errors; ${mail.arrived.toLocaleString('en')} of ${mail.expected.toLocaleString('en')} confirmations delivered`);
}

/** Replies to `spread.occasions` occasions spread over the platform, each household in turn. */
async function spreadWave(options: WaveOptions, reader: PlatformReader, servers: ServerProcess[], sink: MailSink): Promise<ScenarioReport> {
  const { rate, seconds, occasions } = options.spread;
  const picked = spreadOccasions(options);
  const targets = await reader.replyTargets(picked);
  return wave(options, reader, servers, sink, {
    name: `Replies spread over ${occasions} occasions (${targets.length.toLocaleString('en')} households)`,
    rate,
    seconds,
    rateGoal: `${options.database === 'postgres' ? 200 : 500} replies/s for 60 s`,
    met: rate >= (options.database === 'postgres' ? 200 : 500) && seconds >= 60,
    targets,
    hosts: picked.slice(0, WATCHING_HOSTS),
  });
}

/** Replies to the large occasion. */
async function largeWave(options: WaveOptions, reader: PlatformReader, servers: ServerProcess[], sink: MailSink): Promise<ScenarioReport> {
  const { rate, seconds } = options.large;
  const targets = await reader.replyTargets([0]);
  return wave(options, reader, servers, sink, {
    name: `Replies to one large occasion (${targets.length.toLocaleString('en')} households)`,
    rate,
    seconds,
    rateGoal: `${options.database === 'postgres' ? 100 : 150} replies/s`,
    met: rate >= (options.database === 'postgres' ? 100 : 150),
    targets,
    hosts: [0],
  });
}

interface WavePlan {
  name: string;
  rate: number;
  seconds: number;
  /** The scenario's goal, and whether the offered load reaches it. */
  rateGoal: string;
  met: boolean;
  targets: ReplyTarget[];
  /** The occasions whose hosts watch meanwhile. */
  hosts: number[];
}

async function wave(options: WaveOptions, reader: PlatformReader, servers: ServerProcess[], sink: MailSink, plan: WavePlan): Promise<ScenarioReport> {
  console.log(`\n${plan.name}: ${plan.rate} replies/s for ${plan.seconds} s…`);
  if (plan.targets.length === 0) throw new Error(`${plan.name}: no households found`);
  const log = new LatencyLog();
  const since = new Date().toISOString();
  const mailBefore = sink.arrivals.length;
  const dropsBefore = listenDrops();
  const cpuBefore = servers.map((server) => cpuMs(server.child.pid));
  const requestThreadBefore = servers.map((server) => threadCpuMs(server.child.pid));
  const generatorBefore = process.cpuUsage();
  const postgresBefore = options.database === 'postgres' ? processesCpuMs('postgres') : undefined;
  const waveStarted = performance.now();
  let replied = 0;
  /** Replies answered by each instance (reply `i` goes to instance `i mod n`). */
  const repliedBy = servers.map(() => 0);
  const p99Goal = (kind: string) => (kind === REPLY_KINDS[0] ? SIGN_IN_P99_GOAL_MS : P99_GOAL_MS);
  const hosts = plan.hosts.map(hostOf);
  const [load, revalidations] = await Promise.all([
    openLoad(plan.rate, plan.seconds, async (i, scheduledAt) => {
      const k = i % servers.length;
      if (await reply(apiOf(k), plan.targets[i % plan.targets.length]!, loopbackAddress(nextAddress++), scheduledAt, log)) {
        replied += 1;
        repliedBy[k]! += 1;
      }
    }),
    hostTraffic(apiOf(servers.length - 1), hosts, options.hostRate, plan.seconds, log),
  ]);
  const cpuUsed = servers.map((server, k) => cpuMs(server.child.pid) - cpuBefore[k]!);
  const cpuPerReply = cpuUsed.reduce((sum, used) => sum + used, 0) / Math.max(1, replied);
  const cores = coresUsed(performance.now() - waveStarted, {
    serverMs: cpuUsed,
    requestThreadMs: servers.map((server, k) => threadCpuMs(server.child.pid) - requestThreadBefore[k]!),
    generator: process.cpuUsage(generatorBefore),
    postgresMs: postgresBefore && cpuMsBetween(postgresBefore, processesCpuMs('postgres')),
  });
  const shares = servers.length > 1
    ? [{
        what: 'each instance\'s share (replies answered; server CPU while the wave ran)',
        figure: servers.map((_, k) => `instance ${k + 1}: ${repliedBy[k]!.toLocaleString('en')} replies, ${(cpuUsed[k]! / 1000).toFixed(1)} s CPU`).join('; ') + '; the hosts watched on the last',
      }]
    : [];
  log.failed('guest: reply unanswered when the wait ended', 'unanswered', load.unanswered);
  const errors = log.totalErrors() + load.shed;
  const rows = log.kinds().map((kind) => {
    const summary = log.summary(kind);
    return { ...summary, goal: `p99 ≤ ${p99Goal(kind)} ms, no errors`, met: summary.p99 <= p99Goal(kind) && summary.errors === 0 };
  });
  const examples = [...log.examples];
  const mail = await waitForMail(sink, mailBefore, () => reader.confirmationsSince(since), options.mailWaitSeconds);
  const expected = mail.expected;
  const dropsAfter = listenDrops();
  const drops = dropsAfter.drops - dropsBefore.drops;
  const overflows = dropsAfter.overflows - dropsBefore.overflows;
  const lastMailSeconds = mail.last === undefined ? NaN : (mail.last - load.endedAt) / 1000;
  const planned = Math.round(plan.rate * plan.seconds);
  const lastMail = Number.isNaN(lastMailSeconds) ? 'none arrived' : `${lastMailSeconds.toFixed(1)} s after the last reply answered`;
  const expectedNote = plan.targets.length < planned ? `; ${planned.toLocaleString('en')} replies to ${plan.targets.length.toLocaleString('en')} households, so most reply more than once (PUT) and a change made while its confirmation waits adds none` : '';
  return {
    name: plan.name,
    rows,
    facts: [
      {
        what: `replies answered (${plan.rate}/s offered for ${plan.seconds} s)`,
        figure: `${replied.toLocaleString('en')} of ${planned.toLocaleString('en')}${load.shed ? ` (${load.shed.toLocaleString('en')} not sent: too many waiting)` : ''}; the generator started arrivals at most ${load.maxLagMs.toFixed(0)} ms late`,
        goal: `${plan.rateGoal}, all answered`,
        met: plan.met && replied === planned,
      },
      { what: 'errors (every request; replies not sent or unanswered count too)', figure: String(errors), goal: '0', met: errors === 0 },
      { what: 'connection attempts dropped by the kernel (ListenDrops, the whole machine\'s)', figure: `${drops} (${overflows} at a full listen queue)`, goal: '0', met: drops === 0 },
      { what: `server CPU per reply (user + system, while the wave ran, the email worker's share included${servers.length > 1 ? ', both instances' : ''})`, figure: `${cpuPerReply.toFixed(2)} ms` },
      cores,
      ...shares,
      {
        what: 'confirmations delivered to the SMTP sink',
        figure: `${mail.arrived.toLocaleString('en')} of ${expected.toLocaleString('en')} queued; last ${lastMail}${expectedNote}`,
        goal: `all within ${MAIL_GOAL_SECONDS} s of the wave's end`,
        met: mail.arrived >= expected && expected > 0 && lastMailSeconds <= MAIL_GOAL_SECONDS,
      },
      { what: 'host revalidations of the guest list', figure: `${revalidations.notModified} answered 304, ${revalidations.changed} with a changed list` },
    ],
    examples,
  };
}

interface CpuUsed {
  /** Each server process's CPU, ms. */
  serverMs: number[];
  /** Each server's request thread's CPU, ms. */
  requestThreadMs: number[];
  /** This process's: the load generator, the hosts and the SMTP sink. */
  generator: NodeJS.CpuUsage;
  /** PostgreSQL's processes', ms, on PostgreSQL. */
  postgresMs: number | undefined;
}

/**
 * Where the machine's cores went while the wave ran: how busy each server's request thread was
 * (one thread answers every request: at 100% the server is saturated whatever the machine has
 * left), each server in all, the bench process and PostgreSQL's processes.
 */
function coresUsed(wallMs: number, used: CpuUsed): { what: string; figure: string } {
  const share = (ms: number) => ms / wallMs;
  const instance = (k: number) => (used.serverMs.length > 1 ? ` (instance ${k + 1})` : '');
  const threads = used.requestThreadMs.map((ms, k) => `${(share(ms) * 100).toFixed(0)}%${instance(k)}`).join(', ');
  const servers = used.serverMs.map((ms, k) => `${share(ms).toFixed(2)}${instance(k)}`).join(', ');
  const generator = share((used.generator.user + used.generator.system) / 1000).toFixed(2);
  const postgres = used.postgresMs === undefined ? '' : `; PostgreSQL's processes ${share(used.postgresMs).toFixed(2)}`;
  return {
    what: `cores in use while the wave ran (of ${cpus().length})`,
    figure: `the server's request thread busy ${threads} of the time; the server in all ${servers}; the load generator with the SMTP sink ${generator}${postgres}`,
  };
}

/** Waits until the sink has as many messages as the server queued (counted again as it goes), at most `seconds`. */
async function waitForMail(sink: MailSink, before: number, queued: () => Promise<number>, seconds: number): Promise<{ arrived: number; expected: number; last: number | undefined }> {
  const deadline = performance.now() + seconds * 1000;
  let expected = await queued();
  while (sink.arrivals.length - before < expected && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    expected = await queued();
  }
  const arrived = sink.arrivals.length - before;
  return { arrived, expected, last: arrived ? sink.arrivals[sink.arrivals.length - 1] : undefined };
}

/** CORS preflights from an origin no occasion allows, at a fixed rate. */
async function preflight(options: WaveOptions): Promise<ScenarioReport> {
  const { rate, seconds } = options.preflight;
  console.log(`\nCORS preflight from an unknown origin: ${rate}/s for ${seconds} s…`);
  const log = new LatencyLog();
  const kind = 'preflight: OPTIONS /event/v1/rsvp, unknown origin';
  const agents = Array.from({ length: 8 }, () => newClientAgent());
  const load = await openLoad(rate, seconds, async (i, scheduledAt) => {
    try {
      const answer = await send(`${API}/event/v1/rsvp`, {
        method: 'OPTIONS',
        agent: agents[i % agents.length]!,
        headers: { origin: UNKNOWN_ORIGIN, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization, content-type' },
      });
      // Answered, but without the origin's permission.
      if (answer.status === 204 && answer.headers['access-control-allow-origin'] === undefined) log.ok(kind, performance.now() - scheduledAt);
      else log.failed(kind, `${answer.status} allow-origin ${String(answer.headers['access-control-allow-origin'])}`);
    } catch (error) {
      log.failed(kind, (error as Error).message);
    }
  });
  log.failed(kind, 'not sent: too many waiting', load.shed);
  log.failed(kind, 'unanswered when the wait ended', load.unanswered);
  const summary = log.summary(kind);
  for (const agent of agents) agent.destroy();
  return {
    name: `CORS preflight from an unknown origin (the platform's ${options.size.occasions.toLocaleString('en')} occasions, each allowing its own site)`,
    rows: [{ ...summary, goal: `p99 ≤ ${PREFLIGHT_P99_GOAL_MS} ms`, met: summary.p99 <= PREFLIGHT_P99_GOAL_MS && summary.errors === 0 }],
    facts: [],
    examples: log.examples,
  };
}

const READ_KINDS = { info: 'guest: GET info', guest: 'host: GET one guest' } as const;

/**
 * Reads of the large occasion (occasion 0): a guest's info (bearer tokens of many households)
 * and the host's read of one guest, in turn at a fixed rate, after as long again to warm up.
 */
async function measureReads(options: WaveOptions, reader: PlatformReader): Promise<LatencyLog> {
  const { rate, seconds } = options.reads;
  console.log(`\nReads of the large occasion: ${rate}/s for ${seconds} s (after ${seconds} s to warm up)…`);
  const targets = (await reader.replyTargets([0])).slice(0, READ_SESSIONS);
  const guestIds = await reader.guestIds(platformId('occasion', 0), READ_SESSIONS);
  const tokens = await signInAll(targets);
  const { cookie } = hostOf(0);
  const agents = Array.from({ length: 8 }, () => newClientAgent());
  const run = async (log: LatencyLog) => {
    const load = await openLoad(rate, seconds, async (i, scheduledAt) => {
      const info = i % 2 === 0;
      const kind = info ? READ_KINDS.info : READ_KINDS.guest;
      const n = Math.floor(i / 2);
      const path = info ? '/event/v1/info' : `/host/v1/occasion/${platformId('occasion', 0)}/guest/${guestIds[n % guestIds.length]}`;
      const headers: Record<string, string> = info ? { authorization: `Bearer ${tokens[n % tokens.length]}`, origin: occasionOrigin(0) } : { cookie };
      try {
        const answer = await send(`${API}${path}`, { agent: agents[i % agents.length]!, headers });
        if (answer.status === 200) log.ok(kind, performance.now() - scheduledAt);
        else log.failed(kind, `${answer.status} ${answer.body.slice(0, 200)}`);
      } catch (error) {
        log.failed(kind, (error as Error).message);
      }
    });
    log.failed(READ_KINDS.info, 'not sent: too many waiting', load.shed);
    log.failed(READ_KINDS.info, 'unanswered when the wait ended', load.unanswered);
  };
  await run(new LatencyLog());
  const log = new LatencyLog();
  await run(log);
  for (const agent of agents) agent.destroy();
  return log;
}

/** Signs each household in once (from addresses of their own, 50 at a time); answers the bearer tokens. */
async function signInAll(targets: ReplyTarget[]): Promise<string[]> {
  const tokens: string[] = [];
  for (let start = 0; start < targets.length; start += 50) tokens.push(...(await Promise.all(targets.slice(start, start + 50).map((target) => setUpSignIn(target)))));
  return tokens;
}

/**
 * One sign-in before a measurement, unmeasured. A server just started on a platform copied a
 * moment ago can be a second behind while the copy is written back, and then refuses sign-ins
 * with 503 and `Retry-After`: as the widget would, this asks again after that time.
 */
async function setUpSignIn(target: ReplyTarget, triesLeft = 5): Promise<string> {
  const agent = newClientAgent();
  const answer = await send(`${API}/event/v1/auth/credentials`, {
    method: 'POST',
    agent,
    localAddress: loopbackAddress(nextAddress++),
    headers: { 'content-type': 'application/json', origin: target.origin },
    body: JSON.stringify({ occasionId: target.occasionId, inviteCode: target.inviteCode }),
  });
  agent.destroy();
  if (answer.status === 503 && triesLeft > 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000 * Number(answer.headers['retry-after'] ?? 1)));
    return setUpSignIn(target, triesLeft - 1);
  }
  if (answer.status !== 200) throw new Error(`sign-in for the reads: ${answer.status} ${answer.body.slice(0, 200)}`);
  return (JSON.parse(answer.body) as { token: string }).token;
}

/** The same reads on a database holding the large occasion alone (the same rows: it is the platform's first occasion). */
async function oneOccasionReads(options: WaveOptions, passwordHash: () => Promise<string>, sink: MailSink): Promise<LatencyLog> {
  const size: PlatformSize = { occasions: 1, guestOccasions: 1, guests: options.size.largeHouseholds * 5, largeHouseholds: options.size.largeHouseholds };
  console.log('\nThe one-occasion database…');
  const single = await preparedDatabase(options, size, passwordHash, 'kindly_wave_single');
  const reader = await PlatformReader.open(single.target);
  const server = await startServer(options, single.serverEnv, sink);
  try {
    return await measureReads(options, reader);
  } finally {
    await stop(server, reader);
    await single.drop();
  }
}

function scaleReport(options: WaveOptions, platform: LatencyLog, single: LatencyLog): ScenarioReport {
  const rows = Object.values(READ_KINDS).flatMap((kind) => {
    const onPlatform = platform.summary(kind);
    const alone = single.summary(kind);
    const ratio = Math.max(onPlatform.p50 / alone.p50, onPlatform.p99 / alone.p99);
    const met = ratio <= SCALE_RATIO_GOAL && onPlatform.errors + alone.errors === 0;
    return [
      { ...onPlatform, kind: `${kind}, platform`, goal: `p50 and p99 ≤ ${SCALE_RATIO_GOAL}× the one-occasion database's`, met },
      { ...alone, kind: `${kind}, one-occasion database`, goal: `(ratio ${ratio.toFixed(2)})` },
    ];
  });
  return {
    name: `Reads of the large occasion on the ${options.size.guests.toLocaleString('en')}-guest platform and on a database of that occasion alone (${options.reads.rate}/s for ${options.reads.seconds} s each)`,
    rows,
    facts: [],
    examples: [...platform.examples, ...single.examples],
  };
}

function describeSize(size: PlatformSize): string {
  return `${size.occasions.toLocaleString('en')} occasions, ${size.guestOccasions.toLocaleString('en')} of them with ${size.guests.toLocaleString('en')} guests, one of ${size.largeHouseholds.toLocaleString('en')} households`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
