import type { HostErrorRecord, HostRecord } from '../domain/records.js';
import type { SimpleRepository } from '../store/simple-repository.js';

const KEEP_ERRORS = 10;

interface Pending {
  fetches: Record<string, number>;
  lastFetchedAt: string | null;
  errors: HostErrorRecord[];
  /** true: a fetch succeeded since (errors in a row end); null: nothing to say. */
  succeeded: boolean | null;
  failures: number;
}

/**
 * What fetching did to each host — requests per hour, the last fetch, the last errors, errors in
 * a row — gathered in memory and written to the host's record every few seconds (errors at
 * once), so a busy host costs one write per flush rather than one per page.
 */
export class HostActivity {
  private readonly pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly hosts: SimpleRepository<HostRecord>,
    private readonly flushMs: number,
  ) {}

  start(): void {
    // A failed flush loses a few counters, nothing more: the next one writes what came after.
    this.timer = setInterval(() => void this.flush().catch(() => {}), this.flushMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  fetched(host: string, at: Date): void {
    const entry = this.entry(host);
    const hour = at.toISOString().slice(0, 13);
    entry.fetches[hour] = (entry.fetches[hour] ?? 0) + 1;
    entry.lastFetchedAt = at.toISOString();
  }

  succeeded(host: string): void {
    const entry = this.entry(host);
    entry.succeeded = true;
    entry.failures = 0;
  }

  failed(host: string, error: HostErrorRecord): void {
    const entry = this.entry(host);
    entry.errors.push(error);
    entry.succeeded = false;
    entry.failures += 1;
    // Errors are rare and staff look for them: written at once rather than with the next flush.
    setImmediate(() => void this.flush().catch(() => {}));
  }

  /** Errors in a row as this process counts them since the last flush, added to the stored count. */
  async consecutiveErrors(host: string): Promise<number> {
    const stored = (await this.hosts.get(host))?.consecutiveErrors ?? 0;
    const entry = this.pending.get(host);
    if (!entry || entry.succeeded === null) return stored;
    return entry.succeeded ? 0 : stored + entry.failures;
  }

  async flush(): Promise<void> {
    const batch = [...this.pending.entries()];
    this.pending.clear();
    await Promise.all(
      batch.map(([host, entry]) =>
        this.hosts.update(host, (current) => {
          if (!current) return null;
          const cutoff = new Date(Date.now() - 24 * 3_600_000).toISOString().slice(0, 13);
          const fetchesByHour: Record<string, number> = {};
          for (const [hour, count] of Object.entries(current.fetchesByHour))
            if (hour >= cutoff) fetchesByHour[hour] = count;
          for (const [hour, count] of Object.entries(entry.fetches))
            fetchesByHour[hour] = (fetchesByHour[hour] ?? 0) + count;
          const consecutiveErrors =
            entry.succeeded === null
              ? current.consecutiveErrors
              : entry.succeeded
                ? 0
                : current.consecutiveErrors + entry.failures;
          return {
            ...current,
            fetchesByHour,
            lastFetchedAt: entry.lastFetchedAt ?? current.lastFetchedAt,
            lastErrors: [...entry.errors.reverse(), ...current.lastErrors].slice(0, KEEP_ERRORS),
            consecutiveErrors,
          };
        }),
      ),
    );
  }

  private entry(host: string): Pending {
    let entry = this.pending.get(host);
    if (!entry) {
      entry = { fetches: {}, lastFetchedAt: null, errors: [], succeeded: null, failures: 0 };
      this.pending.set(host, entry);
    }
    return entry;
  }
}
