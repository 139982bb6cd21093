import * as v from 'valibot';

/** The scenarios `WAVE_ONLY` can pick. */
export const SCENARIOS = ['spread', 'large', 'preflight', 'scale'] as const;
export type Scenario = (typeof SCENARIOS)[number];

/** How big the seeded platform is. */
export interface PlatformSize {
  /** Every occasion; only the first `guestOccasions` have guests (the rest are drafts with allowed origins). */
  occasions: number;
  guestOccasions: number;
  guests: number;
  /** Households of the one large occasion (the first). */
  largeHouseholds: number;
}

const FULL: PlatformSize = { occasions: 100_000, guestOccasions: 20_000, guests: 1_000_000, largeHouseholds: 5_000 };
const SMOKE: PlatformSize = { occasions: 1_000, guestOccasions: 200, guests: 10_000, largeHouseholds: 300 };

const count = (fallback: number) =>
  v.optional(
    v.pipe(v.string(), v.transform(Number), v.number(), v.integer(), v.minValue(1)),
    String(fallback),
  );
/** A whole number of at least 1 whose default depends on other options. */
const givenCount = v.optional(v.pipe(v.string(), v.transform(Number), v.number(), v.integer(), v.minValue(1)));

/** A positive number up to 600: seconds, or a rate a second. */
const upTo600 = (fallback: number) =>
  v.optional(v.pipe(v.string(), v.transform(Number), v.number(), v.minValue(0.5), v.maxValue(600)), String(fallback));

const EnvSchema = v.object({
  WAVE_DB: v.optional(v.picklist(['sqlite', 'postgres'])),
  DATABASE_URL: v.optional(v.string()),
  TEST_DATABASE_URL: v.optional(v.string()),
  WAVE_ONLY: v.optional(v.string()),
  WAVE_SEED: v.optional(v.picklist(['full', 'smoke']), 'full'),
  WAVE_OCCASIONS: givenCount,
  WAVE_GUEST_OCCASIONS: givenCount,
  WAVE_GUESTS: givenCount,
  WAVE_LARGE_HOUSEHOLDS: givenCount,
  WAVE_SPREAD_RATE: givenCount,
  WAVE_SPREAD_SECONDS: upTo600(60),
  WAVE_SPREAD_OCCASIONS: count(500),
  WAVE_LARGE_RATE: givenCount,
  WAVE_LARGE_SECONDS: upTo600(30),
  WAVE_WARMUP_RATE: count(50),
  WAVE_WARMUP_SECONDS: v.optional(v.pipe(v.string(), v.transform(Number), v.number(), v.minValue(0), v.maxValue(600)), '20'),
  WAVE_HOST_RATE: upTo600(4),
  WAVE_READ_RATE: count(200),
  WAVE_READ_SECONDS: upTo600(10),
  WAVE_PREFLIGHT_RATE: count(100),
  WAVE_PREFLIGHT_SECONDS: upTo600(10),
  WAVE_MAIL_WAIT_SECONDS: upTo600(120),
  WAVE_EMAIL_HOURLY_LIMIT: v.optional(v.string()),
  KINDLY_BENCH_CACHE: v.optional(v.string()),
  WAVE_CPU_PROF: v.optional(v.string()),
  WAVE_INSTANCES: v.optional(v.picklist(['1', '2']), '1'),
  REDIS_URL: v.optional(v.string()),
  REDIS_URL_FOR_TESTS: v.optional(v.string()),
});

export interface WaveOptions {
  database: 'sqlite' | 'postgres';
  /** The PostgreSQL server's URL (any database on it), when `database` is postgres. */
  postgresUrl: string | undefined;
  scenarios: ReadonlySet<Scenario>;
  size: PlatformSize;
  /** Whether the size is the full platform (results are then written as the latest run). */
  fullSize: boolean;
  spread: { rate: number; seconds: number; occasions: number };
  large: { rate: number; seconds: number };
  /** Replies before the waves, unmeasured, on occasions no wave replies to (0 seconds: none). */
  warmUp: { rate: number; seconds: number };
  hostRate: number;
  reads: { rate: number; seconds: number };
  preflight: { rate: number; seconds: number };
  mailWaitSeconds: number;
  /** `EMAIL_HOURLY_LIMIT` for the server; undefined keeps the server's default. */
  emailHourlyLimit: string | undefined;
  cacheDir: string;
  /** A folder for the server's CPU profiles (`node --cpu-prof`), written when it stops; none unless given. */
  cpuProfDir: string | undefined;
  /** Server processes sharing the database (2 only on PostgreSQL, with `redisUrl`). */
  instances: number;
  redisUrl: string | undefined;
}

