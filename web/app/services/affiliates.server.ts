import { createServiceClient } from '@pc/kit/grpc/client';
import { AffiliatesServiceService, PromotionSort } from '@pc/proto/affiliates/v1/affiliates';
import { config } from '~/config.server';

/**
 * Gateway to the affiliates service. Routes call view-shaped functions added here (never grpc-js);
 * the client shares the process-wide channel to the service and puts a deadline on every call.
 */
export const affiliates = createServiceClient(AffiliatesServiceService, config.AFFILIATES_GRPC_ADDR, {
  deadlineMs: config.SERVICE_DEADLINE_MS,
});

/** Running promotions in a country, ending soonest first (spec §2.2 promotions, §4). */
export async function listRunningPromotions(country: string, language: string, page: number, hitsPerPage: number) {
  const response = await affiliates.listPromotions({
    country, language, statuses: [], shopId: '', brandSlug: '', productId: '', query: '',
    sort: PromotionSort.PROMOTION_SORT_ENDING_SOON, page: { page, hitsPerPage },
  });
  return { promotions: response.promotions, total: response.page?.total ?? 0 };
}
