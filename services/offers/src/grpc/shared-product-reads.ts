import type { OfferRepository, StoredOffer } from '../store/offer-repository.js';
import type { PriceMonthRepository, StoredPriceMonth } from '../store/price-month-repository.js';
import type { ShopRepository, StoredShop } from '../store/shop-repository.js';
import type { OffersDependencies } from './dependencies.js';

/** Later than any month a document is filed under ("YYYY-MM"): a range without an upper end. */
const OPEN_END = '9999-12';

/**
 * The dependencies of one GetProductPageOffers call with the product's data read once: its parts
 * ask for the product's active offers in the country or everywhere and for every offer in the
 * country (seven reads of one product's offers that one read answers), for the price months of
 * the product in the country over three ranges ending now (the trend's whole history, the
 * chart's range, the reductions' window: one read from the earliest answers them), and for the
 * shops of the offers they list (overlapping sets). Other products' reads and everything else go
 * to the repositories as before. The view lives as long as the call: what the parts see is the
 * store at the call's start, as concurrent reads would have seen it.
 *
 * `monthsFrom` is the earliest month a part will ask for, when the caller knows it, so that the
 * first read of the months covers every part; a part asking for an earlier month still gets it.
 */
export function withSharedProductReads(
  deps: OffersDependencies,
  productId: string,
  monthsFrom?: string,
): OffersDependencies {
  const offers = sharedOffers(deps.offers, productId);
  return {
    ...deps,
    offers,
    shops: sharedShops(deps.shops),
    history: deps.history.withViews(offers, (months) => sharedMonths(months, productId, monthsFrom)),
  };
}

function sharedOffers(repository: OfferRepository, productId: string): OfferRepository {
  let every: Promise<StoredOffer[]> | undefined;
  const everyOffer = () => (every ??= repository.everyOfProduct(productId));
  return Object.create(repository, {
    activeOfProduct: {
      value: async (id: string, country: string | null): Promise<StoredOffer[]> =>
        id === productId
          ? (await everyOffer()).filter((offer) => offer.active && (country === null || offer.country === country))
          : repository.activeOfProduct(id, country),
    },
    allOfProduct: {
      value: async (id: string, country: string): Promise<StoredOffer[]> =>
        id === productId
          ? (await everyOffer()).filter((offer) => offer.country === country)
          : repository.allOfProduct(id, country),
    },
  }) as OfferRepository;
}

/**
 * The product's months per country, read from the earliest month asked so far to the newest:
 * a range inside what is read is filtered from it, one reaching further back reads only the
 * months before it and keeps them too.
 */
export function sharedMonths(
  repository: PriceMonthRepository,
  productId: string,
  monthsFrom?: string,
): PriceMonthRepository {
  const read = new Map<string, { from: string; months: Promise<StoredPriceMonth[]> }>();
  const monthsSince = (country: string, from: string): Promise<StoredPriceMonth[]> => {
    const known = read.get(country);
    if (known && known.from <= from) return known.months;
    const start = !known && monthsFrom !== undefined && monthsFrom < from ? monthsFrom : from;
    const months = known
      ? Promise.all([repository.inRange(productId, country, start, monthBefore(known.from)), known.months]).then(
          ([earlier, later]) => [...earlier, ...later],
        )
      : repository.inRange(productId, country, start, OPEN_END);
    read.set(country, { from: start, months });
    return months;
  };
  return Object.create(repository, {
    inRange: {
      value: async (id: string, country: string, from: string, to: string): Promise<StoredPriceMonth[]> =>
        id === productId
          ? (await monthsSince(country, from)).filter((month) => month.month >= from && month.month <= to)
          : repository.inRange(id, country, from, to),
    },
  }) as PriceMonthRepository;
}

/** "2026-01" → "2025-12". */
function monthBefore(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

/** Shops read once per call: a later ask reads only the shops not asked for before. */
function sharedShops(repository: ShopRepository): ShopRepository {
  const asked = new Map<string, Promise<StoredShop | undefined>>();
  return Object.create(repository, {
    getMany: {
      value: async (ids: readonly string[]): Promise<StoredShop[]> => {
        const missing = [...new Set(ids)].filter((id) => !asked.has(id));
        if (missing.length > 0) {
          const shops = repository.getMany(missing).then((found) => new Map(found.map((shop) => [shop._id, shop])));
          for (const id of missing)
            asked.set(
              id,
              shops.then((found) => found.get(id)),
            );
        }
        const shops = await Promise.all([...new Set(ids)].map((id) => asked.get(id)!));
        return shops.filter((shop): shop is StoredShop => shop !== undefined);
      },
    },
  }) as ShopRepository;
}
