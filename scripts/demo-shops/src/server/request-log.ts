/** One request a shop received. */
export interface LoggedRequest {
  /** Arrival time, ms since the epoch. */
  readonly t: number;
  readonly method: string;
  readonly path: string;
  status: number;
}

/** What a benchmark reads per host: counts, over-rate arrivals and the most requests in flight at once. */
export interface HostRequestSummary {
  readonly host: string;
  readonly shopIndex: number;
  readonly requests: number;
  /** Arrivals closer than `minIntervalMs` to the previous arrival on the same host. */
  readonly overRate: number;
  /** The smallest gap between two arrivals, ms (null with fewer than two). */
  readonly minGapMs: number | null;
  readonly maxInFlight: number;
  readonly byStatus: Readonly<Record<string, number>>;
  readonly first: number | null;
  readonly last: number | null;
  /** Entries dropped from the start once the per-host cap was reached. */
  readonly dropped: number;
}

const CAP_PER_HOST = 20_000;

interface HostLog {
  readonly host: string;
  readonly shopIndex: number;
  entries: LoggedRequest[];
  dropped: number;
  inFlight: number;
  maxInFlight: number;
}

/**
 * The demo shops' own record of the requests each host received (arrival time, path, status,
 * concurrency), so a benchmark counts over-rate requests from the server's side, not from the
 * crawler's claims. Bounded: the newest 20,000 requests per host are kept.
 */
export class RequestLog {
  private readonly hosts = new Map<number, HostLog>();

  /** Records an arrival; call `finish` with its status when the response is sent. */
  start(shopIndex: number, host: string, method: string, path: string, t: number): { finish(status: number): void } {
    let log = this.hosts.get(shopIndex);
    if (!log)
      this.hosts.set(shopIndex, (log = { host, shopIndex, entries: [], dropped: 0, inFlight: 0, maxInFlight: 0 }));
    const entry: LoggedRequest = { t, method, path, status: 0 };
    log.entries.push(entry);
    if (log.entries.length > CAP_PER_HOST) {
      log.dropped += log.entries.length - CAP_PER_HOST;
      log.entries.splice(0, log.entries.length - CAP_PER_HOST);
    }
    log.inFlight += 1;
    log.maxInFlight = Math.max(log.maxInFlight, log.inFlight);
    const current = log;
    let finished = false;
    return {
      finish(status: number) {
        if (finished) return;
        finished = true;
        entry.status = status;
        current.inFlight -= 1;
      },
    };
  }

  /** When a host last answered other than 429 (its own rate limiter counts served requests). */
  lastServed(shopIndex: number, before: number): number | null {
    const entries = this.hosts.get(shopIndex)?.entries ?? [];
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const entry = entries[i] as LoggedRequest;
      if (entry.t < before && entry.status !== 429) return entry.t;
    }
    return null;
  }

  summaries(options: { minIntervalMs: number; since: number }): HostRequestSummary[] {
    return [...this.hosts.values()]
      .sort((a, b) => a.shopIndex - b.shopIndex)
      .map((log) => {
        const entries = log.entries.filter((entry) => entry.t >= options.since);
        let overRate = 0;
        let minGap: number | null = null;
        const byStatus: Record<string, number> = {};
        entries.forEach((entry, i) => {
          byStatus[String(entry.status)] = (byStatus[String(entry.status)] ?? 0) + 1;
          if (i === 0) return;
          const gap = entry.t - (entries[i - 1] as LoggedRequest).t;
          if (gap < options.minIntervalMs) overRate += 1;
          minGap = minGap === null ? gap : Math.min(minGap, gap);
        });
        return {
          host: log.host,
          shopIndex: log.shopIndex,
          requests: entries.length,
          overRate,
          minGapMs: minGap,
          maxInFlight: log.maxInFlight,
          byStatus,
          first: entries[0]?.t ?? null,
          last: entries.at(-1)?.t ?? null,
          dropped: log.dropped,
        };
      });
  }

  entries(shopIndex: number, since: number): readonly LoggedRequest[] {
    return (this.hosts.get(shopIndex)?.entries ?? []).filter((entry) => entry.t >= since);
  }

  clear(): void {
    this.hosts.clear();
  }
}
