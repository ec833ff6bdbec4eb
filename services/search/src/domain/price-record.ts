import { PriceTrend } from '@pc/proto/common/v1/commerce';
import type { ProductPriceSummary } from '@pc/proto/offers/v1/types';

/** A product's price picture in one country (from offers.product-price-changed.v1). */
export interface CountryPrice {
  /** Monotonic per product and country. */
  readonly version: number;
  /** Minor units; null when no active offer is left. */
  readonly lowest: number | null;
  readonly highest: number | null;
  readonly currency: string;
  readonly offers: number;
  readonly inStock: number;
  readonly trend: PriceTrend;
  readonly dropPercent: number;
  readonly green: boolean;
}

/** Side state: every country's prices of one product (`prices` collection, id = product id). */
export interface PriceRecord {
  readonly _id: string;
  readonly countries: Readonly<Record<string, CountryPrice>>;
}

export function countryPriceOf(version: number, summary: ProductPriceSummary | undefined): CountryPrice {
  const lowest = summary?.lowestPrice;
  return {
    version,
    lowest: lowest ? lowest.amountMinor : null,
    highest: summary?.highestPrice ? summary.highestPrice.amountMinor : null,
    currency: lowest?.currency ?? summary?.highestPrice?.currency ?? '',
    offers: summary?.offersCount ?? 0,
    inStock: summary?.inStockOffersCount ?? 0,
    trend: summary?.trend ?? PriceTrend.PRICE_TREND_UNSPECIFIED,
    dropPercent: summary?.priceDropPercent ?? 0,
    green: summary?.hasGreenOffer ?? false,
  };
}

/** The record with `price` applied for `country`, or null when it is not newer than the one held. */
export function withCountryPrice(
  current: PriceRecord | null,
  productId: string,
  country: string,
  price: CountryPrice,
): PriceRecord | null {
  const held = current?.countries[country];
  if (held !== undefined && held.version >= price.version) return null;
  return { _id: productId, countries: { ...current?.countries, [country]: price } };
}
