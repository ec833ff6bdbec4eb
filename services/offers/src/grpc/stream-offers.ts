import type { StreamOffersRequest, StreamOffersResponse } from '@pc/proto/offers/v1/offers';
import { toOfferMessage } from '../domain/offer-message.js';
import { toShopRef } from '../domain/shop-message.js';
import type { OffersDependencies } from './dependencies.js';

/** Offers read (and held in memory) per page of the stream. */
const STREAM_PAGE = 500;

/**
 * StreamOffers: every offer, listed or not, in id order — the data area's export (ADR 061). Read in
 * keyset pages on the id, so memory holds a page (and its shops) whatever the table's size, and
 * the gRPC stream's flow control holds the next page back until the reader took this one. A bulk
 * read of the whole table: staff:infrastructure, checked here rather than trusted to the admin app.
 */
export async function* streamOffers(
  request: StreamOffersRequest,
  deps: OffersDependencies,
  signal: AbortSignal,
): AsyncIterable<StreamOffersResponse> {
  await deps.actors.requireStaff(request.actorUserId.trim(), 'exporting offers', 'infrastructure');
  let afterId = request.afterOfferId.trim();
  for (;;) {
    if (signal.aborted) return;
    const page = await deps.offers.find(afterId ? { _id: { $gt: afterId } } : {}, {
      sort: { _id: 1 },
      limit: STREAM_PAGE,
    });
    const shops = new Map((await deps.shops.getMany(page.map((offer) => offer.shopId))).map((s) => [s._id, s]));
    for (const offer of page) {
      const shop = shops.get(offer.shopId);
      yield { offer: toOfferMessage(offer, shop ? toShopRef(shop) : undefined) };
    }
    if (page.length < STREAM_PAGE) return;
    afterId = page[page.length - 1]!._id;
  }
}
