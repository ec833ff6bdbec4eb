import type { ShopClickRepository } from '../store/shop-click-repository.js';
import type { ShopReviewRepository, StoredShopReview } from '../store/shop-review-repository.js';
import type { ShopRatings } from './shop-ratings.js';

/**
 * The verified mark of a shop review (ADR 119): its author followed a link to the shop from this
 * site before writing it — the user's first click to the shop is not after the review's
 * publication. The clicks come from affiliates' ClickRecorded, asynchronously: a visitor may
 * click out, come back and review before offers hears the click, so both sides look for the
 * other. AddShopReview looks for a click (again after storing the review), and a click stored
 * later marks the user's earlier review of that shop. A click after the review never verifies
 * it: anyone could write first and click then.
 */
export class ShopReviewVerification {
  constructor(
    private readonly deps: {
      readonly reviews: ShopReviewRepository;
      readonly clicks: ShopClickRepository;
      readonly ratings: ShopRatings;
      readonly clock: () => Date;
    },
  ) {}

  /** Whether the user had followed a link to the shop by `publishedAtIso` (from the stored clicks). */
  async clickedBy(userId: string, shopId: string, publishedAtIso: string): Promise<boolean> {
    const click = await this.deps.clicks.get(userId, shopId);
    return click !== null && click.firstClickedAt <= publishedAtIso;
  }

  /**
   * A review just stored unverified: a click offers stored between its look for one and the
   * review's write found no review yet, so it is looked for once more. Runs inside the rating's
   * change (ShopRatings.around), which then counts the mark. Returns the review as stored.
   */
  async afterWrite(review: StoredShopReview): Promise<StoredShopReview> {
    if (review.verifiedClick || !review.authorUserId) return review;
    if (!(await this.clickedBy(review.authorUserId, review.shopId, review.publishedAt))) return review;
    return (await this.mark(review._id)) ?? review;
  }

  /**
   * ClickRecorded, once the click is stored: the user's review of the shop written before the
   * click arrived is verified now when the click came first, and the rating recomputed (its
   * verified count; ShopChanged). Idempotent: a verified review, a review written before any
   * click and no review change nothing.
   */
  async clickRecorded(userId: string, shopId: string): Promise<void> {
    const review = await this.deps.reviews.ofUser(userId, shopId);
    if (!review || review.verifiedClick) return;
    if (!(await this.clickedBy(userId, shopId, review.publishedAt))) return;
    // Through the rating's change even for a hidden review: staff may show it again meanwhile.
    await this.deps.ratings.around(shopId, () => this.mark(review._id));
  }

  /** Marks the review verified; null once it is gone. */
  private mark(reviewId: string): Promise<StoredShopReview | null> {
    const now = this.deps.clock().toISOString();
    return this.deps.reviews.collection.update(reviewId, (current) =>
      current && !current.verifiedClick ? { ...current, verifiedClick: true, updatedAt: now } : null,
    );
  }
}
