/**
 * Cache-Control of the API's answers. Catalog data changes rarely and may be an hour old (the
 * spec's GET helper asks for max-age 3600); prices change with every feed, so answers that
 * carry live prices are cached for a minute; a price history moves at most with the day's low,
 * so five minutes, like the search box's suggestions (names of what the catalog has). Errors and
 * answers built while a service was degraded are never cached.
 */
export const CachePolicy = {
  catalog: 'public, max-age=3600',
  livePrices: 'public, max-age=60',
  priceHistory: 'public, max-age=300',
  suggestions: 'public, max-age=300',
  none: 'no-store',
} as const;

export type CacheControl = (typeof CachePolicy)[keyof typeof CachePolicy];
