/** Latencies and failures of each kind of request in one scenario. */
export class LatencyLog {
  private readonly times = new Map<string, number[]>();
  private readonly failures = new Map<string, number>();
  /** The first few failures, word for word, to tell what went wrong. */
  readonly examples: string[] = [];

  ok(kind: string, ms: number): void {
    let list = this.times.get(kind);
    if (!list) this.times.set(kind, (list = []));
    list.push(ms);
  }

  failed(kind: string, why: string, count = 1): void {
    if (count === 0) return;
    this.failures.set(kind, (this.failures.get(kind) ?? 0) + count);
    if (this.examples.length < 5) this.examples.push(`${kind}: ${why}`);
  }

  kinds(): string[] {
    return [...new Set([...this.times.keys(), ...this.failures.keys()])];
  }

  summary(kind: string): KindSummary {
    const sorted = [...(this.times.get(kind) ?? [])].sort((a, b) => a - b);
    const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : NaN);
    return { kind, count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.length ? sorted[sorted.length - 1]! : NaN, errors: this.failures.get(kind) ?? 0 };
  }

  totalErrors(): number {
    return [...this.failures.values()].reduce((a, b) => a + b, 0);
  }
}

export interface KindSummary {
  kind: string;
  count: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
}
