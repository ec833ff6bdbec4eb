import { Events } from '@pc/proto/event-catalog';
import { on, subscribeEvents } from '@pc/kit/events/subscriber';
import type { EventBus, Subscription } from '@pc/kit/ports/event-bus';
import type { Logger } from 'pino';
import type { OfferLinkRepository } from '../store/offer-link-repository.js';
import { handleShopDeleted } from './shop-deleted.js';

/** Every topic the catalog consumes, in one place (docs/conventions.md §7). */
export function subscribeCatalogEvents(
  bus: EventBus,
  links: OfferLinkRepository,
  logger: Logger,
): Promise<Subscription> {
  return subscribeEvents(bus, {
    group: 'catalog',
    logger,
    handlers: [on(Events.shopDeleted, handleShopDeleted(links, logger))],
  });
}
