import { Condition } from '@pc/proto/common/v1/commerce';
import { ExtractionMethod, ObservationSource, type OfferObserved } from '@pc/proto/crawler/events/v1/events';
import type { SeedOffer } from '../offers/seed-offer.js';
import type { OfferState } from '../history/offer-state.js';

/** An observation ready to publish: the record key, the envelope's event id and the payload. */
export interface PendingObservation {
  readonly key: string;
  readonly eventId: string;
  readonly observedAt: Date;
  readonly payload: OfferObserved;
}

/** The OfferObserved a crawler would emit after reading this offer's page at `observedAt`. */
export function observationOf(
  offer: SeedOffer,
  state: OfferState,
  shopId: string,
  observedAt: Date,
  observationId: string,
  crawlJobId: string,
): OfferObserved {
  const money = (amountMinor: number) => ({ amountMinor, currency: offer.currency });
  return {
    observationId,
    shopId,
    shopOfferId: offer.shopOfferId,
    url: offer.url,
    title: offer.title,
    description: offer.description,
    brand: offer.brand,
    gtin: offer.gtin,
    rawGtin: offer.rawGtin,
    mpn: offer.mpn,
    categoryPath: offer.categoryPath,
    googleProductCategoryId: offer.googleCategoryId,
    price: money(state.priceMinor),
    originalPrice: state.listPriceMinor > 0 ? money(state.listPriceMinor) : undefined,
    shipping: money(state.shippingMinor),
    availability: state.availability,
    deliveryTime: state.deliveryTime,
    condition: offer.refurbished ? Condition.CONDITION_REFURBISHED : Condition.CONDITION_NEW,
    country: offer.country,
    language: offer.language,
    isGreen: offer.shop.isGreen,
    imageUrls: [...offer.imageUrls],
    observedAt,
    source: ObservationSource.OBSERVATION_SOURCE_PAGE,
    feedId: '',
    feedFetchId: '',
    crawlJobId,
    extraction: ExtractionMethod.EXTRACTION_METHOD_JSON_LD,
  };
}

export const recordKey = (shopId: string, shopOfferId: string): string => `${shopId}:${shopOfferId}`;
