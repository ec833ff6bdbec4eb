/** Filters of the offers section (spec §2.7: country, in stock only, sort order). */
export interface OfferFilters {
  /** ISO alpha-2 upper case, or "*" for every country. */
  readonly country: string;
  readonly inStock: boolean;
  readonly sort: string;
}

/** The JSON API call the browser makes when a filter changes (all offers at once: at most 100). */
export function offersApiUrl(productId: string, locale: string, filters: OfferFilters): string {
  const params = new URLSearchParams({ locale, hitsPerPage: '100', sort: filters.sort, facets: 'country,in_stock' });
  params.set('refinements[country]', filters.country);
  if (filters.inStock) params.set('refinements[in_stock]', 'true');
  return `/api/products/${encodeURIComponent(productId)}/offers?${params.toString()}`;
}

/**
 * Answers of filter changes may arrive out of order: only the one of the latest request counts
 * (spec §4's rule for search, applied here too).
 */
export function latestOnly() {
  let latest = 0;
  return {
    next: () => ++latest,
    isLatest: (ticket: number) => ticket === latest,
  };
}
