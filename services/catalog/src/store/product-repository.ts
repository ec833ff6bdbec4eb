import { ConflictError } from '@pc/kit/errors/domain-errors';
import { OUTBOX_INDEX } from '@pc/kit/events/outbox';
import type { Collection, DocumentStore, Filter, FindOptions, Stored } from '@pc/kit/ports/document-store';
import type { Page } from '@pc/kit/paging/page';
import type { ProductRecord } from '../domain/product.js';
import { modelKeyOf } from '../variants/model-key.js';
import { MODEL_KEY_VERSION } from '../variants/model-key-version.js';

export type StoredProduct = Stored<ProductRecord>;

export type ProductListOrder = 'newest' | 'name' | 'rating' | 'updated';

export interface ProductListFilter {
  readonly brandId?: string;
  /** Products whose own category is one of these. */
  readonly categoryIds?: readonly string[];
  /** Products whose sort name (lower-cased) starts with this, itself lower-cased. */
  readonly namePrefix?: string;
  readonly includeInactive: boolean;
}

const ORDERS: Readonly<Record<ProductListOrder, FindOptions['sort']>> = {
  newest: { createdAt: -1 },
  name: { sortName: 1 },
  rating: { 'rating.value': -1, 'rating.count': -1 },
  updated: { updatedAt: -1 },
};

/** A position in the stream of changes: products after (updatedAt, _id) come next; with a null
 *  id, every product changed strictly after updatedAt. */
export interface StreamPosition {
  readonly updatedAt: string;
  readonly id: string | null;
}

/** Products, one document each, with the outbox of the events their writes imply. */
export class ProductRepository {
  private constructor(readonly collection: Collection<ProductRecord>) {}

  static async open(store: DocumentStore): Promise<ProductRepository> {
    const collection = await store.collection<ProductRecord>({
      name: 'products',
      indexes: [
        // Brand and category counts and lists, similar products.
        { fields: ['brandId', 'status'] },
        // The shopping panel's products table of one brand, every status, by name or newest: a
        // page is read in index order instead of sorting the brand's products (bench:admin).
        { fields: ['brandId', 'sortName'] },
        { fields: ['brandId', 'createdAt'] },
        { fields: ['categoryId', 'status'] },
        // The products table's name search (a sort-name range, every status) and the NAME order
        // without a brand.
        { fields: ['sortName'] },
        // Newest-first lists without a filter.
        { fields: ['status', 'createdAt'] },
        // StreamProducts: changes in order.
        { fields: ['updatedAt'] },
        // A product's variants: the products of its model key (ADR 138).
        { fields: ['modelKey', 'status'] },
        // Products whose key an older vocabulary derived: re-keyed at start (ADR 138).
        { fields: ['modelKeyVersion'] },
        OUTBOX_INDEX,
      ],
      // No OUTBOX_SIDE_FIELDS (ADR 021): a product row is large and rewritten often anyway, so
      // its pages gained little (58 → 63 % full at 5k products) while the side rows cost the
      // seed's catalog phase ~4 s of ~30.
    });
    return new ProductRepository(collection);
  }

  get(id: string): Promise<StoredProduct | null> {
    return this.collection.get(id);
  }

  async getMany(ids: readonly string[]): Promise<Map<string, StoredProduct>> {
    if (ids.length === 0) return new Map();
    const found = await this.collection.getMany([...new Set(ids)]);
    return new Map(found.map((product) => [product._id, product]));
  }

  /** Writes new products in one batch; a product written meanwhile by a racing writer is replaced
   *  by the same offer's data (ids are per offer, so both describe one product). */
  async insertMany(products: readonly ProductRecord[]): Promise<StoredProduct[]> {
    if (products.length === 0) return [];
    await this.collection.bulkPut(products.map(withModelKey));
    return [...(await this.getMany(products.map((product) => product._id))).values()];
  }

  /** Creates one product unless it exists; null when it does. */
  async insertIfAbsent(product: ProductRecord): Promise<StoredProduct | null> {
    try {
      return await this.collection.put(withModelKey(product), { expectedVersion: 0 });
    } catch (error) {
      if (error instanceof ConflictError) return null;
      throw error;
    }
  }

  /** Writes `next` if the product is still at `expectedVersion`; null when another write came first. */
  async replaceIfUnchanged(next: ProductRecord, expectedVersion: number): Promise<StoredProduct | null> {
    try {
      return await this.collection.put(withModelKey(next), { expectedVersion });
    } catch (error) {
      if (error instanceof ConflictError) return null;
      throw error;
    }
  }

  update(id: string, change: (current: StoredProduct | null) => ProductRecord | null): Promise<StoredProduct | null> {
    return this.collection.update(id, (current) => {
      const next = change(current);
      return next && withModelKey(next);
    });
  }

