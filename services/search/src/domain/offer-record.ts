import { OfferChangeKind, type OfferChanged } from '@pc/proto/offers/events/v1/events';
import type { Offer } from '@pc/proto/offers/v1/types';

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
  const removed = event.kind === OfferChangeKind.OFFER_CHANGE_KIND_REMOVED;
  return offerRecordOfOffer(event.offerId, event.version, event.offer, removed);
}

/** The record of an offer as offers holds it (an event's or StreamOffers' message). */
export function offerRecordOfOffer(
  offerId: string,
  version: number,
  offer: Offer | undefined,
  removed = false,
): OfferRecord {
  return {
    _id: offerId,
    version,
    productId: offer?.productId ?? '',
    shopId: offer?.shop?.id ?? '',
    country: (offer?.country ?? '').toUpperCase(),
    active: !removed && (offer?.active ?? false) && Boolean(offer?.shop?.id),
  };
}

/** The incoming record when it is newer than the held one, else null. */
export function newerOffer(current: OfferRecord | null, incoming: OfferRecord): OfferRecord | null {
  return current === null || incoming.version > current.version ? incoming : null;
}

/** Same product, shop, country and state: what search derives from an offer (its price is not). */
export function sameOfferFacts(a: OfferRecord, b: OfferRecord): boolean {
  return a.productId === b.productId && a.shopId === b.shopId && a.country === b.country && a.active === b.active;
}

/**
 * Offers whose updates in a batch were all newer versions that changed nothing search derives
 * (a price change: the product's prices come by ProductPriceChanged). Their products need no new
 * index document. A redelivered (not newer) update never counts as quiet: re-deriving on
 * redelivery repairs an index write a crash cut off after the state write.
 */
export function quietOffers(before: ReadonlyMap<string, OfferRecord>, updates: readonly OfferRecord[]): Set<string> {
  const held = new Map(before);
  const quiet = new Set<string>();
  const loud = new Set<string>();
  for (const incoming of updates) {
    const current = held.get(incoming._id) ?? null;
    if (current !== null && incoming.version > current.version && sameOfferFacts(current, incoming))
      quiet.add(incoming._id);
    else loud.add(incoming._id);
    if (newerOffer(current, incoming) !== null) held.set(incoming._id, incoming);
  }
  for (const id of loud) quiet.delete(id);
  return quiet;
}

/** Products whose shop set an offer change touches: the old product and the new one (re-matching). */
export function productsTouched(before: OfferRecord | null, after: OfferRecord): string[] {
  return [...new Set([before?.productId ?? '', after.productId])].filter((id) => id !== '');
}
