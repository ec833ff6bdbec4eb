import { RpcError } from '@pc/kit/errors/grpc-errors';
import type { ProductPriceSummary } from '@pc/proto/offers/v1/types';
import { productPriceSummaries } from '~/services/offers.server';
import type { ApiLocale } from '../http/api-locale.server';
import type { PriceKnowledge } from '../mappers/product.server';

export interface PriceLookup {
  /** False when the offers service failed: prices are unknown, not absent. */
  readonly known: boolean;
  of(productId: string): PriceKnowledge;
}

/**
 * The prices of catalog products in the locale's country. Prices are related data of a catalog
 * answer (spec §8: failures loading related data are ignored): when offers fails the products
 * are still served, with unknown prices, and the caller does not cache that answer.
 */
export async function lookUpPrices(productIds: readonly string[], locale: ApiLocale): Promise<PriceLookup> {
  let summaries: Map<string, ProductPriceSummary>;
  try {
    summaries = await productPriceSummaries(productIds, locale.country, locale.currency);
  } catch (error) {
    if (!(error instanceof RpcError)) throw error;
    return UNKNOWN_PRICES;
  }
  return knownPrices(summaries);
}

/** Prices as offers answered them (an absent product has no offer in the country). */
export function knownPrices(summaries: ReadonlyMap<string, ProductPriceSummary>): PriceLookup {
  return { known: true, of: (productId) => ({ known: true, summary: summaries.get(productId) }) };
}

/** Prices when offers failed: unknown, not absent. */
export const UNKNOWN_PRICES: PriceLookup = { known: false, of: () => ({ known: false }) };
