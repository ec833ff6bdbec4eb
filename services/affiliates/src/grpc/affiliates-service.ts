import { AffiliatesServiceService } from '@pc/proto/affiliates/v1/affiliates';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import { withUnimplemented } from '@pc/kit/grpc/unimplemented';
import { resolveClickOut } from './click-out.js';
import type { AffiliatesDependencies } from './dependencies.js';
import { getPromotion, listPromotions } from './promotion-reads.js';
import { createPromotion, deletePromotion, updatePromotion } from './promotion-writes.js';

/**
 * The affiliates gRPC API (proto/affiliates/v1). Promotions are served, and ResolveClickOut for
 * promotion locations; clicks, stats, advertisements, transactions and EcoTip answer
 * UNIMPLEMENTED until their issue lands.
 */
export function affiliatesService(deps: AffiliatesDependencies): ServiceRegistration {
  return serviceRegistration(
    'pricecompare.affiliates.v1.AffiliatesService',
    AffiliatesServiceService,
    withUnimplemented(AffiliatesServiceService, {
      resolveClickOut: (request) => resolveClickOut(request, deps),
      listPromotions: (request) => listPromotions(request, deps),
      getPromotion: (request) => getPromotion(request, deps),
      createPromotion: (request) => createPromotion(request, deps),
      updatePromotion: (request) => updatePromotion(request, deps),
      deletePromotion: (request) => deletePromotion(request, deps),
    }),
  );
}
