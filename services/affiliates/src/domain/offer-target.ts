import type { Offer } from '@pc/proto/offers/v1/types';

/**
 * An offer's click-out location as affiliates knows it, kept from OfferChanged (ADR 043): where
 * it leads, whose it is, its price and leaf mark for the click record. Keyed by the location id.
 */
export interface OfferTargetRecord {
  readonly _id: string;
  readonly offerId: string;
  readonly productId: string;
  readonly shopId: string;
  readonly url: string;
  readonly priceMinor: number;
  readonly currency: string;
  readonly isGreen: boolean;
  readonly country: string;
  /** False once offers stopped listing it: the click then falls back to the shop's homepage. */
  readonly active: boolean;
  /** The offer's version it was taken from (older events change nothing). */
  readonly version: number;
}

/** An offer's click-out location from offers' Offer message (OfferChanged, or ListOffers on a miss). */
export function offerTargetOf(offer: Offer, listed: boolean): OfferTargetRecord {
  return {
    _id: offer.locationId,
    offerId: offer.id,
    productId: offer.productId,
    shopId: offer.shop?.id ?? '',
    url: offer.url,
    priceMinor: Number(offer.price?.amountMinor ?? 0),
    currency: offer.price?.currency ?? '',
    isGreen: offer.isGreen,
    country: offer.country,
    active: listed && offer.active,
    version: Number(offer.version),
  };
}
