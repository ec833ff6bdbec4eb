import type { OfferRepository, StoredOffer } from '../store/offer-repository.js';
import type { OffersDependencies } from './dependencies.js';

/**
 * The dependencies of one GetProductPageOffers call with the offers of its product read once:
 * its parts ask for the product's active offers in the country or everywhere, and for every
 * offer in the country (history, trend, the true "was" price), seven reads of one product's
 * offers that one read of all of them answers. Other products' reads and everything else go to
 * the repository as before. The view lives as long as the call: what the parts see is the store
 * at the call's start, as concurrent reads would have seen it.
 */
export function withSharedProductReads(deps: OffersDependencies, productId: string): OffersDependencies {
  let every: Promise<StoredOffer[]> | undefined;
  const everyOffer = () => (every ??= deps.offers.everyOfProduct(productId));
  const repository = deps.offers;
  const view: OfferRepository = Object.create(repository, {
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
  return { ...deps, offers: view, history: deps.history.withOffers(view) };
}
