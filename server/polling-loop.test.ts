import { describe, expect, it } from 'vitest';
import { PollingLoop } from './polling-loop';

describe('PollingLoop', () => {
  it('runs again at once while more is due, goes on after a failed round, and stop waits for the round in flight', async () => {
    const errors: unknown[] = [];
    let rounds = 0;
    let finishLast!: () => void;
    let lastStarted!: () => void;
    const lastHasStarted = new Promise<void>((resolve) => (lastStarted = resolve));
    const loop = new PollingLoop(
      async () => {
        rounds += 1;
        if (rounds === 2) throw new Error('round two failed');
        if (rounds === 4) {
          lastStarted();
          await new Promise<void>((resolve) => (finishLast = resolve));
        }
        return rounds !== 2;
      },
      60_000,
      (error) => errors.push(error),
    );
    loop.start();
    // Round two fails: its error is reported, and the next round waits the poll interval…
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rounds).toBe(2);
    expect(errors).toEqual([new Error('round two failed')]);
    await loop.stop();
    expect(loop.stopping).toBe(true);

    // …while rounds that leave more due follow each other at once; stop waits for the one running.
    rounds = 2;
    loop.start();
    await lastHasStarted;
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    finishLast();
    await stopping;
    expect(rounds).toBe(4);
  });
});
