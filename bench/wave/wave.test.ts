import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normaliseInviteCode } from '../../core/schemas/event';
import { loopbackAddress } from './http-client';
import { openLoad } from './open-load';
import { cpuMs, cpuMsBetween, processesCpuMs, threadCpuMs } from './proc-stats';
import { readWaveOptions, spreadOccasions, warmUpOccasions } from './options';
import { inviteCode, platformRows, TABLES, type TableName } from './platform';

const SIZE = { occasions: 40, guestOccasions: 10, guests: 600, largeHouseholds: 50 };

function collect() {
  const rows = new Map<TableName, Array<Array<string | number>>>();
  for (const [table, row] of platformRows(SIZE, 'hash')) rows.set(table, [...(rows.get(table) ?? []), row]);
  return rows;
}

describe('the seeded platform', () => {
  const rows = collect();
  const column = (table: TableName, name: string) => Object.keys(TABLES[table]).indexOf(name);

  it('holds every occasion, the guests asked for, and the large occasion first', () => {
    expect(rows.get('occasion')).toHaveLength(40);
    expect(rows.get('guest')).toHaveLength(600);
    expect(rows.get('activity')).toHaveLength(20);
    expect(rows.get('question')).toHaveLength(20);
    const firstOccasion = rows.get('occasion')![0]![0];
    const households = rows.get('household')!;
    expect(households.filter((h) => h[column('household', 'occasionId')] === firstOccasion)).toHaveLength(50);
  });

  it('gives every occasion with guests some households of one to five, and invites every guest to both activities', () => {
    const sizes = new Map<unknown, number>();
    for (const guest of rows.get('guest')!) sizes.set(guest[column('guest', 'householdId')], (sizes.get(guest[column('guest', 'householdId')]) ?? 0) + 1);
    expect(Math.min(...sizes.values())).toBeGreaterThanOrEqual(1);
    expect(Math.max(...sizes.values())).toBeLessThanOrEqual(5);
    const occasionsWithGuests = new Set(rows.get('guest')!.map((guest) => guest[column('guest', 'occasionId')]));
    expect(occasionsWithGuests.size).toBe(10);
    expect(rows.get('inviteLine')).toHaveLength(1200);
  });

  it('is the same every time', () => {
    expect(collect()).toEqual(rows);
  });

  it('prints invite codes as guests type them, distinct', () => {
    const codes = Array.from({ length: 1000 }, (_, n) => inviteCode(n));
    for (const code of codes) expect(normaliseInviteCode(code)).toBe(code);
    expect(new Set(codes).size).toBe(1000);
  });
});

