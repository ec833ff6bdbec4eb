import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { createServiceClient } from '@pc/kit/grpc/client';
import { AffiliatesServiceService, PromotionSort } from '@pc/proto/affiliates/v1/affiliates';
import { PromotionStatus } from '@pc/proto/affiliates/v1/types';
import { config, serviceAddress } from '~/config.server';

/**
 * Gateway to the affiliates service. Routes call view-shaped functions added here (never grpc-js);
 * the client shares the process-wide channel to the service and puts a deadline on every call.
 */
export const affiliates = createServiceClient(AffiliatesServiceService, serviceAddress('affiliates'), {
  deadlineMs: config.SERVICE_DEADLINE_MS,
});

const listPromotions = (country: string, language: string, status: PromotionStatus, sort: PromotionSort, page: number, hitsPerPage: number) =>
  affiliates.listPromotions({ country, language, statuses: [status], shopId: '', brandSlug: '', productId: '', query: '', sort, page: { page, hitsPerPage } });

/** Running promotions in a country, the visitor's language first, ending soonest first (spec §2.2 promotions, §4). */
export async function listRunningPromotions(country: string, language: string, page: number, hitsPerPage: number) {
  const response = await listPromotions(country, language, PromotionStatus.PROMOTION_STATUS_ACTIVE, PromotionSort.PROMOTION_SORT_ENDING_SOON, page, hitsPerPage);
  return { promotions: response.promotions, total: response.page?.total ?? 0 };
}

/** Promotions that start later in a country, soonest first ("starts on date", spec §4). */
export async function listScheduledPromotions(country: string, language: string, hitsPerPage: number) {
  const response = await listPromotions(country, language, PromotionStatus.PROMOTION_STATUS_SCHEDULED, PromotionSort.PROMOTION_SORT_STARTING_SOON, 1, hitsPerPage);
  return { promotions: response.promotions, total: response.page?.total ?? 0 };
}

/** Where a promotion's click-out location (`pr_…`) leads, or null for an unknown one. */
export async function resolvePromotionClickOut(locationId: string, visitor: { country: string; language: string; userAgent: string; referrer: string }) {
  try {
    const answer = await affiliates.resolveClickOut({
      locationId, origin: 0, productId: '', country: visitor.country, language: visitor.language,
      userId: '', visitorId: '', ip: '', userAgent: visitor.userAgent, referrer: visitor.referrer,
    });
    return answer.targetUrl;
  } catch (error) {
    if (error instanceof RpcError && error.code === GrpcStatus.NOT_FOUND) return null;
    throw error;
  }
}
