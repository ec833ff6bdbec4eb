import type { BrandDocument } from '../domain/brand-document.js';
import { mergeBrand } from '../domain/brand-document.js';
import { mergeCategories, type CategoryDocument } from '../domain/category-document.js';
import { completionChanges } from '../domain/completion-documents.js';
import type { ProductRecord } from '../domain/product-record.js';
import { shopDocument } from '../domain/shop-document.js';
import type { ShopRecord } from '../domain/shop-record.js';
import type { SearchIndices } from '../store/search-indices.js';
import { EntityCache } from './entity-cache.js';

/**
 * The brand, category and completion indices, derived from catalog's product events (brand refs
 * and breadcrumbs carry names and catalog's product counts: no call back to catalog), and the
 * shop index from offers' shop events.
 */
export class EntityWriter {
  private readonly brands: EntityCache<BrandDocument>;
  private readonly categories: EntityCache<CategoryDocument>;
  /** Brands a rebuild has seen a product of (see `forRebuild`); null: a brand's categories only grow. */
  private readonly rebuiltBrands: Set<string> | null;

  constructor(
    private readonly indices: SearchIndices,
    options: { readonly rebuild?: boolean } = {},
  ) {
    this.brands = new EntityCache(indices.brands);
    this.categories = new EntityCache(indices.categories);
    this.rebuiltBrands = options.rebuild ? new Set() : null;
  }

  /**
   * The writer of a rebuild that passes every product once: a brand's categories start over at
   * its first product (name, count and creation time are kept), so they become those of its
   * products again instead of only growing.
   */
  static forRebuild(indices: SearchIndices): EntityWriter {
    return new EntityWriter(indices, { rebuild: true });
  }

  /** Forgets every brand and category document held (another writer rewrote them). */
  forgetAll(): void {
    this.brands.clear();
    this.categories.clear();
  }

  async writeProducts(products: readonly ProductRecord[]): Promise<void> {
    if (products.length === 0) return;
    await Promise.all([this.writeBrands(products), this.writeCategories(products), this.writeCompletions(products)]);
  }

  async writeShops(shops: readonly ShopRecord[]): Promise<void> {
    if (shops.length === 0) return;
    const listed = shops.flatMap((shop) => shopDocument(shop) ?? []);
    const unlisted = shops.filter((shop) => shopDocument(shop) === null).map((shop) => shop._id);
    if (listed.length > 0) await this.indices.shops.upsert(listed);
    if (unlisted.length > 0) await this.indices.shops.delete(unlisted);
  }

  private async writeBrands(products: readonly ProductRecord[]): Promise<void> {
    const withBrand = products.filter((product) => product.brand !== null);
    await this.brands.load(withBrand.map((product) => product.brand?.slug ?? ''));
    const changed = new Map<string, BrandDocument>();
    for (const product of withBrand) {
      const slug = product.brand?.slug ?? '';
      const startOver = changed.has(slug) ? null : this.startOver(slug);
      if (startOver !== null) changed.set(slug, startOver);
      const next = mergeBrand(changed.get(slug) ?? this.brands.held(slug), product);
      if (next !== null) changed.set(slug, next);
    }
    await this.writeThrough(this.brands, [...changed.values()]);
  }

  /** A rebuild's first sight of a brand with categories: the brand without them, to be written. */
  private startOver(slug: string): BrandDocument | null {
    if (this.rebuiltBrands === null || this.rebuiltBrands.has(slug)) return null;
    this.rebuiltBrands.add(slug);
    const held = this.brands.held(slug);
    return held !== null && held.category_ids.length > 0 ? { ...held, category_ids: [] } : null;
  }

  private async writeCategories(products: readonly ProductRecord[]): Promise<void> {
    await this.categories.load(products.flatMap((product) => product.categoryPath.map((step) => step.id)));
    const changed = new Map<string, CategoryDocument>();
    for (const product of products) {
      for (const doc of mergeCategories(product, (id) => changed.get(id) ?? this.categories.held(id)))
        changed.set(doc.id, doc);
    }
    await this.writeThrough(this.categories, [...changed.values()]);
  }

  private async writeCompletions(products: readonly ProductRecord[]): Promise<void> {
    const changes = products.map(completionChanges);
    const upserts = changes.flatMap((change) => change.upserts);
    const deletes = changes.flatMap((change) => change.deletes);
    if (upserts.length > 0) await this.indices.completions.upsert(upserts);
    if (deletes.length > 0) await this.indices.completions.delete(deletes);
  }

  private async writeThrough<D extends BrandDocument | CategoryDocument>(
    cache: EntityCache<D>,
    docs: D[],
  ): Promise<void> {
    try {
      await cache.write(docs);
    } catch (error) {
      cache.forget(docs.map((doc) => doc.id));
      throw error;
    }
  }
}
