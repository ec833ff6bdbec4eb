import type { CategoryRecord } from '../domain/category.js';
import type { ProductRecord } from '../domain/product.js';
import type { ProductRelations } from '../domain/product-message.js';
import type { BrandRepository } from './brand-repository.js';
import type { CategoryRepository } from './category-repository.js';

/** Loads the brands and category paths of many products in two reads (no read per product). */
export class ProductRelationsLoader {
  constructor(
    private readonly brands: BrandRepository,
    private readonly categories: CategoryRepository,
  ) {}

  async load(products: readonly ProductRecord[]): Promise<(product: ProductRecord) => ProductRelations> {
    const [brands, categories] = await Promise.all([
      this.brands.getMany(products.map((product) => product.brandId)),
      this.categories.getMany(products.flatMap((product) => product.categoryPathIds)),
    ]);
    return (product) => ({
      brand: brands.get(product.brandId) ?? undefined,
      categoryPath: product.categoryPathIds.flatMap((id): CategoryRecord[] => {
        const category = categories.get(id);
        return category ? [category] : [];
      }),
    });
  }
}
