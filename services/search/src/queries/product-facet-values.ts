import type { FacetBucket } from '@pc/kit/ports/search-index';
import { FacetType, type Facet, type FacetValue } from '@pc/proto/search/v1/types';
import { countryOfToken } from '../domain/countries.js';
import { MAX_FACET_VALUES, PRICE_BUCKETS, type ProductFacet } from '../domain/product-facets.js';
import type { ProductQuery } from '../grpc/product-request.js';
import type { SearchIndices } from '../store/search-indices.js';
import { availabilityLabel, categoryNamesOf, countryLabel, namesOf, priceLabel, ratingLabel } from './facet-labels.js';
import type { ProductSearchResult } from './product-search.js';
import { specFacets } from './spec-facets.js';

/** The fields only a specification's facet fills. */
const NOT_A_SPEC = { label: '', count: 0, numeric: false, unit: '' } as const;

/** The facets of a SearchProducts response, in request order, labelled in the request language. */
export async function productFacets(
  indices: SearchIndices,
  query: ProductQuery,
  result: ProductSearchResult,
): Promise<Facet[]> {
  const visible = new Map<ProductFacet, FacetBucket[]>();
  for (const [facet, buckets] of result.facets) {
    const selected = selectedValues(query, facet);
    // Range-based facets report every bucket: keep those with matches and those refined on.
    visible.set(
      facet,
      buckets.filter((bucket) => bucket.count > 0 || selected.has(bucket.value)).slice(0, MAX_FACET_VALUES),
    );
  }
  const ids = (facet: ProductFacet): string[] => (visible.get(facet) ?? []).map((bucket) => bucket.value);
  const [brands, categories, shops] = await Promise.all([
    namesOf(indices.brands, ids('brand')),
    categoryNamesOf(indices.categories, ids('category'), query.language),
    namesOf(indices.shops, ids('shop')),
  ]);
  const label = (facet: ProductFacet, value: string): string => {
    switch (facet) {
      case 'brand':
        return brands.get(value) ?? value;
      case 'category':
        return categories.get(value) ?? value;
      case 'shop':
        return shops.get(value) ?? value;
      case 'country':
        return countryLabel(value, query.language);
      case 'availability':
        return availabilityLabel(value, query.language);
      case 'rating':
        return ratingLabel(value);
      case 'price':
        return priceLabel(value, query.currency, query.language);
      case 'spec':
        return value;
    }
  };
  return query.facets.flatMap((facet): Facet[] => {
    if (facet === 'spec') return result.specs ? specFacets(result.specs, query) : [];
    const selected = selectedValues(query, facet);
    const values = (visible.get(facet) ?? []).map((bucket): FacetValue => ({
      // Refinements send back plain country codes; the index holds them as tokens.
      value: facet === 'country' ? (countryOfToken(bucket.value) ?? bucket.value) : bucket.value,
      label: label(facet, bucket.value),
      count: bucket.count,
      selected: selected.has(bucket.value),
    }));
    if (facet !== 'price')
      return [{ ...NOT_A_SPEC, name: facet, type: FacetType.FACET_TYPE_TERMS, values, stats: undefined }];
    const stats = result.priceStats;
    const count = (result.facets.get('price') ?? []).reduce((sum, bucket) => sum + bucket.count, 0);
    return [
      {
        ...NOT_A_SPEC,
        name: facet,
        type: FacetType.FACET_TYPE_RANGE,
        values,
        stats:
          stats && stats.min !== null
            ? { min: stats.min, max: stats.max ?? 0, avg: Math.round(stats.avg ?? 0), count }
            : undefined,
      },
    ];
  });
}

/** The facet values the request refined on (as the index holds them). */
function selectedValues(query: ProductQuery, facet: ProductFacet): Set<string> {
  if (facet === 'price') {
    const range = query.priceRange;
    if (!range) return new Set();
    // A bucket is selected when it lies within the refined range.
    const within = PRICE_BUCKETS.filter(
      (bucket) =>
        (range.min === undefined || (bucket.from !== undefined && bucket.from >= range.min)) &&
        (range.max === undefined || (bucket.to !== undefined && bucket.to - 1 <= range.max)),
    );
    return new Set(within.map((bucket) => bucket.key));
  }
  if (facet === 'rating' && query.ratingRange?.min !== undefined) {
    return new Set([...(query.refinements.get('rating') ?? []), String(query.ratingRange.min)]);
  }
  return facet === 'spec' ? new Set() : new Set(query.refinements.get(facet) ?? []);
}
