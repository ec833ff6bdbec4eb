import type { SearchDocument } from '@pc/kit/ports/search-index';
import type { ProductRecord } from './product-record.js';
import { sortName } from './sort-name.js';

export type CategoryDocument = SearchDocument & {
  readonly name: string;
  readonly slug: string;
  /** Ancestor names, root first. */
  readonly path_names: readonly string[];
  /** Null for a root. */
  readonly parent_id: string | null;
  readonly depth: number;
  readonly products_count: number;
  readonly created_at: number;
  readonly count_at: number;
  /** Counted clicks on its products over the last 30 UTC days; absent for none (entity-popularity.ts). */
  readonly clicks_30d?: number;
};

/**
 * The categories of a product's path as documents, each merged with the one held (`held(id)`);
 * only those that change are returned. Names are those of catalog's events (fallback language):
 * the events carry no other translation of category names.
 */
export function mergeCategories(
  product: ProductRecord,
  held: (id: string) => CategoryDocument | null,
): CategoryDocument[] {
  const changed: CategoryDocument[] = [];
  product.categoryPath.forEach((step, depth) => {
    if (!step.id) return;
    const current = held(step.id);
    if (current !== null && current.count_at > product.changedAt) return;
    const ancestors = product.categoryPath.slice(0, depth);
    const next: CategoryDocument = {
      id: step.id,
      name: step.name,
      slug: step.slug,
      sort_name: sortName(step.name),
      path_names: ancestors.map((ancestor) => ancestor.name),
      parent_id: ancestors[ancestors.length - 1]?.id ?? null,
      depth,
      products_count: step.productsCount,
      created_at: current?.created_at ?? product.changedAt,
      count_at: product.changedAt,
      // Its products' clicks are not the product event's: kept as held (entity-popularity.ts).
      clicks_30d: current?.clicks_30d,
    };
    const same =
      current !== null &&
      current.name === next.name &&
      current.slug === next.slug &&
      current.parent_id === next.parent_id &&
      current.products_count === next.products_count &&
      current.path_names.join('\n') === next.path_names.join('\n');
    if (!same) changed.push(next);
  });
  return changed;
}
