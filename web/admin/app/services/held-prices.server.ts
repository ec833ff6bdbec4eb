import { OffersServiceService, type StaffOffer } from '@pc/proto/offers/v1/offers';
import { config } from '../config.server';
import type { TablePage, TableQuery } from '../tables/table-query';
import { tablePage } from '../tables/table-page';
import { client } from './grpc.server';
import { formatMoney } from './money';

const offers = client(OffersServiceService, config.OFFERS_GRPC_ADDR);

/** An offer whose price offers holds back as implausible (ADR 146), as the shopping panel lists it. */
export interface HeldOfferRow {
  readonly id: string;
  readonly shopId: string;
  readonly shop: string;
  readonly productId: string;
  /** The shop's title of the offer. */
  readonly name: string;
  readonly country: string;
  /** The held price, in the shop's currency. */
  readonly price: string;
  /** The median of the product's other offers in the country when the price was held. */
  readonly median: string;
  readonly compared: number;
  readonly heldSince: string;
}

const rowOf = ({ offer }: StaffOffer): HeldOfferRow => ({
  id: offer?.id ?? '',
  shopId: offer?.shop?.id ?? '',
  shop: offer?.shop?.name ?? '',
  productId: offer?.productId ?? '',
  name: offer?.name ?? '',
  country: offer?.country ?? '',
  price: formatMoney(offer?.price),
  median: formatMoney(offer?.priceHold?.medianPrice),
  compared: offer?.priceHold?.comparedOffers ?? 0,
  heldSince: offer?.priceHold?.heldSince?.toISOString() ?? '',
});

/** Every held offer, the longest held first (offers checks staff:shopping; it answers at most 200 at once). */
export async function heldOffers(actorUserId: string): Promise<HeldOfferRow[]> {
  const answer = await offers.listHeldOffers({ actorUserId, country: '' });
  return answer.offers.map(rowOf);
}

/** One page of the held offers: offers answers the whole queue, the table pages it here. */
export async function heldOfferTable(actorUserId: string, query: TableQuery): Promise<TablePage<HeldOfferRow>> {
  const rows = await heldOffers(actorUserId);
  const start = (query.page - 1) * query.size;
  const answered = {
    page: query.page,
    hitsPerPage: query.size,
    total: rows.length,
    pages: Math.ceil(rows.length / query.size),
    totalIsLowerBound: false,
  };
  return tablePage(rows.slice(start, start + query.size), answered, query);
}

/** Confirms the held price: it counts for the product's lowest price again; offers audits it. */
export async function confirmHeldPrice(actorUserId: string, offerId: string): Promise<void> {
  await offers.confirmOfferPrice({ actorUserId, offerId });
}
