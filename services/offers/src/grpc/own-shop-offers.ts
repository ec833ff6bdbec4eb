import { NotFoundError, PermissionDeniedError, UnauthenticatedError } from '@pc/kit/errors/domain-errors';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import {
  OwnOffersState,
  type ListOwnShopOffersRequest,
  type ListOwnShopOffersResponse,
  type OwnShopOffer,
} from '@pc/proto/offers/v1/offers';
import type { StoredOffer } from '../store/offer-repository.js';
import { summaryIdOf } from '../domain/price-summary.js';
import { isDeleted } from '../domain/shop-record.js';
import type { OffersDependencies } from './dependencies.js';
import { staffOffers } from './offer-moderation.js';
import { RequestChecks } from './request-fields.js';

/** Rows of a page: a settings table, not an export (the data area exports every offer). */
const OWN_OFFERS_PAGE = { defaultSize: 20, maxSize: 100 };

/**
 * ListOwnShopOffers: a shop's offers as its owner (or staff) sees them in shop settings,
 * listed or not, newest seen first. A listed one carries the product's cheapest price and number
 * of offers in its country from the price summary, so the owner sees where they stand.
 */
export async function listOwnShopOffers(
  request: ListOwnShopOffersRequest,
  deps: OffersDependencies,
): Promise<ListOwnShopOffersResponse> {
  const checks = new RequestChecks();
  const shopId = checks.id('shop_id', request.shopId);
  if (
    request.state !== OwnOffersState.OWN_OFFERS_STATE_UNSPECIFIED &&
    request.state !== OwnOffersState.OWN_OFFERS_STATE_NOT_LISTED
  )
    checks.add('state', 'must be UNSPECIFIED (listed) or NOT_LISTED', 'in');
  checks.done();
  const page = resolvePage(request.page, OWN_OFFERS_PAGE);
  const actorUserId = request.actorUserId.trim();
  if (!actorUserId) throw new UnauthenticatedError("a shop's offers are for its owner (actor_user_id) or an admin");
  const shop = await deps.shops.get(shopId);
  if (!shop || isDeleted(shop)) throw new NotFoundError('shop', shopId);
  if (!(await deps.actors.isPrivileged(actorUserId, shop)))
    throw new PermissionDeniedError("only the shop's owner or staff may see all of its offers");

  const listed = request.state !== OwnOffersState.OWN_OFFERS_STATE_NOT_LISTED;
  const [rows, listedCount, notListedCount] = await Promise.all([
    deps.offers.find(
      { shopId, active: listed },
      { sort: { lastSeenAt: -1 }, skip: page.skip, limit: page.hitsPerPage },
    ),
    deps.offers.count({ shopId, active: true }),
    deps.offers.count({ shopId, active: false }),
  ]);
  return {
    offers: await withStanding(rows, deps),
    page: pageResponse(page, listed ? listedCount : notListedCount),
    listedCount,
    notListedCount,
  };
}

/** Each offer with its product's cheapest listed price and offers in the offer's country. */
async function withStanding(rows: readonly StoredOffer[], deps: OffersDependencies): Promise<OwnShopOffer[]> {
  const byCountry = new Map<string, string[]>();
  for (const offer of rows)
    if (offer.active && offer.productId)
      byCountry.set(offer.country, [...(byCountry.get(offer.country) ?? []), offer.productId]);
  const summaries = new Map(
    (await Promise.all([...byCountry].map(([country, productIds]) => deps.summaries.getMany(productIds, country))))
      .flat()
      .map((summary) => [summary._id, summary]),
  );
  const offers = await staffOffers(rows, deps);
  return rows.map((offer, i) => {
    const summary = offer.active ? summaries.get(summaryIdOf(offer.productId, offer.country)) : undefined;
    return {
      offer: offers[i],
      cheapestPrice:
        summary && summary.lowestMinor !== null
          ? { amountMinor: summary.lowestMinor, currency: summary.currency }
          : undefined,
      offersInCountry: summary?.offersCount ?? 0,
      // Another offer at the same price may be the summary's cheapest: a tie is the lowest too.
      // A held price (ADR 146) is no one's lowest: the summary does not count it.
      cheapest:
        summary !== undefined &&
        !offer.priceHold &&
        (summary.cheapestOfferId === offer._id ||
          (summary.lowestMinor !== null &&
            offer.price.currency === summary.currency &&
            offer.price.amountMinor <= summary.lowestMinor)),
    };
  });
}
