import type {
  ConfirmOfferPriceRequest,
  ConfirmOfferPriceResponse,
  ListHeldOffersRequest,
  ListHeldOffersResponse,
} from '@pc/proto/offers/v1/offers';
import type { OffersDependencies } from './dependencies.js';
import { staffOffers } from './offer-moderation.js';
import { RequestChecks } from './request-fields.js';

/** Held prices the panel lists at once: a work queue, not an export. */
const MAX_HELD_OFFERS = 200;

/** Held prices are the shopping panel's, as offer moderation is. */
const PANEL = 'shopping';

/** ListHeldOffers: listed offers whose price is held back as implausible (ADR 146). */
export async function listHeldOffers(
  request: ListHeldOffersRequest,
  deps: OffersDependencies,
): Promise<ListHeldOffersResponse> {
  await deps.actors.requireStaff(request.actorUserId.trim(), 'listing held prices', PANEL);
  const checks = new RequestChecks();
  const country = checks.country('country', request.country, { required: false });
  checks.done();
  const held = await deps.offers.priceHeld(country, MAX_HELD_OFFERS);
  return {
    offers: await staffOffers(
      held.filter((offer) => offer.active),
      deps,
    ),
  };
}

/** ConfirmOfferPrice: staff confirm a held price, which then counts; audited. */
export async function confirmOfferPrice(
  request: ConfirmOfferPriceRequest,
  deps: OffersDependencies,
): Promise<ConfirmOfferPriceResponse> {
  const actorUserId = request.actorUserId.trim();
  await deps.actors.requireStaff(actorUserId, 'confirming a held price', PANEL);
  const checks = new RequestChecks();
  const offerId = checks.id('offer_id', request.offerId);
  checks.done();
  const before = await deps.offers.get(offerId);
  const after = await deps.audit.around(
    { actorUserId, panel: PANEL, action: 'offer.confirm-price', entityType: 'offer', entityId: offerId, before },
    () => deps.moderation.confirmPrice(offerId),
    (offer) => offer,
  );
  const [offer] = await staffOffers([after], deps);
  return { offer };
}
