import { OfferChangeKind, type OfferChanged } from '@pc/proto/offers/events/v1/events';

/**
 * Side state: which shop offers which product in which country (`offers` collection, id = offer
 * id). Removed offers stay as inactive records so an older, redelivered event cannot revive them.
 */
export interface OfferRecord {
  readonly _id: string;
  /** Monotonic per offer. */
  readonly version: number;
  /** Empty while the offer is not matched to a product. */
  readonly productId: string;
  readonly shopId: string;
  readonly country: string;
  readonly active: boolean;
}

export function offerRecordOf(event: OfferChanged): OfferRecord {
  const offer = event.offer;
  return {
    _id: event.offerId,
    version: event.version,
    productId: offer?.productId ?? '',
    shopId: offer?.shop?.id ?? '',
    country: (offer?.country ?? '').toUpperCase(),
    active: event.kind !== OfferChangeKind.OFFER_CHANGE_KIND_REMOVED && (offer?.active ?? false) && Boolean(offer?.shop?.id),
  };
}

/** The incoming record when it is newer than the held one, else null. */
export function newerOffer(current: OfferRecord | null, incoming: OfferRecord): OfferRecord | null {
  return current === null || incoming.version > current.version ? incoming : null;
}

/** Products whose shop set an offer change touches: the old product and the new one (re-matching). */
export function productsTouched(before: OfferRecord | null, after: OfferRecord): string[] {
  return [...new Set([before?.productId ?? '', after.productId])].filter((id) => id !== '');
}
