import type { SortClause } from '@pc/kit/ports/search-index';
import { ProductSort } from '@pc/proto/common/v1/sort';
import type { Country } from './countries.js';
import { ProductFields as F } from './product-fields.js';

/** The seven sorts of spec §9 in the order the site offers them, with their URL keys (proto). */
export const PRODUCT_SORTS: readonly { readonly sort: ProductSort; readonly key: string }[] = [
  { sort: ProductSort.PRODUCT_SORT_RELEVANCE, key: 'relevance' },
  { sort: ProductSort.PRODUCT_SORT_RANK, key: 'rank' },
  { sort: ProductSort.PRODUCT_SORT_CHEAPEST, key: 'cheapest' },
  { sort: ProductSort.PRODUCT_SORT_MOST_EXPENSIVE, key: 'most-expensive' },
  { sort: ProductSort.PRODUCT_SORT_NEWEST, key: 'new' },
  { sort: ProductSort.PRODUCT_SORT_PRICE_DROP, key: 'price-drop' },
  { sort: ProductSort.PRODUCT_SORT_RATING, key: 'rating' },
];

/** Relevance with a query, rank (popularity) without one. */
export function defaultProductSort(hasQuery: boolean): ProductSort {
  return hasQuery ? ProductSort.PRODUCT_SORT_RELEVANCE : ProductSort.PRODUCT_SORT_RANK;
}

/** The sorts offered: relevance only with a query. */
export function offeredProductSorts(hasQuery: boolean): ProductSort[] {
  return PRODUCT_SORTS.map(({ sort }) => sort).filter(
    (sort) => hasQuery || sort !== ProductSort.PRODUCT_SORT_RELEVANCE,
  );
}

/**
 * The port's sort clauses of a sort in a country. Prices are the lowest price in the country;
 * products without one (not offered there) come last in both price orders, as do unrated
 * products and products without a drop. No clause means relevance (the port's default).
 */
export function productSortClauses(sort: ProductSort, country: Country): SortClause[] {
  switch (sort) {
    case ProductSort.PRODUCT_SORT_CHEAPEST:
      return [{ field: F.price(country), order: 'asc' }];
    case ProductSort.PRODUCT_SORT_MOST_EXPENSIVE:
      return [{ field: F.price(country), order: 'desc' }];
    case ProductSort.PRODUCT_SORT_NEWEST:
      return [{ field: F.createdAt, order: 'desc' }];
    case ProductSort.PRODUCT_SORT_PRICE_DROP:
      return [
        { field: F.dropPercent(country), order: 'desc' },
        { field: F.price(country), order: 'asc' },
      ];
    case ProductSort.PRODUCT_SORT_RATING:
      return [
        { field: F.rating, order: 'desc' },
        { field: F.ratingCount, order: 'desc' },
      ];
    case ProductSort.PRODUCT_SORT_RANK:
      return [
        { field: F.rank(country), order: 'desc' },
        { field: F.ratingCount, order: 'desc' },
      ];
    default:
      return [];
  }
}
