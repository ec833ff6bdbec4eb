import type { DerivedSync } from '../derived/derived-sync.js';
import type { BrandRepository } from '../store/brand-repository.js';
import type { CategoryRepository } from '../store/category-repository.js';
import type { ProductKeyRepository } from '../store/product-key-repository.js';
import type { ProductRepository } from '../store/product-repository.js';
import type { ProductChangeWriter } from './product-change-writer.js';

/** What the staff's product writes (UpdateProduct, MergeProducts) work with. */
export interface ProductEditDependencies {
  readonly products: ProductRepository;
  readonly brands: BrandRepository;
  readonly categories: CategoryRepository;
  readonly keys: ProductKeyRepository;
  readonly writer: ProductChangeWriter;
  readonly derived: DerivedSync;
}
