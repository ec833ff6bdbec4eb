import type { Logger } from 'pino';
import type { ShopClickRepository } from '../store/shop-click-repository.js';
import { isPublished } from '../domain/shop-review.js';
import type { ShopReviewRepository } from '../store/shop-review-repository.js';
import type { ShopPageAnnouncer } from './shop-page-announcer.js';
import type { ShopRatings } from './shop-ratings.js';

/** Shops whose abandoned rating changes one sweep run repairs. */
const RATING_REPAIRS_PER_RUN = 200;

/**
 * What happens to shop reviews beside their own RPCs (ADR 119): a deleted account's reviews stay
 * without their author (their shops' pages announced, ADR 124), a deleted shop's reviews and
 * clicks go, and ratings a crash left unwritten are repaired by the freshness sweep.
 */
export class ShopReviewUpkeep {
  constructor(
    private readonly deps: {
      readonly reviews: ShopReviewRepository;
      readonly clicks: ShopClickRepository;
      readonly ratings: ShopRatings;
      readonly announcer: ShopPageAnnouncer;
      readonly clock: () => Date;
      readonly logger: Logger;
    },
  ) {}

  /**
   * AccountDeleted: the user's reviews keep their stars and text (the ratings stay as they are)
   * but lose the link to the user and the name; the user's clicks go. The pages of the shops that
   * show one of them now say "former user": each such shop is announced once. Idempotent.
   */
  async forgetAccount(userId: string): Promise<void> {
    if (!userId) return;
    const anonymised = await this.deps.reviews.anonymiseAuthor(userId, this.deps.clock().toISOString());
    const clicks = await this.deps.clicks.forgetUser(userId);
    const shown = new Set(anonymised.filter(isPublished).map((review) => review.shopId));
    for (const shopId of shown) await this.deps.announcer.reviewsChanged(shopId);
    if (anonymised.length + clicks > 0)
      this.deps.logger.info(
        { userId, anonymised: anonymised.length, clicks },
        'shop reviews of a deleted account anonymised',
      );
  }

  /** A deleted shop's reviews and the clicks to it go (the sweep's clean-up of the shop). */
  async deleteOfShop(shopId: string): Promise<number> {
    const reviews = await this.deps.reviews.deleteOfShop(shopId);
    await this.deps.clicks.forgetShop(shopId);
    return reviews;
  }

  /** Ratings that review changes left unwritten (a crash between the review and the shop). */
  repairRatings(): Promise<number> {
    return this.deps.ratings.repairPending(RATING_REPAIRS_PER_RUN);
  }
}
