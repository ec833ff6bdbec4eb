import type { FacetRequest, SearchFilter } from '@pc/kit/ports/search-index';
import type { Country } from '../domain/countries.js';
import { PRICE_BUCKETS, RATING_STEPS, SPEC_FACET_PREFIX, type ProductFacet } from '../domain/product-facets.js';
import { ProductFields as F } from '../domain/product-fields.js';
import { specTerm } from '../domain/product-specs.js';
import { SPEC_VALUES_FACET } from './spec-facets.js';
import type { ProductQuery, Range } from '../grpc/product-request.js';

/**
 * The filters of a product search: the page's fixed ones, and the visitor's refinements per
 * facet (a product facet's name, or a specification's `spec:<key>`).
 */
export interface ProductFilters {
  readonly base: readonly SearchFilter[];
  readonly refinements: ReadonlyMap<string, readonly SearchFilter[]>;
}

/** What `similar_to_product_id` resolved to: the product's category (or brand) and the product to leave out. */
export interface Similarity {
  readonly categoryId: string | null;
  readonly brandSlug: string | null;
}

/** The filters of a query, its specification ranges aside (`withSpecRanges` adds them). */
export function productFilters(query: ProductQuery, similar: Similarity | null): ProductFilters {
  const { country, filter } = query;
  const base: SearchFilter[] = [];
  if (filter.brandSlug) base.push({ field: F.brandSlug, anyOf: [filter.brandSlug] });
  if (filter.categoryId) base.push({ field: F.categoryPath, anyOf: [filter.categoryId] });
  if (filter.shopId) base.push({ field: F.shops(country), anyOf: [filter.shopId] });
  if (filter.productIds.length > 0) base.push({ field: 'id', anyOf: filter.productIds });
  if (filter.gtin) base.push({ field: F.gtins, anyOf: [filter.gtin] });
  if (filter.inStockOnly) base.push({ field: F.inStock(country), gte: 1 });
  if (filter.greenOnly) base.push({ field: F.green(country), gte: 1 });
  if (filter.withOffersOnly) base.push({ field: F.offers(country), gte: 1 });
  if (similar?.categoryId) base.push({ field: F.categoryId, anyOf: [similar.categoryId] });
  else if (similar?.brandSlug) base.push({ field: F.brandSlug, anyOf: [similar.brandSlug] });

  const refinements = new Map<string, SearchFilter[]>();
  const add = (facet: string, ...filters: SearchFilter[]): void => {
    refinements.set(facet, [...(refinements.get(facet) ?? []), ...filters]);
  };
  for (const [facet, values] of query.refinements) {
    if (facet === 'brand') add(facet, { field: F.brandSlug, anyOf: values });
    if (facet === 'category') add(facet, { field: F.categoryPath, anyOf: values });
    if (facet === 'shop') add(facet, { field: F.shops(country), anyOf: values });
    if (facet === 'country') add(facet, { field: F.countries, anyOf: values });
    if (facet === 'availability') add(facet, availabilityFilter(country, values));
    if (facet === 'rating') add(facet, { field: F.rating, gte: Math.min(...values.map(Number)) });
  }
  for (const [key, values] of query.specRefinements)
    add(`${SPEC_FACET_PREFIX}${key}`, { field: F.specs, anyOf: values.map((value) => specTerm(key, value)) });
  if (query.priceRange) add('price', priceFilter(country, query.priceRange));
  if (query.ratingRange) add('rating', ratingFilter(query.ratingRange));
  if (query.dropRange) add('drop', dropFilter(country, query.dropRange));
  return { base, refinements };
}

/**
 * The filters with each specification range refined as the values it selects (looked up over
 * the result without the ranges: product-search.ts); a range that selects none leaves nothing.
 */
export function withSpecRanges(
  filters: ProductFilters,
  selected: ReadonlyMap<string, readonly string[]>,
): ProductFilters {
  if (selected.size === 0) return filters;
  const refinements = new Map(filters.refinements);
  for (const [key, values] of selected)
    refinements.set(`${SPEC_FACET_PREFIX}${key}`, [
      { field: F.specs, anyOf: values.map((value) => specTerm(key, value)) },
    ]);
  return { base: filters.base, refinements };
}

/** Every filter, or every filter but those refining `facet` (its facet keeps other values selectable). */
export function filtersExcept(filters: ProductFilters, facet?: string): SearchFilter[] {
  const refined = [...filters.refinements].filter(([name]) => name !== facet).flatMap(([, list]) => list);
  return [...filters.base, ...refined];
}

/** In stock: an in-stock offer in the country; out of stock: offered there, none in stock. */
function availabilityFilter(country: Country, values: readonly string[]): SearchFilter {
  const inStock = values.includes('in_stock');
  const outOfStock = values.includes('out_of_stock');
  if (inStock && outOfStock) return { field: F.inStock(country), gte: 0 };
  return inStock ? { field: F.inStock(country), gte: 1 } : { field: F.inStock(country), gte: 0, lt: 1 };
}

/** Inclusive bounds over integer minor units: [ceil(min), floor(max) + 1). */
function priceFilter(country: Country, range: Range): SearchFilter {
  return {
    field: F.price(country),
    gte: range.min === undefined ? undefined : Math.ceil(range.min),
    lt: range.max === undefined ? undefined : Math.floor(range.max) + 1,
  };
}

/** Inclusive bounds over averages with one decimal shown: the max bound admits what rounds to it. */
function ratingFilter(range: Range): SearchFilter {
  return { field: F.rating, gte: range.min, lt: range.max === undefined ? undefined : range.max + 1e-9 };
}

/**
 * Inclusive bounds over drops with one decimal (offers rounds them so). A product without a drop
 * in the country (not cheaper than its reference, or no reference) has no drop field: it is in no
 * drop range, so `drop ≥ 0` already means "priced below its reference".
 */
function dropFilter(country: Country, range: Range): SearchFilter {
  return {
    field: F.dropPercent(country),
    gte: range.min ?? 0,
    lt: range.max === undefined ? undefined : range.max + 1e-9,
  };
}

/** The port facet that computes a product facet in a country. */
export function facetRequest(facet: ProductFacet, country: Country): FacetRequest {
  switch (facet) {
    case 'brand':
      // Large, so that a refined brand with few products is still among the buckets to mark selected.
      return { field: F.brandSlug, type: 'terms', size: 1000 };
    case 'category':
      return { field: F.categoryId, type: 'terms', size: 50 };
    case 'shop':
      return { field: F.shops(country), type: 'terms', size: 1000 };
    case 'country':
      return { field: F.countries, type: 'terms', size: 50 };
    case 'availability':
      return {
        field: F.inStock(country),
        type: 'range',
        ranges: [
          { key: 'in_stock', from: 1 },
          { key: 'out_of_stock', from: 0, to: 1 },
        ],
      };
    case 'rating':
      return {
        field: F.rating,
        type: 'range',
        ranges: RATING_STEPS.map((step) => ({ key: String(step), from: step })),
      };
    case 'spec':
      return SPEC_VALUES_FACET; // never asked alone: spec-facets.ts
    case 'price':
      return {
        field: F.price(country),
        type: 'range',
        ranges: PRICE_BUCKETS.map(({ key, from, to }) => ({ key, from, to })),
      };
  }
}
