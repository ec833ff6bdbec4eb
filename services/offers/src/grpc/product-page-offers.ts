import type { Logger } from 'pino';
import type { GetProductPageOffersRequest, GetProductPageOffersResponse } from '@pc/proto/offers/v1/offers';
import { DomainError } from '@pc/kit/errors/domain-errors';
import { monthOf } from '../store/price-month-repository.js';
import type { OffersDependencies } from './dependencies.js';
import { listOffers } from './list-offers.js';
import { getPriceHistory } from './price-history.js';
import { getProductPriceSummaries } from './price-summaries.js';
import { getPriceTrend, trendHistoryStart } from './price-trend.js';
import { getPricesAbroad } from './prices-abroad.js';
import { RequestChecks } from './request-fields.js';
import { withSharedProductReads } from './shared-product-reads.js';

type Part = keyof Omit<GetProductPageOffersResponse, 'failedParts'>;

/** The product each asked part is about (a summaries part may list only that product). */
function productIdsOf(request: GetProductPageOffersRequest): string[] {
  return [
    request.offers?.productId,
    ...(request.summaries?.productIds ?? []),
    request.trend?.productId,
    request.history?.productId,
    request.abroad?.productId,
  ].filter((id): id is string => id !== undefined);
}

/**
 * GetProductPageOffers (ADR 057): the product page's five offers reads in one round trip. Each
 * part runs the handler of its own RPC, so its answer is that RPC's answer; a failing part is
 * left out as the page would leave out a failing call, and named. The product's offers, its
 * price months and the offers' shops are read once for all parts (`withSharedProductReads`).
 */
export async function getProductPageOffers(
  request: GetProductPageOffersRequest,
  deps: OffersDependencies,
  logger: Logger,
): Promise<GetProductPageOffersResponse> {
  const checks = new RequestChecks();
  const ids = new Set(productIdsOf(request));
  if (ids.size === 0) checks.add('offers', 'at least one part about a product is required', 'required');
  if (ids.size > 1) checks.add('summaries.product_ids', 'every part must be about the same product', 'same');
  checks.done();

  // The trend reads the whole history kept, the earliest month of any part.
  const monthsFrom = request.trend ? monthOf(trendHistoryStart(deps.clock()).toISOString()) : undefined;
  const shared = withSharedProductReads(deps, [...ids][0]!, monthsFrom);
  const parts: { [K in Part]?: () => Promise<NonNullable<GetProductPageOffersResponse[K]>> } = {
    offers: request.offers && (() => listOffers(request.offers!, shared)),
    summaries: request.summaries && (() => getProductPriceSummaries(request.summaries!, shared)),
    trend: request.trend && (() => getPriceTrend(request.trend!, shared)),
    history: request.history && (() => getPriceHistory(request.history!, shared)),
    abroad: request.abroad && (() => getPricesAbroad(request.abroad!, shared)),
  };
  const asked = (Object.keys(parts) as Part[]).filter((part) => parts[part] !== undefined);
  const settled = await Promise.allSettled(asked.map((part) => parts[part]!()));
  const response: GetProductPageOffersResponse = { failedParts: [] };
  settled.forEach((outcome, index) => {
    const part = asked[index]!;
    if (outcome.status === 'fulfilled') {
      (response as Record<Part, unknown>)[part] = outcome.value;
      return;
    }
    // A domain error is the part's own answer (bad field, missing FX rate); anything else is ours.
    if (!(outcome.reason instanceof DomainError))
      logger.error({ err: outcome.reason, part }, 'a part of the product page failed');
    response.failedParts.push(part);
  });
  return response;
}
