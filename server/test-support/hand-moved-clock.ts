import { createClock } from '@sinonjs/fake-timers';
import type { Clock } from '../app-env';

/**
 * An app `clock` that stands still until the test moves it (`timers.tickAsync(ms)`), on
 * @sinonjs/fake-timers' own clock: `timers.countTimers()` says how many sleeps are pending.
 */
export function handMovedClock() {
  const timers = createClock();
  const clock: Clock = {
    now: () => timers.now,
    sleep: (ms) => new Promise((resolve) => timers.setTimeout(() => resolve(), ms)),
  };
  return { clock, timers };
}
