import type { Logger } from 'pino';
import type { FeedFetched } from '@pc/proto/crawler/events/v1/events';
import { Events } from '@pc/proto/event-catalog';
import { on, subscribeEvents } from '@pc/kit/events/subscriber';
import type { EventBus, Subscription } from '@pc/kit/ports/event-bus';
import type { OfferIngest } from '../workflows/offer-ingest.js';
import type { ProductMergeFollower } from '../workflows/product-merge-follower.js';
import { handleProductChanged } from './product-merged.js';

/** Consumer group of the offers service. */
export const OFFERS_GROUP = 'offers';

/**
 * A handler fails only on a dependency outage (catalog or the store unavailable): retrying then
 * holds the partition (per-item order) for about 80 s before the dead-letter
 * topic, instead of the default ~1.5 s that one catalog restart would exceed. Malformed
 * observations never fail (they are skipped and counted).
 */
export const OBSERVATION_RETRY = { maxAttempts: 10, initialBackoffMs: 200, maxBackoffMs: 30_000 };

/**
 * Everything offers consumes, in one place (docs/conventions.md §1): OfferObserved from the crawler
 * (and the seed), catalog's ProductChanged for merges (a merged product's offers move to the
 * surviving one), and the crawler's FeedFetched (feed status, missing offers). Handlers are idempotent: an observation older than the stored offer or equal
 * to it changes nothing, and a merge seen again finds nothing left to move.
 */
export function subscribeOffers(
  bus: EventBus,
  handlers: { ingest: OfferIngest; merges: ProductMergeFollower; feedFetched: (event: FeedFetched) => Promise<void> },
  logger: Logger,
  concurrency: number,
): Promise<Subscription> {
  return subscribeEvents(bus, {
    group: OFFERS_GROUP,
    logger,
    retry: OBSERVATION_RETRY,
    concurrency,
    handlers: [
      on(Events.offerObserved, async (observation) => void (await handlers.ingest.ingest(observation))),
      on(Events.productChanged, handleProductChanged(handlers.merges)),
      on(Events.feedFetched, handlers.feedFetched),
    ],
  });
}
