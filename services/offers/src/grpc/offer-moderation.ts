import type {
  FlagWrongMatchRequest,
  FlagWrongMatchResponse,
  ListProductOffersForStaffRequest,
  ListProductOffersForStaffResponse,
  SetOfferHiddenRequest,
  SetOfferHiddenResponse,
  SplitOffersRequest,
  SplitOffersResponse,
  StaffOffer,
} from '@pc/proto/offers/v1/offers';
import { isHidden } from '../domain/offer-change.js';
import { toOfferMessage } from '../domain/offer-message.js';
import type { OfferRecord } from '../domain/offer-record.js';
import { toShopRef } from '../domain/shop-message.js';
import type { OffersDependencies } from './dependencies.js';
import { RequestChecks } from './request-fields.js';

/** Offers of one product the panel lists: a product page, not an export. */
const MAX_STAFF_OFFERS = 500;
/** A staff reason is a sentence for the audit log, not a document. */
const MAX_REASON = 500;

/** Offer moderation belongs to the shopping panel, not to offers' default (admin) one. */
const PANEL = 'shopping';

/** Offers with whether staff hid them and why they are not listed (also what a shop's owner sees). */
export async function staffOffers(offers: readonly OfferRecord[], deps: OffersDependencies): Promise<StaffOffer[]> {
  const shops = new Map((await deps.shops.getMany(offers.map((offer) => offer.shopId))).map((s) => [s._id, s]));
  return offers.map((offer) => {
    const shop = shops.get(offer.shopId);
    return {
      offer: toOfferMessage(offer, shop ? toShopRef(shop) : undefined),
      hidden: isHidden(offer),
      hiddenReason: offer.hiddenReason ?? '',
      inactiveReason: offer.active ? '' : offer.inactiveReason || 'stale',
    };
  });
}

const reasonOf = (checks: RequestChecks, value: string, required: boolean): string => {
  const reason = value.trim();
  if (required && !reason) checks.add('reason', 'is required', 'required');
  if (reason.length > MAX_REASON) checks.add('reason', `at most ${MAX_REASON} characters`, 'max');
  return reason;
};

/** ListProductOffersForStaff: every offer of a product, listed or not, newest last seen first. */
export async function listProductOffersForStaff(
  request: ListProductOffersForStaffRequest,
  deps: OffersDependencies,
): Promise<ListProductOffersForStaffResponse> {
  await deps.actors.requireStaff(request.actorUserId.trim(), "listing a product's offers", PANEL);
  const checks = new RequestChecks();
  const productId = checks.id('product_id', request.productId);
  checks.done();
  const offers = await deps.offers.find({ productId }, { sort: { lastSeenAt: -1 }, limit: MAX_STAFF_OFFERS });
  return { offers: await staffOffers(offers, deps) };
}

/** SetOfferHidden: staff hide an offer with a reason, or list it again; audited. */
export async function setOfferHidden(
  request: SetOfferHiddenRequest,
  deps: OffersDependencies,
): Promise<SetOfferHiddenResponse> {
  const actorUserId = request.actorUserId.trim();
  await deps.actors.requireStaff(actorUserId, request.hidden ? 'hiding an offer' : 'listing an offer again', PANEL);
  const checks = new RequestChecks();
  const offerId = checks.id('offer_id', request.offerId);
  const reason = reasonOf(checks, request.reason, request.hidden);
  checks.done();
  const before = await deps.offers.get(offerId);
  const after = await deps.audit.around(
    {
      actorUserId,
      panel: PANEL,
      action: request.hidden ? 'offer.hide' : 'offer.unhide',
      entityType: 'offer',
      entityId: offerId,
      before,
    },
    () => (request.hidden ? deps.moderation.hide(offerId, reason) : deps.moderation.unhide(offerId)),
    (offer) => offer,
  );
  const [offer] = await staffOffers([after], deps);
  return { offer };
}

/** FlagWrongMatch: the pair vetoed in catalog, the offer matched anew (or left unmatched); audited. */
export async function flagWrongMatch(
  request: FlagWrongMatchRequest,
  deps: OffersDependencies,
): Promise<FlagWrongMatchResponse> {
  const actorUserId = request.actorUserId.trim();
  await deps.actors.requireStaff(actorUserId, 'flagging a wrong match', PANEL);
  const checks = new RequestChecks();
  const offerId = checks.id('offer_id', request.offerId);
  const reason = reasonOf(checks, request.reason, true);
  checks.done();
  const before = await deps.offers.get(offerId);
  const result = await deps.audit.around(
    { actorUserId, panel: PANEL, action: 'offer.flag-wrong-match', entityType: 'offer', entityId: offerId, before },
    () => deps.moderation.flagWrongMatch(offerId, reason, actorUserId),
    ({ offer, previousProductId }) => ({ offer, previousProductId, reason }),
  );
  const [offer] = await staffOffers([result.offer], deps);
  return { offer, previousProductId: result.previousProductId };
}

/** Offers split off in one call (catalog's bound for MoveOfferLinks). */
const MAX_SPLIT_OFFERS = 100;

/** SplitOffers: offers of a product moved to another or to a new one, with picked GTINs (ADR 060, 065); audited. */
export async function splitOffers(request: SplitOffersRequest, deps: OffersDependencies): Promise<SplitOffersResponse> {
  const actorUserId = request.actorUserId.trim();
  await deps.actors.requireStaff(actorUserId, 'splitting offers off a product', PANEL);
  const checks = new RequestChecks();
  const productId = checks.id('product_id', request.productId);
  const newProduct = request.newProduct;
  // Catalog checks the new product's texts, brand and category, and the GTINs.
  const targetId = newProduct
    ? request.targetProductId.trim()
    : checks.id('target_product_id', request.targetProductId);
  if (newProduct && targetId) checks.add('target_product_id', 'is set together with new_product', 'excluded_with');
  if (request.offerIds.length === 0) checks.add('offer_ids', 'is required', 'required');
  if (request.offerIds.length > MAX_SPLIT_OFFERS) checks.add('offer_ids', `at most ${MAX_SPLIT_OFFERS}`, 'max');
  const offerIds = [...new Set(request.offerIds.map((id, i) => checks.id(`offer_ids[${i}]`, id)))];
  if (targetId && targetId === productId) checks.add('target_product_id', 'is the product itself', 'different');
  const reason = reasonOf(checks, request.reason, true);
  checks.done();
  const before = await deps.offers.getMany(offerIds);
  const moved = await deps.audit.around(
    { actorUserId, panel: PANEL, action: 'offer.split', entityType: 'product', entityId: productId, before },
    () =>
      deps.moderation.split({ productId, offerIds, targetId, newProduct, gtins: request.gtins, reason }, actorUserId),
    ({ offers, targetProductId }) => ({ targetProductId, offers, gtins: request.gtins, reason }),
  );
  return { offers: await staffOffers(moved.offers, deps), targetProductId: moved.targetProductId };
}
