import { OwnOffersState, OffersServiceService, type OwnShopOffer } from '@pc/proto/offers/v1/offers';
import { config } from '../config.server';
import type { ShopOfferState } from '../panels/admin/shop-offer-states';
import type { TablePage, TableQuery } from '../tables/table-query';
import { client } from './grpc.server';
import { formatMoney } from './money';
import { pageRequest, tablePage } from '../tables/table-page';

const offers = client(OffersServiceService, config.OFFERS_GRPC_ADDR);

/** One of a shop's offers as staff read it. */
export interface ShopOfferRow {
  readonly id: string;
  readonly title: string;
  /** The offer's page in the shop. */
  readonly url: string;
  /** The product it is matched to ('' when none). */
  readonly productId: string;
  readonly country: string;
  readonly price: string;
  readonly shipping: string;
  readonly lastSeen: string;
  /** Listed: the product's lowest price in the offer's country, of how many offers, and whether this is it. */
  readonly lowest: string;
  readonly offersInCountry: number;
  readonly cheapest: boolean;
  /** Not listed: why (offers' inactive reason) and, when staff hid it, their reason. */
  readonly reason: string;
  readonly hiddenReason: string;
}

export interface ShopOfferTable {
  readonly state: ShopOfferState;
  readonly page: TablePage<ShopOfferRow>;
  readonly listedCount: number;
  readonly notListedCount: number;
}

const rowOf = (row: OwnShopOffer): ShopOfferRow | null => {
  const offer = row.offer?.offer;
  if (!offer) return null;
  return {
    id: offer.id,
    title: offer.name,
    url: offer.url,
    productId: offer.productId,
    country: offer.country,
    price: formatMoney(offer.price),
    shipping: formatMoney(offer.shipping),
    lastSeen: offer.observedAt?.toISOString() ?? '',
    lowest: formatMoney(row.cheapestPrice),
    offersInCountry: row.offersInCountry,
    cheapest: row.cheapest,
    reason: row.offer?.inactiveReason ?? '',
    hiddenReason: row.offer?.hiddenReason ?? '',
  };
};

/**
 * A shop's offers for the admin panel (offers' ListOwnShopOffers, which lets staff read any shop's,
 * ADR 115): listed or not listed (`state` filter), newest seen first, a page of the table's size.
 */
export async function shopOfferTable(actorUserId: string, shopId: string, query: TableQuery): Promise<ShopOfferTable> {
  const state: ShopOfferState = query.filters.state === 'not-listed' ? 'not-listed' : 'listed';
  const answer = await offers.listOwnShopOffers({
    actorUserId,
    shopId,
    state:
      state === 'listed' ? OwnOffersState.OWN_OFFERS_STATE_UNSPECIFIED : OwnOffersState.OWN_OFFERS_STATE_NOT_LISTED,
    page: pageRequest(query),
  });
  return {
    state,
    page: tablePage(
      answer.offers.flatMap((row) => rowOf(row) ?? []),
      answer.page,
      query,
    ),
    listedCount: answer.listedCount,
    notListedCount: answer.notListedCount,
  };
}
