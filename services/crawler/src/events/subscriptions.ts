import type { Logger } from 'pino';
import { Events } from '@pc/proto/event-catalog';
import { on, subscribeEvents } from '@pc/kit/events/subscriber';
import type { EventBus, Subscription } from '@pc/kit/ports/event-bus';
import type { CrawlerStore } from '../store/crawler-store.js';
import { prioritiseClickedPage } from './click-priority.js';
import type { ShopDirectory } from './shop-directory.js';
import { offerMatched, productWatchChanged } from './watch-priority.js';

/** Consumer group of the crawler service. */
export const CRAWLER_GROUP = 'crawler';

/**
 * Everything the crawler consumes, in one place (docs/conventions.md §1): offers' shops (which hosts
 * are whose, where to start; deletions stop their crawling), affiliates' click-outs and
 * notifications' alert counts (which pages to visit more often) with offers' matches (which page
 * sells which product). Handlers are idempotent or merely raise a priority.
 */
export function subscribeCrawler(
  bus: EventBus,
  deps: { shops: ShopDirectory; store: CrawlerStore; now: () => Date },
  logger: Logger,
): Promise<Subscription> {
  return subscribeEvents(bus, {
    group: CRAWLER_GROUP,
    logger,
    // Offers' changes are many and nearly all ignored here: handled in batches, the group's position
    // is committed once per batch rather than once per event (one event of a key at a time still).
    concurrency: 32,
    handlers: [
      on(Events.shopChanged, (event) => deps.shops.shopChanged(event)),
      on(Events.shopDeleted, (event) => deps.shops.shopDeleted(event)),
      on(Events.clickRecorded, (event) => prioritiseClickedPage(deps.store, event, deps.now())),
      on(Events.productWatchChanged, (event) => productWatchChanged(deps.store, event)),
      on(Events.offerChanged, (event) => offerMatched(deps.store, event)),
    ],
  });
}
