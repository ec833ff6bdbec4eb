import type { Logger } from 'pino';
import { Events } from '@pc/proto/event-catalog';
import type { EventPublisher } from '@pc/kit/events/publisher';

/** Product ids per ListingsChanged event: a large index batch (an import) is told in parts. */
const IDS_PER_EVENT = 500;

/**
 * Tells whoever keeps lists of products (the site's cached search, category, brand and shop
 * pages: ADR 084) which products those lists now show differently, once search answers their new
 * state: a page rendered after the event lists the new price. A notice, not state: publishing is
 * not retried, and a page that misses one expires by age as before.
 */
export class ListingsNotice {
  constructor(
    private readonly publisher: EventPublisher,
    private readonly logger: Logger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Publishes the products of a batch that became searchable; resolves when sent or failed (logged). */
  async searchable(productIds: ReadonlySet<string>): Promise<void> {
    if (productIds.size === 0) return;
    const ids = [...productIds];
    const changedAt = this.clock();
    const events = [];
    for (let start = 0; start < ids.length; start += IDS_PER_EVENT) {
      const part = ids.slice(start, start + IDS_PER_EVENT);
      events.push({
        type: Events.listingsChanged,
        key: part[0] ?? '',
        payload: { productIds: part, changedAt },
      });
    }
    try {
      await this.publisher.publishAll(events);
    } catch (error) {
      this.logger.warn({ err: error, products: ids.length }, 'ListingsChanged not sent; cached lists expire by age');
    }
  }
}
