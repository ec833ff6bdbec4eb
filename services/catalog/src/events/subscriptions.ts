import { Events } from '@pc/proto/event-catalog';
import { on, subscribeEvents } from '@pc/kit/events/subscriber';
import type { EventBus, Subscription } from '@pc/kit/ports/event-bus';
import type { Logger } from 'pino';
import type { OfferLinkRepository } from '../store/offer-link-repository.js';
import type { ReviewRepository } from '../store/review-repository.js';
import { handleShopDeleted } from './shop-deleted.js';

/** Every topic the catalog consumes, in one place (docs/conventions.md §7). */
export function subscribeCatalogEvents(
  bus: EventBus,
  parts: { links: OfferLinkRepository; reviews: ReviewRepository },
  logger: Logger,
): Promise<Subscription> {
  return subscribeEvents(bus, {
    group: 'catalog',
    logger,
    handlers: [
      on(Events.shopDeleted, handleShopDeleted(parts.links, logger)),
      // A deleted account's reviews lose its name and id (ADR 148).
      on(Events.accountDeleted, async (event) => {
        const anonymised = await parts.reviews.anonymiseAuthor(event.userId);
        if (anonymised > 0)
          logger.info({ userId: event.userId, anonymised }, 'reviews of a deleted account anonymised');
      }),
    ],
  });
}
