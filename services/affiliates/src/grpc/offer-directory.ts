import { OfferSort, type OffersServiceService } from '@pc/proto/offers/v1/offers';
import type { ServiceClient } from '@pc/kit/grpc/client';
import { offerTargetOf, type OfferTargetRecord } from '../domain/offer-target.js';

/**
 * Offers' listing of a product, read when a click-out names a location affiliates has not
 * learnt from OfferChanged yet (an offer seconds old, or older than the event log keeps) and
 * the link says which product it belongs to (ADR 043). Only listed offers are found this way.
 */
export class OfferDirectory {
  constructor(private readonly offers: ServiceClient<typeof OffersServiceService>) {}

  async findLocation(productId: string, locationId: string): Promise<OfferTargetRecord | null> {
    const { offers } = await this.offers.listOffers({
      productId,
      shopId: '',
      country: '*',
      inStockOnly: false,
      greenOnly: false,
      conditions: [],
      sort: OfferSort.OFFER_SORT_CHEAPEST,
      page: { page: 1, hitsPerPage: 100 },
      displayCurrency: '',
      productIds: [],
    });
    const offer = offers.find((candidate) => candidate.locationId === locationId);
    return offer ? offerTargetOf(offer, true) : null;
  }
}
