import type { BrandRepository } from '../store/brand-repository.js';
import type { CategoryRepository, StoredCategory } from '../store/category-repository.js';
import type { ProductRepository } from '../store/product-repository.js';

/** Retries of one recount that keeps losing to concurrent writers before giving up. */
const MAX_ATTEMPTS = 10;

/**
 * Product counts of brands and categories, recounted from the products rather than incremented:
 * a recount after a crash or a redelivery gives the same answer, an increment would count twice.
 * Each recount reads the version first, then the counts, and writes only if the version is
 * unchanged: a writer that read stale counts loses to the one that read fresh ones and retries.
 */
export class ProductCounts {
  constructor(
    private readonly products: ProductRepository,
    private readonly brands: BrandRepository,
    private readonly categories: CategoryRepository,
  ) {}

  async recountBrands(brandIds: readonly string[]): Promise<void> {
    await Promise.all([...new Set(brandIds)].filter((id) => id !== '').map((id) => this.recountBrand(id)));
  }

  /** Recounts the categories and all their ancestors, deepest first (a parent sums its children). */
  async recountCategories(categoryIds: readonly string[]): Promise<void> {
    const touched = await this.categories.getMany(categoryIds);
    const ids = new Set<string>();
    for (const category of touched.values()) for (const id of [...category.ancestorIds, category._id]) ids.add(id);
    const byDepth = new Map<number, string[]>();
    for (const category of (await this.categories.getMany([...ids])).values()) {
      const depth = category.ancestorIds.length;
      byDepth.set(depth, [...(byDepth.get(depth) ?? []), category._id]);
    }
    for (const depth of [...byDepth.keys()].sort((a, b) => b - a)) {
      await Promise.all((byDepth.get(depth) ?? []).map((id) => this.recountCategory(id)));
    }
  }

  private async recountBrand(id: string): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const brand = await this.brands.get(id);
      if (!brand) return;
      const productsCount = await this.products.countActive({ brandId: id });
      if (brand.productsCount === productsCount) return;
      if (await this.brands.replaceIfUnchanged({ ...brand, productsCount }, brand._version)) return;
    }
    throw new Error(`brand ${id}: products count kept changing under ${MAX_ATTEMPTS} recounts`);
  }

  private async recountCategory(id: string): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const category = await this.categories.get(id);
      if (!category) return;
      const [directProductsCount, children] = await Promise.all([
        this.products.countActive({ categoryId: id }),
        this.categories.childrenOf([id]),
      ]);
      const productsCount =
        directProductsCount + children.reduce((sum, child: StoredCategory) => sum + child.productsCount, 0);
      if (category.productsCount === productsCount && (category.directProductsCount ?? 0) === directProductsCount)
        return;
      if (await this.categories.replaceIfUnchanged({ ...category, productsCount, directProductsCount }, category))
        return;
    }
    throw new Error(`category ${id}: products count kept changing under ${MAX_ATTEMPTS} recounts`);
  }
}
