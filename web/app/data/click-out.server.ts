import { OfferSort } from '@pc/proto/offers/v1/offers';
import { listOffers } from '~/services/offers.server';

const ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The shop URL behind a click-out location: the product's listed offer (any country) with that
 * location id. Only listed offers can be followed; an http(s) URL only, never a script.
 */
export async function resolveClickOut(locationId: string, productId: string): Promise<string | null> {
  if (!ID.test(locationId) || !ID.test(productId)) return null;
  const { offers } = await listOffers({
    productId, shopId: '', country: '*', inStockOnly: false, greenOnly: false, conditions: [],
    sort: OfferSort.OFFER_SORT_CHEAPEST, page: 1, hitsPerPage: 100, displayCurrency: '',
  });
  const url = offers.find((offer) => offer.locationId === locationId)?.url;
  return url && /^https?:\/\//.test(url) ? url : null;
}
