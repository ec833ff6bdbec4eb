import { AffiliatesServiceService } from '@pc/proto/affiliates/v1/affiliates';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import { withUnimplemented } from '@pc/kit/grpc/unimplemented';
import { deleteAdvertisement, listAdvertisements, saveAdvertisement } from './advertisements.js';
import { getAdvertiser, listAdvertisers, saveAdvertiser, saveAffiliateAccount } from './advertisers.js';
import { getClickStats } from './click-stats.js';
import type { AffiliatesDependencies } from './dependencies.js';
import { getEcoTipSummary, listDonationEntries, listDonations } from './ecotip.js';
import { getOfferClicks } from './offer-clicks.js';
import { getPromotion, listPromotions } from './promotion-reads.js';
import { createPromotion, deletePromotion, updatePromotion } from './promotion-writes.js';
import { listMonthProductClicks } from './month-product-clicks.js';
import { ledgerExportHandler } from './ledger-export.js';
import { listOwnClicks } from './own-clicks.js';
import { getPostback, listPostbacks, recordPostback } from './postbacks.js';
import { listTransactions, recordTransaction } from './transactions.js';

/** The affiliates gRPC API (proto/affiliates/v1): every RPC is served. */
export function affiliatesService(deps: AffiliatesDependencies): ServiceRegistration {
  return serviceRegistration(
    'pricecompare.affiliates.v1.AffiliatesService',
    AffiliatesServiceService,
    withUnimplemented(AffiliatesServiceService, {
      resolveClickOut: (request) => deps.clicks.resolve(request),
      getClickStats: (request) => getClickStats(request, deps),
      listMonthProductClicks: (request) => listMonthProductClicks(request, deps),
      listOwnClicks: (request) => listOwnClicks(request, deps),
      getOfferClicks: (request) => getOfferClicks(request, deps.aggregates, deps.clock()),
      listPromotions: (request) => listPromotions(request, deps),
      getPromotion: (request) => getPromotion(request, deps),
      createPromotion: (request) => createPromotion(request, deps),
      updatePromotion: (request) => updatePromotion(request, deps),
      deletePromotion: (request) => deletePromotion(request, deps),
      listAdvertisements: (request) => listAdvertisements(request, deps),
      recordAdImpressions: async (request) => ({ counted: await deps.adViews.record(request) }),
      saveAdvertisement: (request) => saveAdvertisement(request, deps),
      deleteAdvertisement: (request) => deleteAdvertisement(request, deps),
      saveAdvertiser: (request) => saveAdvertiser(request, deps),
      listAdvertisers: (request) => listAdvertisers(request, deps),
      getAdvertiser: (request) => getAdvertiser(request, deps),
      saveAffiliateAccount: (request) => saveAffiliateAccount(request, deps),
      recordTransaction: (request) => recordTransaction(request, deps),
      recordPostback: (request) => recordPostback(request, deps),
      listTransactions: (request) => listTransactions(request, deps),
      getEcoTipSummary: (request) => getEcoTipSummary(request, deps),
      listDonations: (request) => listDonations(request, deps),
      listDonationEntries: (request) => listDonationEntries(request, deps),
      listPostbacks: (request) => listPostbacks(request, deps),
      getPostback: (request) => getPostback(request, deps),
      ...ledgerExportHandler(deps),
    }),
  );
}
