import type { SearchDocument } from '@pc/kit/ports/search-index';
import { countryToken, servedCountry } from './countries.js';
import type { ShopRecord } from './shop-record.js';
import { sortName } from './sort-name.js';

export type ShopDocument = SearchDocument & {
  readonly name: string;
  readonly domain: string;
  readonly favicon_url: string;
  /** ISO codes as the shop gave them (display); `countries` holds the served ones as tokens. */
  readonly country_codes: readonly string[];
  readonly offers_count: number;
  /** Counted clicks on its offers over the last 30 UTC days; absent for none (entity-popularity.ts). */
  readonly clicks_30d?: number;
  /** Visitors' rating (display only); absent while the shop has no published review. */
  readonly rating_value?: number;
  readonly rating_count?: number;
};

/**
 * The shop index document, or null when the shop must not be listed. Without `clicks_30d`: the
 * clicks on its offers are not the shop record's (the entity writer adds them).
 */
export function shopDocument(shop: ShopRecord): ShopDocument | null {
  if (shop.deleted || !shop.listed) return null;
  return {
    id: shop._id,
    name: shop.name,
    domain: shop.domain,
    sort_name: sortName(shop.name),
    countries: shop.countries.flatMap((code) => {
      const country = servedCountry(code);
      return country ? [countryToken(country)] : [];
    }),
    country_codes: shop.countries,
    favicon_url: shop.faviconUrl,
    offers_count: shop.offersCount,
    created_at: shop.registeredAt,
    ...(shop.rating ? { rating_value: shop.rating.value, rating_count: shop.rating.count } : {}),
  };
}