  /** Active products of one model key (a product's variants, itself included), by id. */
  findActiveOfModel(modelKey: string, limit: number): Promise<StoredProduct[]> {
    return this.collection.find({ modelKey, status: 'active' }, { sort: { _id: 1 }, limit });
  }

  /** The next `limit` products whose model key is not the current derivation's (or absent), by id. */
  withStaleModelKey(limit: number): Promise<StoredProduct[]> {
    return this.collection.find({ modelKeyVersion: { $ne: MODEL_KEY_VERSION } }, { sort: { _id: 1 }, limit });
  }

  countActive(by: { brandId: string } | { categoryId: string }): Promise<number> {
    return this.collection.count({ ...by, status: 'active' });
  }

  /** Active products of the whole catalog (the status index answers it). */
  countAllActive(): Promise<number> {
    return this.collection.count({ status: 'active' });
  }

  async list(
    filter: ProductListFilter,
    order: ProductListOrder,
    page: Page,
  ): Promise<{ items: StoredProduct[]; total: number }> {
    const query = toFilter(filter);
    const [items, total] = await Promise.all([
      this.collection.find(query, { sort: ORDERS[order], skip: page.skip, limit: page.hitsPerPage }),
      this.collection.count(query),
    ]);
    return { items, total };
  }

  /** Active products of one brand or some categories, most recently changed first (candidates). */
  findActive(by: { brandId: string } | { categoryIds: readonly string[] }, limit: number): Promise<StoredProduct[]> {
    const filter: Filter =
      'brandId' in by
        ? { brandId: by.brandId, status: 'active' }
        : { categoryId: { $in: [...by.categoryIds] }, status: 'active' };
    return this.collection.find(filter, { sort: { updatedAt: -1 }, limit });
  }

  /** The next `limit` products of a brand or of some categories (any status) after `afterId`, by
   *  id: the pages of a re-publication, stable while the products are rewritten. */
  pageOf(
    by: { brandId: string } | { categoryIds: readonly string[] },
    afterId: string,
    limit: number,
  ): Promise<StoredProduct[]> {
    const filter: Filter = 'brandId' in by ? { brandId: by.brandId } : { categoryId: { $in: [...by.categoryIds] } };
    return this.collection.find({ ...filter, _id: { $gt: afterId } }, { sort: { _id: 1 }, limit });
  }

  /** The next `limit` products of any status after `afterId`, by id (a pass over the catalog). */
  after(afterId: string, limit: number): Promise<StoredProduct[]> {
    return this.collection.find({ _id: { $gt: afterId } }, { sort: { _id: 1 }, limit });
  }

  /** Products merged into any of `ids` (a merge of a merge target re-points them). */
  mergedInto(ids: readonly string[]): Promise<StoredProduct[]> {
    return this.collection.find({ status: 'merged', mergedIntoProductId: { $in: [...ids] } });
  }

  /**
   * The next products of the change stream after `position` (oldest change first). Many products
   * share one updatedAt (a batch), so the position is (updatedAt, _id): first the rest of that
   * instant by id, then later instants.
   */
  async streamPage(position: StreamPosition | null, includeInactive: boolean, limit: number): Promise<StoredProduct[]> {
    const status: Filter = includeInactive ? {} : { status: 'active' };
    if (position === null) return this.collection.find(status, { sort: { updatedAt: 1, _id: 1 }, limit });
    const sameInstant =
      position.id === null
        ? []
        : await this.collection.find(
            { ...status, updatedAt: position.updatedAt, _id: { $gt: position.id } },
            { sort: { _id: 1 }, limit },
          );
    if (sameInstant.length === limit) return sameInstant;
    const later = await this.collection.find(
      { ...status, updatedAt: { $gt: position.updatedAt } },
      { sort: { updatedAt: 1, _id: 1 }, limit: limit - sameInstant.length },
    );
    return [...sameInstant, ...later];
  }
}

/** The product with the model key its brand and name give, and the derivation's version: every
 *  write keeps both current. */
function withModelKey(product: ProductRecord): ProductRecord {
  const modelKey = modelKeyOf(product);
  return product.modelKey === modelKey && product.modelKeyVersion === MODEL_KEY_VERSION
    ? product
    : { ...product, modelKey, modelKeyVersion: MODEL_KEY_VERSION };
}

function toFilter(filter: ProductListFilter): Filter {
  return {
    ...(filter.brandId !== undefined ? { brandId: filter.brandId } : {}),
    ...(filter.categoryIds !== undefined ? { categoryId: { $in: [...filter.categoryIds] } } : {}),
    // Every name starting with the prefix sorts between it and it followed by the highest code point.
    ...(filter.namePrefix ? { sortName: { $gte: filter.namePrefix, $lt: `${filter.namePrefix}\u{10FFFF}` } } : {}),
    ...(filter.includeInactive ? {} : { status: 'active' }),
  };
}
