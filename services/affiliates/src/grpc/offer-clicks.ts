import type { GetOfferClicksRequest, GetOfferClicksResponse } from '@pc/proto/affiliates/v1/affiliates';
import { FieldChecks } from '@pc/kit/errors/field-checks';
import { previousMonth, shardOf, tallyId, utcMonth } from '../domain/click-buckets.js';
import type { ClickAggregateRepository } from '../store/click-aggregate-repository.js';

const MAX_OFFERS = 100;

/**
 * GetOfferClicks (spec §3 Offer `clicks`): counted clicks of each offer in this and the previous
 * UTC month, from its shop's monthly tally shard of its product — two documents per shop and
 * product, however many offers a product page lists.
 */
export async function getOfferClicks(
  request: GetOfferClicksRequest,
  aggregates: ClickAggregateRepository,
  now: Date,
): Promise<GetOfferClicksResponse> {
  const checks = new FieldChecks();
  if (request.offers.length === 0) checks.add('offers', 'is required', 'required');
  checks.maxItems('offers', request.offers.length, MAX_OFFERS);
  request.offers.forEach((offer, i) => {
    if (!offer.offerId.trim()) checks.add(`offers[${i}].offer_id`, 'is required', 'required');
    if (!offer.shopId.trim()) checks.add(`offers[${i}].shop_id`, 'is required', 'required');
    if (!offer.productId.trim()) checks.add(`offers[${i}].product_id`, 'is required', 'required');
  });
  checks.done();
  const month = utcMonth(now);
  const months = [month, previousMonth(month)];
  const idsOf = (offer: { shopId: string; productId: string }) =>
    months.map((m) => tallyId(offer.shopId.trim(), m, shardOf(offer.productId.trim())));
  const tallies = await aggregates.getTallies([...new Set(request.offers.flatMap(idsOf))]);
  const byId = new Map(tallies.map((tally) => [tally._id, tally.offers]));
  return {
    offers: request.offers.map((offer) => ({
      offerId: offer.offerId,
      clicks: idsOf(offer).reduce((sum, id) => sum + (byId.get(id)?.[offer.offerId.trim()] ?? 0), 0),
    })),
  };
}
