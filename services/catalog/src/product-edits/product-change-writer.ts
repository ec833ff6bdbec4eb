import type { Outbox } from '@pc/kit/events/outbox';
import type { ProductChange, ProductRecord } from '../domain/product.js';
import { productChangedEvent, productCreatedEvent } from '../events/product-events.js';
import type { ProductRelationsLoader } from '../store/product-relations.js';
import type { ProductRepository, StoredProduct } from '../store/product-repository.js';

const MAX_ATTEMPTS = 10;

/**
 * Writes a product change with its ProductChanged staged in the same write (outbox, ADR 006),
 * under the version the change was computed from: a concurrent write (a review's rating, an
 * offer's enrichment) makes the writer recompute from the fresh product instead of overwriting it.
 */
export class ProductChangeWriter {
  constructor(
    private readonly products: ProductRepository,
    private readonly relations: ProductRelationsLoader,
    private readonly outbox: Outbox,
  ) {}

  /**
   * Writes `change` over `current` (what it was computed from); null when another write came
   * first. With `flush: false` the caller publishes (a page of writes in one `flushAll`).
   */
  async write(
    current: StoredProduct,
    change: ProductChange,
    options: { flush?: boolean } = {},
  ): Promise<StoredProduct | null> {
    const version = current._version + 1;
    const relations = (await this.relations.load([change.product]))(change.product);
    const event = productChangedEvent(change.product, version, relations, change.changedFields, current);
    const stored = await this.products.replaceIfUnchanged(
      { ...change.product, ...this.outbox.stage(current, [event]) },
      current._version,
    );
    if (stored && options.flush !== false) await this.outbox.flush(this.products.collection, stored);
    return stored;
  }

  /**
   * Computes and writes until the write lands on an unchanged product: `compute` gets the current
   * product and returns its change (null: nothing to write). Returns the product as written (or as
   * found when nothing changed); null when it does not exist. `known` spares the first read.
   */
  async apply(
    productId: string,
    compute: (current: StoredProduct) => ProductChange | null,
    known?: StoredProduct,
  ): Promise<StoredProduct | null> {
    let current = known ?? (await this.products.get(productId));
    for (let attempt = 0; attempt < MAX_ATTEMPTS && current; attempt += 1) {
      const change = compute(current);
      if (!change) return current;
      const stored = await this.write(current, change);
      if (stored) return stored;
      current = await this.products.get(productId);
    }
    if (!current) return null;
    throw new Error(`product ${productId}: kept changing under ${MAX_ATTEMPTS} attempts`);
  }

  /**
   * Inserts a product staff create (a split's target) with its ProductCreated staged in the same
   * write; null when a product of that id exists already (a retried call: it created it then).
   */
  async create(product: ProductRecord): Promise<StoredProduct | null> {
    const relations = (await this.relations.load([product]))(product);
    const stored = await this.products.insertIfAbsent({
      ...product,
      ...this.outbox.stage(null, [productCreatedEvent(product, 1, relations)]),
    });
    if (stored) await this.outbox.flush(this.products.collection, stored);
    return stored;
  }

  flushAll(written: readonly StoredProduct[]): Promise<void> {
    return this.outbox.flushAll(this.products.collection, written);
  }
}
