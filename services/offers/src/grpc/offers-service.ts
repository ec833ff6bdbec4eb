import type { Logger } from 'pino';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import { withUnimplemented } from '@pc/kit/grpc/unimplemented';
import type { OffersDependencies } from './dependencies.js';
import { getFxRates, listFxRates, setFxRates } from './fx-rates.js';
import { listOffers } from './list-offers.js';
import { flagWrongMatch, listProductOffersForStaff, setOfferHidden, splitOffers } from './offer-moderation.js';
import { confirmOfferPrice, listHeldOffers } from './held-prices.js';
import { listOwnShopOffers } from './own-shop-offers.js';
import { listFailingFeeds } from './failing-feeds.js';
import { getOffer } from './offer-reads.js';
import { getLowestPricesOn } from './lowest-prices-on.js';
import { getPriceHistory } from './price-history.js';
import { getProductPriceSummaries, streamProductPriceSummaries } from './price-summaries.js';
import { getPriceTrend } from './price-trend.js';
import { getPricesAbroad } from './prices-abroad.js';
import { getProductPageOffers } from './product-page-offers.js';
import { addFeed, deleteFeed, listFeeds, setUrlParameters, updateFeed } from './feed-settings.js';
import { ingestFeed } from './ingest-feed.js';
import { deleteShop, setShopStatus, updateShop } from './shop-changes.js';
import { getShop, listShops } from './shop-reads.js';
import { registerShop } from './shop-registration.js';
import { streamOffers } from './stream-offers.js';
import { getShopPriceStanding } from './shop-price-standing.js';

/** The offers gRPC API (proto/offers/v1). */
export function offersService(deps: OffersDependencies, logger: Logger): ServiceRegistration {
  return serviceRegistration(
    'pricecompare.offers.v1.OffersService',
    OffersServiceService,
    withUnimplemented(OffersServiceService, {
      listOffers: (request) => listOffers(request, deps),
      getOffer: (request) => getOffer(request, deps),
      getProductPriceSummaries: (request) => getProductPriceSummaries(request, deps),
      streamProductPriceSummaries: (request) => streamProductPriceSummaries(request, deps),
      getPriceHistory: (request) => getPriceHistory(request, deps),
      getPriceTrend: (request) => getPriceTrend(request, deps),
      getLowestPricesOn: (request) => getLowestPricesOn(request, deps),
      getPricesAbroad: (request) => getPricesAbroad(request, deps),
      getProductPageOffers: (request) => getProductPageOffers(request, deps, logger),
      getShop: (request) => getShop(request, deps),
      listShops: (request) => listShops(request, deps),
      registerShop: (request) => registerShop(request, deps),
      updateShop: (request) => updateShop(request, deps),
      setShopStatus: (request) => setShopStatus(request, deps, logger),
      deleteShop: (request) => deleteShop(request, deps, logger),
      getFxRates: (request) => getFxRates(request, deps),
      setFxRates: (request) => setFxRates(request, deps),
      listFxRates: (request) => listFxRates(request, deps),
      listFeeds: (request) => listFeeds(request, deps),
      addFeed: (request) => addFeed(request, deps),
      updateFeed: (request) => updateFeed(request, deps),
      deleteFeed: (request) => deleteFeed(request, deps),
      setUrlParameters: (request) => setUrlParameters(request, deps),
      ingestFeed: (request) => ingestFeed(request, deps),
      streamOffers: (request, context) => streamOffers(request, deps, context.signal),
      listProductOffersForStaff: (request) => listProductOffersForStaff(request, deps),
      listOwnShopOffers: (request) => listOwnShopOffers(request, deps),
      listFailingFeeds: (request) => listFailingFeeds(request, deps),
      getShopPriceStanding: (request) => getShopPriceStanding(request, deps),
      setOfferHidden: (request) => setOfferHidden(request, deps),
      flagWrongMatch: (request) => flagWrongMatch(request, deps),
      splitOffers: (request) => splitOffers(request, deps),
      listHeldOffers: (request) => listHeldOffers(request, deps),
      confirmOfferPrice: (request) => confirmOfferPrice(request, deps),
    }),
  );
}
