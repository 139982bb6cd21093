export interface OpenLoadResult {
  /** Arrivals started. */
  started: number;
  /** Arrivals not started because `maxInFlight` were still waiting (count them as failures). */
  shed: number;
  /** Arrivals whose work ended (answered or failed) before the wait ran out. */
  finished: number;
  /** Arrivals still waiting when the wait ran out (count them as failures: what they log later comes too late). */
  unanswered: number;
  /** The most an arrival started behind its schedule, ms: large values mean the generator could not keep up. */
  maxLagMs: number;
  /** When the last arrival's work ended (performance.now()). */
  endedAt: number;
}

/** The longest the generator sleeps between looks at the schedule. */
const TICK_MS = 2;
/**
 * The most arrivals waiting at once. A server that falls behind an open load gathers arrivals
 * without end; past this bound new ones are shed (and reported) instead of opening ever more
 * sockets on a shared machine.
 */
const MAX_IN_FLIGHT = 2000;

/**
 * Open-model load: arrival `i` starts at `i / rate` seconds whether or not earlier ones have
 * answered, for `seconds`. `arrive` gets the arrival's number and its scheduled instant (latency
 * is counted from there, so a late start is not hidden). Waits for the work to end, at most
 * `drainMs` after the last arrival. Arrivals beyond {@link MAX_IN_FLIGHT} waiting are shed.
 */
export async function openLoad(
  rate: number,
  seconds: number,
  arrive: (i: number, scheduledAt: number) => Promise<void>,
  drainMs = 30_000,
): Promise<OpenLoadResult> {
  const total = Math.round(rate * seconds);
  const started = performance.now();
  let next = 0;
  let shed = 0;
  let finished = 0;
  let maxLagMs = 0;
  let endedAt = started;
  const running = new Set<Promise<void>>();
  while (next < total) {
    const now = performance.now();
    while (next < total && started + (next * 1000) / rate <= now) {
      const scheduledAt = started + (next * 1000) / rate;
      maxLagMs = Math.max(maxLagMs, now - scheduledAt);
      if (running.size >= MAX_IN_FLIGHT) {
        next += 1;
        shed += 1;
        continue;
      }
      const work = arrive(next++, scheduledAt).finally(() => {
        finished += 1;
        endedAt = performance.now();
        running.delete(work);
      });
      running.add(work);
    }
    // Until the next arrival is due (a timer fires at best a millisecond late), at most a tick.
    const wait = Math.min(TICK_MS, started + (next * 1000) / rate - performance.now());
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
  }
  let timer: NodeJS.Timeout | undefined;
  const drained = Promise.allSettled([...running]);
  await Promise.race([drained, new Promise((resolve) => (timer = setTimeout(resolve, drainMs)))]);
  clearTimeout(timer);
  return { started: next - shed, shed, finished, unanswered: next - shed - finished, maxLagMs, endedAt };
}
