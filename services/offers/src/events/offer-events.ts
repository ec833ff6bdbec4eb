import { Events } from '@pc/proto/event-catalog';
import type { PendingEvent } from '@pc/kit/events/publisher';
import { OfferChangeKind, type OfferChanged, type ProductPriceChanged } from '@pc/proto/offers/events/v1/events';
import type { ShopRef } from '@pc/proto/offers/v1/types';
import { toMoneyOrUndefined } from '../domain/money.js';
import { toOfferMessage } from '../domain/offer-message.js';
import type { OfferRecord } from '../domain/offer-record.js';
import { toSummaryMessage, type PriceSummaryRecord } from '../domain/price-summary.js';

/** OfferChanged for an offer write: full new state, the previous price and availability. */
export function offerChanged(
  offer: OfferRecord,
  shop: ShopRef | undefined,
  kind: OfferChangeKind,
  previous: OfferRecord | null,
  changedFields: readonly string[],
  at: Date,
): PendingEvent<OfferChanged> {
  return {
    type: Events.offerChanged,
    key: offer._id,
    payload: {
      offerId: offer._id,
      version: offer.version,
      kind,
      offer: toOfferMessage(offer, shop),
      previousPrice: toMoneyOrUndefined(previous?.price ?? null),
      previousAvailability: previous?.availability ?? 0,
      changedFields: [...changedFields],
      changedAt: at,
    },
  };
}

/** ProductPriceChanged for a summary write, with the values before. */
export function productPriceChanged(
  summary: PriceSummaryRecord,
  previous: PriceSummaryRecord | null,
  at: Date,
): PendingEvent<ProductPriceChanged> {
  const previousLowest = previous?.lowestMinor ?? null;
  return {
    type: Events.productPriceChanged,
    // Key: the product, so all countries of one product stay in order in one partition.
    key: summary.productId,
    payload: {
      productId: summary.productId,
      country: summary.country,
      version: summary.version,
      summary: toSummaryMessage(summary),
      previousLowestPrice:
        previousLowest === null || !previous ? undefined : { amountMinor: previousLowest, currency: previous.currency },
      previousOffersCount: previous?.offersCount ?? 0,
      previousInStockOffersCount: previous?.inStockCount ?? 0,
      changedAt: at,
    },
  };
}
