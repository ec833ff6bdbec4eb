import { FailedPreconditionError, NotFoundError } from '@pc/kit/errors/domain-errors';
import { OfferChangeKind } from '@pc/proto/offers/events/v1/events';
import type { StoredOffer } from '../store/offer-repository.js';
import { rewriteOffer, type OfferRewriteDeps } from './offer-rewrite.js';

/**
 * Staff confirm a held price (ADR 146): the offer keeps that exact price as confirmed and its hold
 * is lifted; the summaries are recomputed, where the price now counts. A later different price is
 * judged again, since the confirmation names the price, not the offer.
 */
export async function confirmHeldPrice(deps: OfferRewriteDeps, offerId: string): Promise<StoredOffer> {
  const current = await deps.offers.get(offerId);
  if (!current) throw new NotFoundError('offer', offerId);
  if (!current.priceHold)
    throw new FailedPreconditionError(`the price of offer ${offerId} is not held`, { reason: 'PRICE_NOT_HELD' });
  return rewriteOffer(deps, offerId, (offer) => ({
    next: { ...offer, priceHold: null, confirmedPrice: { ...offer.price }, version: offer.version + 1 },
    event: { kind: OfferChangeKind.OFFER_CHANGE_KIND_UPDATED, fields: ['price_hold'] },
  }));
}
