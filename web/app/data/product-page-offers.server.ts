import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import type {
  GetPriceHistoryResponse,
  GetPricesAbroadResponse,
  GetPriceTrendResponse,
  ListOffersResponse,
} from '@pc/proto/offers/v1/offers';
import { knownPrices, lookUpPrices, UNKNOWN_PRICES, type PriceLookup } from '~/api/endpoints/product-prices.server';
import type { ApiLocale } from '~/api/http/api-locale.server';
import { config } from '~/config.server';
import {
  getPriceHistory,
  getPricesAbroad,
  getPriceTrend,
  listOffers,
  productPageOffers,
  type ProductPageOffersQuery,
} from '~/services/offers.server';
import { optional } from './load.server';

/** What offers tells the product page; a part offers could not answer is null (spec §8: left out). */
export interface ProductPageOffers {
  readonly prices: PriceLookup;
  readonly listed: ListOffersResponse | null;
  readonly trend: GetPriceTrendResponse | null;
  readonly history: GetPriceHistoryResponse | null;
  readonly abroad: GetPricesAbroadResponse | null;
  /** Offers answered every part (none was left out). */
  readonly complete: boolean;
}

/**
 * The offers' parts of a product page: one batched call (ADR 057), or one call per part when so
 * configured or when offers does not know the batched call yet (a site deployed before it).
 */
export async function readProductPageOffers(
  query: ProductPageOffersQuery,
  locale: ApiLocale,
): Promise<ProductPageOffers> {
  if (config.PRODUCT_PAGE_READS === 'batched') {
    try {
      return await batched(query);
    } catch (error) {
      if (!(error instanceof RpcError && error.code === GrpcStatus.UNIMPLEMENTED)) return failed(error);
    }
  }
  return separate(query, locale);
}

async function batched(query: ProductPageOffersQuery): Promise<ProductPageOffers> {
  const answer = await productPageOffers(query);
  const summaries = answer.failedParts.includes('summaries') ? null : (answer.summaries?.summaries ?? []);
  return {
    prices: summaries ? knownPrices(new Map(summaries.map((s) => [s.productId, s]))) : UNKNOWN_PRICES,
    listed: answer.offers ?? null,
    trend: answer.trend ?? null,
    history: answer.history ?? null,
    abroad: answer.abroad ?? null,
    complete: answer.failedParts.length === 0,
  };
}

/** The whole batched call failed: every part is left out, as each separate call would be. */
function failed(error: unknown): ProductPageOffers {
  if (!(error instanceof RpcError)) throw error;
  return { prices: UNKNOWN_PRICES, listed: null, trend: null, history: null, abroad: null, complete: false };
}

async function separate(query: ProductPageOffersQuery, locale: ApiLocale): Promise<ProductPageOffers> {
  const { productId, country, displayCurrency } = query;
  const [prices, listed, trend, history, abroad] = await Promise.all([
    lookUpPrices([productId], locale),
    optional(listOffers(query.offers)),
    optional(getPriceTrend(productId, country, displayCurrency)),
    optional(getPriceHistory(query.history)),
    optional(getPricesAbroad(productId, country, displayCurrency)),
  ]);
  const complete = prices.known && [listed, trend, history, abroad].every((part) => part !== null);
  return { prices, listed, trend, history, abroad, complete };
}
