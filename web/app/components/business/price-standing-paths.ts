/** Where a shop's price standing lives (ADR 144): in the business area beside its settings. */
export const priceStandingPath = (shopId: string, query?: { country?: string; page?: string }): string => {
  const search = new URLSearchParams();
  if (query?.country) search.set('country', query.country);
  if (query?.page) search.set('page', query.page);
  const text = search.toString();
  return `/account/business/shops/${encodeURIComponent(shopId)}/prices${text ? `?${text}` : ''}`;
};

/** The CSV download of every product the shop is not the cheapest of, in a country. */
export const priceStandingCsvPath = (shopId: string, country: string): string =>
  `/account/business/shops/${encodeURIComponent(shopId)}/prices.csv?country=${encodeURIComponent(country)}`;

/** The download's file name: the shop and the country, in characters every file system takes. */
export const priceStandingFileName = (shopId: string, country: string): string =>
  `prices-${shopId.replace(/[^\w-]/g, '_')}-${country.replace(/[^\w-]/g, '_')}.csv`;
