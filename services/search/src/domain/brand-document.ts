import type { SearchDocument } from '@pc/kit/ports/search-index';
import type { ProductRecord } from './product-record.js';
import { initialLetter, sortName } from './sort-name.js';

export type BrandDocument = SearchDocument & {
  readonly brand_id: string;
  readonly name: string;
  readonly category_ids: readonly string[];
  readonly products_count: number;
  readonly created_at: number;
  /** Event time of the products_count held, so an older event does not overwrite a newer count. */
  readonly count_at: number;
  /** Counted clicks on its products over the last 30 UTC days; absent for none (entity-popularity.ts). */
  readonly clicks_30d?: number;
};

/**
 * The brand document after seeing one of its products (id = slug, the brand page's address), or
 * null when nothing changes. The brand's name and product count come from catalog's BrandRef in
 * the product event (the newest event wins); its categories grow with every product seen.
 */
export function mergeBrand(current: BrandDocument | null, product: ProductRecord): BrandDocument | null {
  const brand = product.brand;
  if (brand === null) return null;
  const newer = current === null || product.changedAt >= current.count_at;
  const categories = new Set(current?.category_ids ?? []);
  const before = categories.size;
  for (const step of product.categoryPath) categories.add(step.id);
  const name = newer ? brand.name : (current?.name ?? brand.name);
  const next: BrandDocument = {
    id: brand.slug,
    brand_id: brand.id,
    name,
    sort_name: sortName(name),
    letter: initialLetter(name),
    category_ids: [...categories].sort(),
    products_count: newer ? brand.productsCount : (current?.products_count ?? 0),
    created_at: current?.created_at ?? product.createdAt,
    count_at: newer ? product.changedAt : (current?.count_at ?? 0),
    // Its products' clicks are not the product event's: kept as held (entity-popularity.ts).
    clicks_30d: current?.clicks_30d,
  };
  const same =
    current !== null &&
    categories.size === before &&
    current.name === next.name &&
    current.brand_id === next.brand_id &&
    current.products_count === next.products_count;
  return same ? null : next;
}
