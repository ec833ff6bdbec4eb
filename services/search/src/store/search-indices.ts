import type { SearchIndex, SearchIndexHandle } from '@pc/kit/ports/search-index';
import type { BrandDocument } from '../domain/brand-document.js';
import type { CompletionDocument } from '../domain/completion-documents.js';
import type { CategoryDocument } from '../domain/category-document.js';
import {
  BRAND_INDEX_SCHEMA,
  CATEGORY_INDEX_SCHEMA,
  COMPLETION_INDEX_SCHEMA,
  SHOP_INDEX_SCHEMA,
} from '../domain/entity-schemas.js';
import type { ProductDocument } from '../domain/product-document.js';
import { PRODUCT_INDEX_SCHEMA } from '../domain/product-fields.js';
import type { ShopDocument } from '../domain/shop-document.js';

/** The indices search owns (proto IndexKind), opened on one SearchIndex. */
export interface SearchIndices {
  readonly products: SearchIndexHandle<ProductDocument>;
  readonly brands: SearchIndexHandle<BrandDocument>;
  readonly categories: SearchIndexHandle<CategoryDocument>;
  readonly shops: SearchIndexHandle<ShopDocument>;
  readonly completions: SearchIndexHandle<CompletionDocument>;
}

export async function openSearchIndices(index: SearchIndex): Promise<SearchIndices> {
  const [products, brands, categories, shops, completions] = await Promise.all([
    index.index<ProductDocument>(PRODUCT_INDEX_SCHEMA),
    index.index<BrandDocument>(BRAND_INDEX_SCHEMA),
    index.index<CategoryDocument>(CATEGORY_INDEX_SCHEMA),
    index.index<ShopDocument>(SHOP_INDEX_SCHEMA),
    index.index<CompletionDocument>(COMPLETION_INDEX_SCHEMA),
  ]);
  return { products, brands, categories, shops, completions };
}

/** Makes every acknowledged write of every index searchable. */
export async function refreshAll(indices: SearchIndices): Promise<void> {
  await Promise.all(Object.values(indices).map((handle: SearchIndexHandle<never>) => handle.refresh()));
}
