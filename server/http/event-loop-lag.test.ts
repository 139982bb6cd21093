import { afterEach, describe, expect, it } from 'vitest';
import { EventLoopLag } from './event-loop-lag';

const turn = () => new Promise((resolve) => setTimeout(resolve, 60));

describe('EventLoopLag', () => {
  let lag: EventLoopLag | undefined;
  afterEach(() => lag?.stop());

  it('says how long the loop was held up, and lets it go as time passes', async () => {
    lag = new EventLoopLag(10);
    await turn();
    expect(lag.lateMs).toBeLessThan(250);
    const until = performance.now() + 600;
    while (performance.now() < until) {
      // The loop is held: no timer runs.
    }
    await turn();
    expect(lag.lateMs).toBeGreaterThan(400);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(lag.lateMs).toBeLessThan(250);
  });
});
