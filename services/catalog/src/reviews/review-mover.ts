import { writtenReviewId } from '../domain/ids.js';
import type { ReviewRepository } from '../store/review-repository.js';

const PAGE = 200;

/**
 * Moves the reviews of merged products to the product they were merged into. A review written
 * here is identified by (product, author): it takes the target's id, and where the author had
 * reviewed the target too, the target's review stays and the duplicate's goes (one review per
 * user and product). An imported review keeps its id (its source identifies it). Idempotent: each
 * step leaves the review findable under its new product before the old one is removed.
 */
export class ReviewMover {
  constructor(private readonly reviews: ReviewRepository) {}

  async move(fromIds: readonly string[], toId: string): Promise<void> {
    for (const fromId of fromIds) {
      for (
        let page = await this.reviews.ofProduct(fromId, PAGE);
        page.length > 0;
        page = await this.reviews.ofProduct(fromId, PAGE)
      ) {
        for (const review of page) {
          if (!review.authorUserId) {
            await this.reviews.put({ ...review, productId: toId });
            continue;
          }
          await this.reviews.insertIfAbsent({
            ...review,
            _id: writtenReviewId(toId, review.authorUserId),
            productId: toId,
          });
          await this.reviews.delete(review._id);
        }
      }
    }
  }
}
