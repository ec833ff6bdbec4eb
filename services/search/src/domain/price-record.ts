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
  /** Epoch ms of offers' summary `updated_at` (absent in prices kept before it was). */
  readonly updatedAt?: number;
  /**
   * Taken by a rebuild from a summary without a version (an offers from before summaries carried
   * it): `version` is only the one held before (a lower bound), and events are ordered against it
   * by `updatedAt`.
   */
  readonly streamed?: boolean;
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
    ...(summary?.updatedAt ? { updatedAt: summary.updatedAt.getTime() } : {}),
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
  if (held !== undefined && !newerEvent(held, price)) return null;
  return { _id: productId, countries: { ...current?.countries, [country]: price } };
}

/**
 * Whether an event's price is newer than the held one: by version, and against a streamed price
 * (whose version is only a lower bound) also by time, so the events a lagging consumer still
 * holds from before the stream's read do not put an older price back.
 */
function newerEvent(held: CountryPrice, incoming: CountryPrice): boolean {
  if (held.version >= incoming.version) return false;
  if (held.streamed && held.updatedAt !== undefined && incoming.updatedAt !== undefined)
    return incoming.updatedAt > held.updatedAt;
  return true;
}

/**
 * The record with offers' current summary for `country` (a rebuild's stream), or null when the
 * held price is as new or newer, such as one an event applied while the rebuild ran. A summary
 * with a version is ordered by it exactly as an event is (withCountryPrice), not by offers'
 * clocks, which differ between its replicas.
 */
export function withOwnerPrice(
  current: PriceRecord | null,
  productId: string,
  country: string,
  summary: CountryPrice,
): PriceRecord | null {
  if (summary.version > 0) return withCountryPrice(current, productId, country, summary);
  return withUnversionedPrice(current, productId, country, summary);
}

/**
 * The fallback for a summary without a version (an older offers during a rolling deploy): it
 * replaces a held price updated earlier. A held price without `updated_at` was kept before the
 * rebuild started, so the stream, read since, is newer. The held version stays as a lower bound.
 */
function withUnversionedPrice(
  current: PriceRecord | null,
  productId: string,
  country: string,
  summary: CountryPrice,
): PriceRecord | null {
  const held = current?.countries[country];
  if (held?.updatedAt !== undefined && (summary.updatedAt === undefined || held.updatedAt >= summary.updatedAt))
    return null;
  const price: CountryPrice = { ...summary, version: held?.version ?? 0, streamed: true };
  return { _id: productId, countries: { ...current?.countries, [country]: price } };
}
