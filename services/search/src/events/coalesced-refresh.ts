import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Makes written documents searchable (`refresh`) at most once per `minIntervalMs`, however many
 * batches ask: callers share the next refresh. Elasticsearch refreshes by itself every second;
 * this brings a price to search sooner and tells the lag metric when it got there. On the
 * embedded index writes are searchable at once and a refresh costs next to nothing.
 */
export class CoalescedRefresh {
  private next: Promise<void> | null = null;
  private chain: Promise<void> = Promise.resolve();
  private lastStarted = 0;

  constructor(
    private readonly refresh: () => Promise<void>,
    private readonly minIntervalMs: number,
  ) {}

  /** Resolves once a refresh that started after this call has completed. */
  after(): Promise<void> {
    if (this.next) return this.next;
    const run = this.chain.then(async () => {
      const wait = this.lastStarted + this.minIntervalMs - Date.now();
      if (wait > 0) await sleep(wait);
      // From here on a caller needs a later refresh: this one may miss its writes.
      this.next = null;
      this.lastStarted = Date.now();
      await this.refresh();
    });
    this.next = run;
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every requested refresh has run. */
  idle(): Promise<void> {
    return this.chain;
  }
}