describe('openLoad', () => {
  it('starts arrivals on schedule while earlier ones still wait (an open model, not a closed loop)', async () => {
    const startedAt: number[] = [];
    const began = performance.now();
    const result = await openLoad(50, 1, async () => {
      startedAt.push(performance.now() - began);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(result.started).toBe(50);
    expect(result.finished).toBe(50);
    // A closed loop of one would need 50 × 300 ms; here the last arrival starts near 980 ms.
    expect(startedAt[49]).toBeLessThan(1500);
    expect(performance.now() - began).toBeLessThan(2500);
  });
});

describe('threadCpuMs', () => {
  it('reads the CPU time of one thread, which grows with work on it and stays within the process’s', () => {
    const before = threadCpuMs(process.pid);
    // Work on this thread until /proc counts 50 ms more of it (a shared machine may take a while).
    const giveUp = performance.now() + 10_000;
    let after = before;
    while (after < before + 50 && performance.now() < giveUp) {
      for (let i = 0; i < 100_000; i++) Math.sqrt(i);
      after = threadCpuMs(process.pid);
    }
    expect(after - before).toBeGreaterThanOrEqual(50);
    expect(cpuMs(process.pid)).toBeGreaterThanOrEqual(after);
    expect(threadCpuMs(process.pid, 999_999_999)).toBeNaN();
  });
});

describe('processesCpuMs', () => {
  it('finds the processes of a command by name, this one among them', () => {
    const comm = readFileSync(`/proc/${process.pid}/comm`, 'utf8').trim();
    const found = processesCpuMs(comm);
    expect(found.get(process.pid)).toBeGreaterThan(0);
    expect(processesCpuMs('no-such-command-here').size).toBe(0);
  });

  it('counts between two readings a process started meanwhile whole and one ended meanwhile not at all', () => {
    const before = new Map([[10, 100], [11, 50]]);
    const after = new Map([[10, 130], [12, 20]]);
    expect(cpuMsBetween(before, after)).toBe(50);
  });
});

describe('loopbackAddress', () => {
  it('gives each client its own loopback address', () => {
    const addresses = Array.from({ length: 200_000 }, (_, n) => loopbackAddress(n));
    expect(new Set(addresses).size).toBe(200_000);
    for (const address of addresses.slice(0, 1000)) expect(address).toMatch(/^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
    expect(addresses.every((address) => !address.endsWith('.0') && !address.endsWith('.255'))).toBe(true);
  });
});

describe('readWaveOptions', () => {
  it('takes the goals of the database as the default rates', () => {
    const postgres = readWaveOptions({ WAVE_DB: 'postgres', TEST_DATABASE_URL: 'postgres://127.0.0.1/test' });
    expect(postgres.spread.rate).toBe(200);
    expect(postgres.large.rate).toBe(100);
    expect(postgres.fullSize).toBe(true);
    const sqlite = readWaveOptions({});
    expect(sqlite.database).toBe('sqlite');
    expect(sqlite.spread.rate).toBe(500);
    expect(sqlite.size.guests).toBe(1_000_000);
  });

  it('reads a smoke size and overrides', () => {
    const options = readWaveOptions({ WAVE_SEED: 'smoke', WAVE_SPREAD_RATE: '20', WAVE_ONLY: 'spread,preflight' });
    expect(options.fullSize).toBe(false);
    expect(options.spread.rate).toBe(20);
    expect([...options.scenarios]).toEqual(['spread', 'preflight']);
  });

  it('starts two instances only on PostgreSQL with a Redis to share', () => {
    expect(readWaveOptions({}).instances).toBe(1);
    const two = readWaveOptions({ WAVE_DB: 'postgres', TEST_DATABASE_URL: 'postgres://127.0.0.1/test', WAVE_INSTANCES: '2', REDIS_URL_FOR_TESTS: 'redis://127.0.0.1:6379' });
    expect(two.instances).toBe(2);
    expect(two.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(() => readWaveOptions({ WAVE_INSTANCES: '2', REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/never a SQLite file/);
    expect(() => readWaveOptions({ WAVE_DB: 'postgres', TEST_DATABASE_URL: 'postgres://127.0.0.1/test', WAVE_INSTANCES: '2' })).toThrow(/REDIS_URL/);
    expect(() => readWaveOptions({ WAVE_INSTANCES: '3' })).toThrow(/bench:wave options/);
  });

  it('warms up on occasions no wave replies to, or not at all', () => {
    const full = readWaveOptions({});
    expect(full.warmUp).toEqual({ rate: 50, seconds: 20 });
    const warm = warmUpOccasions(full, 100);
    expect(warm).toHaveLength(100);
    const waved = new Set([0, ...spreadOccasions(full)]);
    expect(warm.filter((o) => waved.has(o))).toEqual([]);
    expect(Math.max(...warm)).toBe(full.size.guestOccasions - 1);
    // The smoke platform's spread wave takes every occasion with guests: none is left to warm up on.
    expect(warmUpOccasions(readWaveOptions({ WAVE_SEED: 'smoke' }), 100)).toEqual([]);
    expect(readWaveOptions({ WAVE_WARMUP_SECONDS: '0' }).warmUp.seconds).toBe(0);
    expect(() => readWaveOptions({ WAVE_WARMUP_SECONDS: '-1' })).toThrow(/bench:wave options/);
  });

  it('refuses malformed values with a sentence', () => {
    expect(() => readWaveOptions({ WAVE_SPREAD_RATE: 'fast' })).toThrow(/bench:wave options/);
    expect(() => readWaveOptions({ WAVE_ONLY: 'spread,lunch' })).toThrow(/unknown scenario lunch/);
    expect(() => readWaveOptions({ WAVE_DB: 'postgres' })).toThrow(/TEST_DATABASE_URL/);
    expect(() => readWaveOptions({ WAVE_OCCASIONS: '10', WAVE_GUEST_OCCASIONS: '20' })).toThrow(/impossible platform/);
  });
});
