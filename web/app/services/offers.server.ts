import { createServiceClient } from '@pc/kit/grpc/client';
import type { Condition } from '@pc/proto/common/v1/commerce';
import {
  OffersServiceService,
  type GetPriceHistoryResponse,
  type ListOffersResponse,
  type OfferSort,
  type PriceHistoryRange,
} from '@pc/proto/offers/v1/offers';
import type { ProductPriceSummary, Shop } from '@pc/proto/offers/v1/types';
import { config, serviceAddress } from '~/config.server';

/**
 * Gateway to the offers service. Routes call view-shaped functions added here (never grpc-js);
 * the client shares the process-wide channel to the service and puts a deadline on every call.
 */
export const offers = createServiceClient(OffersServiceService, serviceAddress('offers'), {
  deadlineMs: config.SERVICE_DEADLINE_MS,
});

export interface OffersQuery {
  /** The product whose offers to list, or */
  readonly productId: string;
  /** the shop whose offers to list (one of the two). */
  readonly shopId: string;
  /** ISO 3166-1 alpha-2, or "*" for every country. */
  readonly country: string;
  readonly inStockOnly: boolean;
  readonly greenOnly: boolean;
  readonly conditions: readonly Condition[];
  readonly sort: OfferSort;
  readonly page: number;
  readonly hitsPerPage: number;
  /** Prices are converted into this currency. */
  readonly displayCurrency: string;
}

/** A page of offers with the country and in-stock counts of the same product or shop. */
export function listOffers(query: OffersQuery): Promise<ListOffersResponse> {
  return offers.listOffers({
    productId: query.productId,
    shopId: query.shopId,
    country: query.country,
    inStockOnly: query.inStockOnly,
    greenOnly: query.greenOnly,
    conditions: [...query.conditions],
    sort: query.sort,
    page: { page: query.page, hitsPerPage: query.hitsPerPage },
    displayCurrency: query.displayCurrency,
  });
}

/** Lowest price, offer counts and trend per product in one country (products without offers are absent). */
export async function productPriceSummaries(
  productIds: readonly string[],
  country: string,
  displayCurrency: string,
): Promise<Map<string, ProductPriceSummary>> {
  if (productIds.length === 0) return new Map();
  const { summaries } = await offers.getProductPriceSummaries({ productIds: [...productIds], country, displayCurrency });
  return new Map(summaries.map((summary) => [summary.productId, summary]));
}

export interface PriceHistoryQuery {
  readonly productId: string;
  readonly country: string;
  readonly range: PriceHistoryRange;
  readonly includeOffers: boolean;
  readonly displayCurrency: string;
}

export function getPriceHistory(query: PriceHistoryQuery): Promise<GetPriceHistoryResponse> {
  return offers.getPriceHistory({
    productId: query.productId,
    country: query.country,
    range: query.range,
    timeRange: undefined,
    includeOffers: query.includeOffers,
    displayCurrency: query.displayCurrency,
  });
}

/** A shop as a public reader sees it (NOT_FOUND for unknown, deleted or unlisted shops). */
export async function getShop(shopId: string): Promise<Shop> {
  const { shop } = await offers.getShop({ shopId, actorUserId: '' });
  if (!shop) throw new Error('offers answered without a shop');
  return shop;
}

/** The lowest price of a product in every other served country, converted (spec §2.7 prices abroad). */
export function getPricesAbroad(productId: string, homeCountry: string, displayCurrency: string) {
  return offers.getPricesAbroad({ productId, homeCountry, displayCurrency, countries: [] });
}

/** Down, stable or up over the last 30 days, with the reference price (spec §4 price trend). */
export function getPriceTrend(productId: string, country: string, displayCurrency: string) {
  return offers.getPriceTrend({ productId, country, windowDays: 0, displayCurrency });
}
