import { OwnOffersState, type OwnShopOffer } from '@pc/proto/offers/v1/offers';
import { ownShops } from '~/services/offers.server';
import {
  NOT_LISTED_REASONS,
  ownOffersQuery,
  type NotListedReason,
  type OwnOfferRow,
  type OwnOffersView,
} from './own-offers';

/** Rows a page of the settings table shows. */
const ROWS_PER_PAGE = 20;
const reasonOf = (reason: string): NotListedReason | null =>
  (NOT_LISTED_REASONS as readonly string[]).includes(reason) ? (reason as NotListedReason) : reason ? 'stale' : null;

function rowOf(row: OwnShopOffer): OwnOfferRow | null {
  const offer = row.offer?.offer;
  if (!offer?.price) return null;
  return {
    id: offer.id,
    title: offer.name,
    url: offer.url,
    productId: offer.productId,
    country: offer.country,
    price: { amountMinor: offer.price.amountMinor, currency: offer.price.currency },
    shipping: offer.shipping ? { amountMinor: offer.shipping.amountMinor, currency: offer.shipping.currency } : null,
    lastSeenAt: offer.observedAt?.toISOString() ?? '',
    cheapestPrice: row.cheapestPrice
      ? { amountMinor: row.cheapestPrice.amountMinor, currency: row.cheapestPrice.currency }
      : null,
    offersInCountry: row.offersInCountry,
    cheapest: row.cheapest,
    heldBeside: offer.priceHold?.medianPrice
      ? { amountMinor: offer.priceHold.medianPrice.amountMinor, currency: offer.priceHold.medianPrice.currency }
      : null,
    notListed: reasonOf(row.offer?.inactiveReason ?? ''),
    hiddenReason: row.offer?.hiddenReason ?? '',
  };
}

/**
 * "Your offers" on the shop settings page: one tab and page of the shop's offers from offers'
 * ListOwnShopOffers (which checks that the user owns the shop). Null when offers cannot answer.
 */
export async function ownOffers(actorUserId: string, shopId: string, url: URL): Promise<OwnOffersView | null> {
  const { tab, page } = ownOffersQuery(url);
  try {
    const answer = await ownShops.offers(
      actorUserId,
      shopId,
      tab === 'listed' ? OwnOffersState.OWN_OFFERS_STATE_UNSPECIFIED : OwnOffersState.OWN_OFFERS_STATE_NOT_LISTED,
      { page, hitsPerPage: ROWS_PER_PAGE },
    );
    return {
      tab,
      rows: answer.offers.flatMap((row) => rowOf(row) ?? []),
      listedCount: answer.listedCount,
      notListedCount: answer.notListedCount,
      page,
      pages: answer.page?.pages ?? 0,
    };
  } catch (error) {
    console.warn('shop settings: offers unavailable', error instanceof Error ? error.message : error);
    return null;
  }
}
