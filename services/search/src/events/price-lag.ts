import { metrics } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { LagWindow } from './lag-window.js';

const BUCKETS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000, 30_000, 60_000];

const histogram = metrics.getMeter('@pc/search').createHistogram('search.price_index_lag', {
  description: 'Time from an offers.product-price-changed.v1 event (occurred_at) to the price being searchable',
  unit: 'ms',
  advice: { explicitBucketBoundaries: BUCKETS_MS },
});

/**
 * The lag from a price change to a searchable price: an OTel histogram for dashboards, a debug
 * log line per change, and the recent percentiles GetIndexStatus reports.
 */
export class PriceLag {
  readonly window = new LagWindow();

  constructor(private readonly logger: Logger) {}

  /** Records the price changes of a batch once their documents became searchable. */
  searchable(occurredAt: readonly Date[], now = Date.now()): void {
    for (const at of occurredAt) {
      const lagMs = Math.max(0, now - at.getTime());
      histogram.record(lagMs);
      this.window.record(lagMs);
      this.logger.debug({ lagMs }, 'price searchable');
    }
  }
}
