import type { Logger } from 'pino';
import { CLICK_DAYS_KEPT, firstDayOf } from '../domain/click-record.js';
import { utcDay } from '../domain/tracked-query.js';
import type { ProductClickCounts } from '../store/product-click-counts.js';

const PRUNE_EVERY_MS = 3_600_000;
const PRUNE_BATCH = 1_000;

/**
 * Deletes the daily click counts that no window reaches any more (older than CLICK_DAYS_KEPT
 * days, today included): at start, then once an hour. A count pruned too early is never read,
 * one pruned late is only kept longer.
 */
export class ClickCountsPruner {
  private timer: NodeJS.Timeout | null = null;
  private pruning: Promise<void> = Promise.resolve();

  constructor(
    private readonly counts: ProductClickCounts,
    private readonly clock: () => Date,
    private readonly logger: Logger,
  ) {}

  start(): void {
    void this.prune();
    this.timer = setInterval(() => void this.prune(), PRUNE_EVERY_MS);
    this.timer.unref();
  }

  prune(): Promise<void> {
    this.pruning = this.pruning
      .then(async () => {
        const cutoff = firstDayOf(utcDay(this.clock()), CLICK_DAYS_KEPT);
        while ((await this.counts.pruneBefore(cutoff, PRUNE_BATCH)) === PRUNE_BATCH);
      })
      .catch((error: unknown) => this.logger.warn({ err: error }, 'old click counts not pruned; next hour again'));
    return this.pruning;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.pruning;
  }
}
