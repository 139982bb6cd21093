/**
 * Runs a worker's round again and again until stopped: at once after a round that left more
 * due (it answers `true`), else after `pollMs`. A failed round is reported and the loop goes on.
 */
export class PollingLoop {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    private readonly round: () => Promise<boolean>,
    private readonly pollMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Whether {@link stop} was called: a round in flight leaves what it has not started. */
  get stopping(): boolean {
    return this.stopped;
  }

  start(): void {
    this.stopped = false;
    const tick = async () => {
      let moreDue = false;
      this.running = this.round().then(
        (more) => (moreDue = more),
        (error: unknown) => this.onError(error),
      );
      await this.running;
      if (!this.stopped) this.timer = setTimeout(tick, moreDue ? 0 : this.pollMs);
    };
    this.timer = setTimeout(tick, 0);
  }

  /** Stops polling and waits for the round in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
