import type { PriceReduction } from '@pc/proto/offers/v1/types';
import { toMoneyMessage } from '../domain/money.js';
import { isRecentReduction, offerReduction, reductionHistoryStart } from '../domain/price-reduction.js';
import type { StoredOffer } from '../store/offer-repository.js';
import type { OffersDependencies } from './dependencies.js';

/**
 * The reductions of a product's listed offers (ListOffers): each offer's true "was" price and
 * its list price checked against its price history. The history is read only when an offer's
 * price changed within the reduction window, one indexed query per country concerned (the
 * window's months of the product); an older price needs none.
 */
export async function offerReductions(
  productId: string,
  rows: readonly StoredOffer[],
  deps: OffersDependencies,
  now: Date,
): Promise<Map<string, PriceReduction>> {
  const result = new Map<string, PriceReduction>();
  if (!productId || rows.length === 0) return result;
  const recentCountries = new Set(
    rows.filter((offer) => isRecentReduction(new Date(offer.priceChangedAt), now)).map((offer) => offer.country),
  );
  const timelines = new Map<
    string,
    { opening: StoredOffer['lastPoint']; points: readonly NonNullable<StoredOffer['lastPoint']>[] }
  >();
  const start = reductionHistoryStart(now);
  await Promise.all(
    [...recentCountries].map(async (country) => {
      for (const series of await deps.history.series(productId, country, start, now, now))
        timelines.set(series.offerId, series);
    }),
  );
  for (const offer of rows) {
    const reducedAt = new Date(offer.priceChangedAt);
    const reduction = offerReduction(offer.price, offer.listPrice, reducedAt, timelines.get(offer._id) ?? null, now);
    result.set(offer._id, {
      wasPrice:
        reduction.wasMinor === null
          ? undefined
          : toMoneyMessage({ amountMinor: reduction.wasMinor, currency: offer.price.currency }),
      displayWasPrice: undefined,
      reducedAt: reduction.reducedAt,
      listPriceCheck: reduction.listPriceCheck,
    });
  }
  return result;
}
