import type { Logger } from 'pino';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import type { Outbox } from '@pc/kit/events/outbox';
import { shopChanged } from '../events/shop-events.js';
import type { ShopRepository } from '../store/shop-repository.js';
import { mutateShop } from './shop-mutation.js';

/**
 * The shop's page shows its published reviews. A change of them that moves the rating is
 * announced by the rating's ShopChanged (ShopRatings); one that leaves the rating as it is — the
 * owner's reply, an author's name gone with their account — is announced here: the shop's
 * version + 1 and ShopChanged with `changed_fields: ["reviews"]` through the shop's outbox, which
 * the site's micro-cache hears to render the cached shop page again (ADR 082, ADR 119). Search,
 * the crawler and affiliates store the shop again at the new version (one document each).
 */
export class ShopPageAnnouncer {
  constructor(
    private readonly deps: {
      readonly shops: ShopRepository;
      readonly outbox: Outbox;
      readonly clock: () => Date;
      readonly logger: Logger;
    },
  ) {}

  /**
   * Announces that the shop's published reviews changed. The change is stored already, so a
   * failure here is logged, not thrown: the cached pages then show it when they expire (a
   * minute). A deleted shop has no page to announce.
   */
  async reviewsChanged(shopId: string): Promise<void> {
    try {
      await mutateShop(this.deps, shopId, (shop, now) => {
        const next = { ...shop, version: shop.version + 1, updatedAt: now.toISOString() };
        return { next, events: [shopChanged(next, shop.status, ['reviews'], now)] };
      });
    } catch (error) {
      if (error instanceof NotFoundError) return;
      this.deps.logger.warn(
        { err: error, shopId },
        'shop reviews changed unannounced; cached shop pages expire by age',
      );
    }
  }
}
