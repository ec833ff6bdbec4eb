import type { GetOfferRequest, GetOfferResponse } from '@pc/proto/offers/v1/offers';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import { toOfferMessage } from '../domain/offer-message.js';
import { toShopRef } from '../domain/shop-message.js';
import type { OffersDependencies } from './dependencies.js';
import { displayOf } from './display.js';
import { RequestChecks } from './request-fields.js';

/** GetOffer: one offer, listed or not (affiliates, admin). */
export async function getOffer(request: GetOfferRequest, deps: OffersDependencies): Promise<GetOfferResponse> {
  const checks = new RequestChecks();
  const offerId = checks.id('offer_id', request.offerId);
  const displayCurrency = checks.currency('display_currency', request.displayCurrency);
  checks.done();
  const offer = await deps.offers.get(offerId);
  if (!offer) throw new NotFoundError('offer', offerId);
  const [shop, book] = await Promise.all([deps.shops.get(offer.shopId), deps.fx.current()]);
  const display = displayOf(book, offer.price, displayCurrency, deps.clock());
  return { offer: toOfferMessage(offer, shop ? toShopRef(shop) : undefined, { display }) };
}
