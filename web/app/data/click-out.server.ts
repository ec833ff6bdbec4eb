import { OfferSort } from '@pc/proto/offers/v1/offers';
import { resolvePromotionClickOut } from '~/services/affiliates.server';
import { listOffers } from '~/services/offers.server';

const ID = /^[A-Za-z0-9_-]{1,128}$/;
/** Promotion locations carry this prefix (affiliates, ADR 015); offer locations never do. */
const PROMOTION_LOCATION = /^pr_/;

/** Who clicked, as far as the click-out needs it (affiliates uses it for bot checks later). */
export interface ClickVisitor {
  readonly userAgent: string;
  readonly referrer: string;
}

/**
 * The URL behind a click-out location: a promotion's (`pr_…`) from affiliates.ResolveClickOut,
 * an offer's from the product's listed offer (any country) with that location id (ADR 012).
 * Only an http(s) URL is followed, never a script.
 */
export async function resolveClickOut(locationId: string, productId: string, visitor: ClickVisitor = { userAgent: '', referrer: '' }): Promise<string | null> {
  if (!ID.test(locationId)) return null;
  const url = PROMOTION_LOCATION.test(locationId)
    ? await resolvePromotionClickOut(locationId, { country: '', language: '', ...visitor })
    : await resolveOfferClickOut(locationId, productId);
  return url && /^https?:\/\//.test(url) ? url : null;
}

async function resolveOfferClickOut(locationId: string, productId: string): Promise<string | null> {
  if (!ID.test(productId)) return null;
  const { offers } = await listOffers({
    productId, shopId: '', country: '*', inStockOnly: false, greenOnly: false, conditions: [],
    sort: OfferSort.OFFER_SORT_CHEAPEST, page: 1, hitsPerPage: 100, displayCurrency: '',
  });
  return offers.find((offer) => offer.locationId === locationId)?.url ?? null;
}
