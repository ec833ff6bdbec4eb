import type { ShopDeleted } from '@pc/proto/offers/events/v1/events';
import type { Logger } from 'pino';
import type { OfferLinkRepository } from '../store/offer-link-repository.js';

/** Links dropped per round: bounds one round's work for a shop with very many offers. */
const PAGE = 500;

/**
 * A deleted shop's offers no longer link to products (its offers are gone from offers). The
 * products stay: other shops' offers and reviews may point at them. Idempotent: a redelivery
 * finds nothing left to drop.
 */
export function handleShopDeleted(links: OfferLinkRepository, logger: Logger): (event: ShopDeleted) => Promise<void> {
  return async (event) => {
    if (!event.shopId) return;
    let dropped = 0;
    for (
      let page = await links.deleteShopPage(event.shopId, PAGE);
      page > 0;
      page = await links.deleteShopPage(event.shopId, PAGE)
    )
      dropped += page;
    if (dropped > 0) logger.info({ shopId: event.shopId, dropped }, 'dropped the offer links of a deleted shop');
  };
}
