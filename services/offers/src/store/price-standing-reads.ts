import type { OfferRecord } from '../domain/offer-record.js';
import type { OfferRepository } from './offer-repository.js';

/** What the price standing keeps of an offer: enough to compare it, not the whole document. */
export type StandingOffer = Pick<
  OfferRecord,
  '_id' | 'shopId' | 'productId' | 'price' | 'shipping' | 'totalSort' | 'inStock'
> & {
  /** Its price is held as implausibly low (ADR 146): the site does not count it. */
  readonly held: boolean;
};

/** Offers a batch: one store read each, whatever the shop's size (a shop may have 50,000). */
export const STANDING_BATCH = 1000;

const standingOf = (offer: OfferRecord): StandingOffer => ({
  _id: offer._id,
  shopId: offer.shopId,
  productId: offer.productId,
  price: offer.price,
  shipping: offer.shipping,
  totalSort: offer.totalSort,
  inStock: offer.inStock,
  held: !!offer.priceHold,
});

/**
 * A shop's fresh listed offers matched to a product in one country, in batches in id order along
 * the (shopId, country, active) index: `freshFrom` leaves out what the site no longer lists
 * though the freshness sweep has not delisted it yet.
 */
export async function* shopOffersInCountry(
  offers: OfferRepository,
  query: { shopId: string; country: string; freshFrom: string },
): AsyncGenerator<StandingOffer[]> {
  let after = '';
  for (;;) {
    const batch = await offers.find(
      {
        shopId: query.shopId,
        country: query.country,
        active: true,
        ...(after ? { _id: { $gt: after } } : {}),
        lastSeenAt: { $gte: query.freshFrom },
        productId: { $ne: '' },
      },
      { sort: { _id: 1 }, limit: STANDING_BATCH },
    );
    if (batch.length > 0) yield batch.map(standingOf);
    if (batch.length < STANDING_BATCH) return;
    after = batch[batch.length - 1]!._id;
  }
}

/** Products whose offers one read takes: each has few offers in a country (tens, rarely hundreds). */
export const PRODUCTS_PER_READ = 200;

/**
 * Every shop's fresh listed offers of these products in one country, PRODUCTS_PER_READ products a
 * read along the (productId, country, active) index.
 */
export async function offersOfProducts(
  offers: OfferRepository,
  query: { productIds: readonly string[]; country: string; freshFrom: string },
): Promise<StandingOffer[]> {
  const found: StandingOffer[] = [];
  for (let i = 0; i < query.productIds.length; i += PRODUCTS_PER_READ) {
    const rows = await offers.find(
      {
        productId: { $in: query.productIds.slice(i, i + PRODUCTS_PER_READ) },
        country: query.country,
        active: true,
        lastSeenAt: { $gte: query.freshFrom },
      },
      {},
    );
    for (const row of rows) found.push(standingOf(row));
  }
  return found;
}
