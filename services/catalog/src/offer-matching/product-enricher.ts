import { enrichProduct, type OfferContribution } from '../domain/enrich-product.js';
import type { ProductChangeWriter } from '../product-edits/product-change-writer.js';
import type { StoredProduct } from '../store/product-repository.js';

/**
 * Writes what matched offers add to an existing active product, with its ProductChanged in the
 * same write (outbox). Read-compute-write under the product's version: a concurrent change (a
 * review, another batch, an admin edit) makes it recompute from the fresh product rather than
 * overwrite it.
 */
export class ProductEnricher {
  constructor(private readonly writer: ProductChangeWriter) {}

  /** `known` spares the first read. */
  async enrich(
    productId: string,
    contributions: readonly OfferContribution[],
    known: StoredProduct | undefined,
    now: string,
  ): Promise<void> {
    await this.writer.apply(
      productId,
      (current) => (current.status === 'active' ? enrichProduct(current, contributions, now) : null),
      known,
    );
  }
}
