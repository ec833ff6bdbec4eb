import type { Outbox } from '@pc/kit/events/outbox';
import type { RatingRecord } from '../domain/product.js';
import { ratingFromDistribution, sameRating } from '../domain/rating.js';
import type { ReviewRecord } from '../domain/review.js';
import { productChangedEvent, reviewAddedEvent } from '../events/product-events.js';
import type { ProductRelationsLoader } from '../store/product-relations.js';
import type { ProductRepository } from '../store/product-repository.js';
import type { ReviewRepository } from '../store/review-repository.js';

const MAX_ATTEMPTS = 10;

/**
 * A product's rating, recomputed from its reviews' star counts (not incremented: a repeat gives
 * the same answer). The rating and the events it implies (ProductChanged when it changed,
 * ReviewAdded for new reviews) are written in one product write, through the outbox.
 */
export class ProductRatings {
  constructor(
    private readonly products: ProductRepository,
    private readonly reviews: ReviewRepository,
    private readonly relations: ProductRelationsLoader,
    private readonly outbox: Outbox,
  ) {}

  /** The product's rating after the refresh; undefined when the product does not exist. */
  async refresh(
    productId: string,
    added: readonly ReviewRecord[],
    now: string,
  ): Promise<RatingRecord | null | undefined> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const product = await this.products.get(productId);
      if (!product) return undefined;
      const rating = ratingFromDistribution(await this.reviews.distribution(productId));
      const changed = !sameRating(product.rating, rating);
      if (!changed && added.length === 0) return rating;
      const next = changed ? { ...product, rating, updatedAt: now } : product;
      const version = product._version + 1;
      const relations = (await this.relations.load([next]))(next);
      const events = [
        ...(changed ? [productChangedEvent(next, version, relations, ['rating'])] : []),
        ...added.map((review) => reviewAddedEvent(review, rating, now)),
      ];
      const stored = await this.products.replaceIfUnchanged(
        { ...next, ...this.outbox.stage(product, events) },
        product._version,
      );
      if (!stored) continue;
      await this.outbox.flush(this.products.collection, stored);
      return rating;
    }
    throw new Error(`product ${productId}: rating kept changing under ${MAX_ATTEMPTS} attempts`);
  }
}
