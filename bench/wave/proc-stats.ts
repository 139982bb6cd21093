import { readdirSync, readFileSync } from 'node:fs';

/** Linux's USER_HZ, what /proc counts CPU time in. */
const CLOCK_TICKS_PER_SECOND = 100;

/** User and system CPU time of a process (every thread), ms; NaN when /proc cannot tell. */
export function cpuMs(pid: number | undefined): number {
  return statCpuMs(`/proc/${pid}/stat`);
}

/** User and system CPU time of one thread of a process, ms (the main thread's id is the process's); NaN when /proc cannot tell. */
export function threadCpuMs(pid: number | undefined, tid = pid): number {
  return statCpuMs(`/proc/${pid}/task/${tid}/stat`);
}

/** CPU time, ms, of each process whose command is `name` (PostgreSQL's backends and helpers: `postgres`), by pid. */
export function processesCpuMs(name: string): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== name) continue;
    } catch {
      continue; // ended meanwhile
    }
    const ms = statCpuMs(`/proc/${entry}/stat`);
    if (!Number.isNaN(ms)) found.set(Number(entry), ms);
  }
  return found;
}

/** CPU time used between two readings of {@link processesCpuMs}, ms: a process started meanwhile counts whole, one ended meanwhile not at all. */
export function cpuMsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, ms] of after) used += ms - (before.get(pid) ?? 0);
  return used;
}

function statCpuMs(path: string): number {
  try {
    const stat = readFileSync(path, 'utf8');
    // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND) * 1000;
  } catch {
    return NaN;
  }
}

/**
 * The kernel's counts of connection attempts dropped by listening sockets, from
 * /proc/net/netstat: ListenDrops (every drop, full listen queue included) and ListenOverflows
 * (those at a full queue). The counters are the network namespace's, so other programs' drops
 * count too.
 */
export function listenDrops(): { drops: number; overflows: number } {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n').filter((line) => line.startsWith('TcpExt:'));
    const names = lines[0]!.split(/\s+/);
    const values = lines[1]!.split(/\s+/);
    const value = (name: string) => Number(values[names.indexOf(name)]);
    return { drops: value('ListenDrops'), overflows: value('ListenOverflows') };
  } catch {
    return { drops: NaN, overflows: NaN };
  }
}
