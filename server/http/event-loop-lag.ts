/**
 * How late this process's event loop runs: a timer asks for a turn every `intervalMs` and notes
 * how much later than asked it got one. {@link lateMs} holds the worst lateness and lets it go
 * as time passes (a millisecond a millisecond), so one quick turn after a stall of seconds does
 * not hide that the process was behind; a stall of 2 s is still felt for 2 s.
 */
export class EventLoopLag {
  private readonly timer: NodeJS.Timeout;
  private last: number;
  private late = 0;

  constructor(
    private readonly intervalMs = 50,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.last = this.now();
    this.timer = setInterval(() => this.sample(), intervalMs);
    // Measuring never keeps the process alive.
    this.timer.unref();
  }

  /** How far behind the loop is, ms (0 when its turns come on time). */
  get lateMs(): number {
    return Math.max(0, this.late - (this.now() - this.last));
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private sample(): void {
    const now = this.now();
    const elapsed = now - this.last;
    this.late = Math.max(elapsed - this.intervalMs, this.late - elapsed);
    this.last = now;
  }
}