/** Reads the options from the environment once; a malformed value ends the run with the schema's message. */
export function readWaveOptions(env: NodeJS.ProcessEnv = process.env): WaveOptions {
  const parsed = v.safeParse(EnvSchema, env);
  if (!parsed.success) throw new Error(`bench:wave options: ${v.summarize(parsed.issues)}`);
  const e = parsed.output;
  const givenUrl = e.DATABASE_URL?.startsWith('postgres') ? e.DATABASE_URL : undefined;
  const database = e.WAVE_DB ?? (givenUrl ? 'postgres' : 'sqlite');
  const postgresUrl = givenUrl ?? e.TEST_DATABASE_URL;
  if (database === 'postgres' && !postgresUrl) throw new Error('WAVE_DB=postgres needs DATABASE_URL or TEST_DATABASE_URL (postgres://…).');
  const base = e.WAVE_SEED === 'smoke' ? SMOKE : FULL;
  const number = (given: number | undefined, fallback: number) => given ?? fallback;
  const size: PlatformSize = {
    occasions: number(e.WAVE_OCCASIONS, base.occasions),
    guestOccasions: number(e.WAVE_GUEST_OCCASIONS, base.guestOccasions),
    guests: number(e.WAVE_GUESTS, base.guests),
    largeHouseholds: number(e.WAVE_LARGE_HOUSEHOLDS, base.largeHouseholds),
  };
  checkSize(size);
  const only = e.WAVE_ONLY ? e.WAVE_ONLY.split(',').map((name) => name.trim()) : [...SCENARIOS];
  const unknown = only.filter((name) => !(SCENARIOS as readonly string[]).includes(name));
  if (unknown.length) throw new Error(`WAVE_ONLY: unknown scenario ${unknown.join(', ')} (known: ${SCENARIOS.join(', ')}).`);
  const postgres = database === 'postgres';
  const instances = Number(e.WAVE_INSTANCES);
  const redisUrl = e.REDIS_URL || e.REDIS_URL_FOR_TESTS || undefined;
  if (instances > 1 && !postgres) throw new Error('WAVE_INSTANCES=2 needs WAVE_DB=postgres: instances share a PostgreSQL database, never a SQLite file.');
  if (instances > 1 && !redisUrl) throw new Error('WAVE_INSTANCES=2 needs REDIS_URL (or REDIS_URL_FOR_TESTS): the instances share their rate limits there.');
  return {
    database,
    postgresUrl,
    scenarios: new Set(only as Scenario[]),
    size,
    fullSize: JSON.stringify(size) === JSON.stringify(FULL),
    spread: {
      rate: number(e.WAVE_SPREAD_RATE, postgres ? 200 : 500),
      seconds: Number(e.WAVE_SPREAD_SECONDS),
      occasions: Math.min(Number(e.WAVE_SPREAD_OCCASIONS), size.guestOccasions - 1),
    },
    large: { rate: number(e.WAVE_LARGE_RATE, postgres ? 100 : 150), seconds: Number(e.WAVE_LARGE_SECONDS) },
    warmUp: { rate: Number(e.WAVE_WARMUP_RATE), seconds: Number(e.WAVE_WARMUP_SECONDS) },
    hostRate: Number(e.WAVE_HOST_RATE),
    reads: { rate: Number(e.WAVE_READ_RATE), seconds: Number(e.WAVE_READ_SECONDS) },
    preflight: { rate: Number(e.WAVE_PREFLIGHT_RATE), seconds: Number(e.WAVE_PREFLIGHT_SECONDS) },
    mailWaitSeconds: Number(e.WAVE_MAIL_WAIT_SECONDS),
    emailHourlyLimit: e.WAVE_EMAIL_HOURLY_LIMIT || undefined,
    cacheDir: e.KINDLY_BENCH_CACHE ?? 'data/bench',
    cpuProfDir: e.WAVE_CPU_PROF || undefined,
    instances,
    redisUrl,
  };
}

/** The occasions the spread wave replies to: `spread.occasions` of them, spread over the platform (never the large one, 0). */
export function spreadOccasions(options: Pick<WaveOptions, 'size' | 'spread'>): number[] {
  const { occasions } = options.spread;
  const step = (options.size.guestOccasions - 1) / occasions;
  return Array.from({ length: occasions }, (_, k) => 1 + Math.floor(k * step));
}

/** Up to `count` occasions with guests that no wave replies to, from the last one down: the warm-up's. */
export function warmUpOccasions(options: Pick<WaveOptions, 'size' | 'spread'>, count: number): number[] {
  const used = new Set([0, ...spreadOccasions(options)]);
  const last = options.size.guestOccasions - 1;
  return Array.from({ length: last }, (_, k) => last - k).filter((o) => !used.has(o)).slice(0, count);
}

function checkSize(size: PlatformSize): void {
  const { occasions, guestOccasions, guests, largeHouseholds } = size;
  const whole = Object.values(size).every((value) => Number.isInteger(value) && value >= 1);
  if (!whole || guestOccasions > occasions || guestOccasions < 2 || largeHouseholds * 5 > guests) {
    throw new Error(`bench:wave: an impossible platform ${JSON.stringify(size)} (guest occasions ≤ occasions, at least 2; the large occasion's households fit in the guests).`);
  }
}
