/** Percentiles over the last `capacity` samples (a ring), for GetIndexStatus. */
export class LagWindow {
  private readonly samples: Float64Array;
  private next = 0;
  private size = 0;

  constructor(capacity = 1024) {
    this.samples = new Float64Array(capacity);
  }

  record(ms: number): void {
    this.samples[this.next] = ms;
    this.next = (this.next + 1) % this.samples.length;
    this.size = Math.min(this.size + 1, this.samples.length);
  }

  /** Null before the first sample. */
  summary(): { p50Ms: number; p95Ms: number; maxMs: number; samples: number } | null {
    if (this.size === 0) return null;
    const sorted = this.samples.slice(0, this.size).sort();
    const at = (q: number): number => sorted[Math.min(this.size - 1, Math.ceil(q * this.size) - 1)] ?? 0;
    return { p50Ms: at(0.5), p95Ms: at(0.95), maxMs: sorted[this.size - 1] ?? 0, samples: this.size };
  }
}
