import type { Outbox } from '@pc/kit/events/outbox';
import { enrichProduct, type Enrichment, type OfferContribution } from '../domain/enrich-product.js';
import { productChangedEvent } from '../events/product-events.js';
import type { ProductRelationsLoader } from '../store/product-relations.js';
import type { ProductRepository, StoredProduct } from '../store/product-repository.js';

const MAX_ATTEMPTS = 10;

/**
 * Writes what matched offers add to an existing product, with its ProductChanged in the same
 * write (outbox). Read-compute-write under the product's version: a concurrent change (a review,
 * another batch) makes it recompute from the fresh product rather than overwrite it.
 */
export class ProductEnricher {
  constructor(
    private readonly products: ProductRepository,
    private readonly relations: ProductRelationsLoader,
    private readonly outbox: Outbox,
  ) {}

  /** The enrichment written, or null when it changed nothing. `known` spares the first read. */
  async enrich(productId: string, contributions: readonly OfferContribution[], known: StoredProduct | undefined, now: string): Promise<Enrichment | null> {
    let current = known ?? (await this.products.get(productId));
    for (let attempt = 0; attempt < MAX_ATTEMPTS && current; attempt += 1) {
      if (current.status !== 'active') return null;
      const enrichment = enrichProduct(current, contributions, now);
      if (!enrichment) return null;
      const version = current._version + 1;
      const relations = (await this.relations.load([enrichment.product]))(enrichment.product);
      const event = productChangedEvent(enrichment.product, version, relations, enrichment.changedFields);
      const stored = await this.products.replaceIfUnchanged({ ...enrichment.product, ...this.outbox.stage(current, [event]) }, current._version);
      if (stored) {
        await this.outbox.flush(this.products.collection, stored);
        return enrichment;
      }
      current = await this.products.get(productId);
    }
    if (!current) return null;
    throw new Error(`product ${productId}: kept changing under ${MAX_ATTEMPTS} enrichment attempts`);
  }
}
