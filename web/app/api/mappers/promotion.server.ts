import { PromotionSort } from '@pc/proto/affiliates/v1/affiliates';
import { PromotionStatus, type Promotion } from '@pc/proto/affiliates/v1/types';
import { isoTime, orNull } from './money.server';
import { sitePaths } from './site-paths.server';
import { SortKeys } from './sort-keys.server';

/** Promotion sorts (spec §4: ending soon, newest; and starting soon for scheduled ones). */
export const promotionSorts = new SortKeys<PromotionSort, 'ending-soon' | 'newest' | 'starting-soon'>({
  'ending-soon': PromotionSort.PROMOTION_SORT_ENDING_SOON,
  newest: PromotionSort.PROMOTION_SORT_NEWEST,
  'starting-soon': PromotionSort.PROMOTION_SORT_STARTING_SOON,
});

/** `refinements[status]` values (spec §4: starts on date, ends on date). */
export const promotionStatuses: Readonly<Record<string, PromotionStatus>> = {
  scheduled: PromotionStatus.PROMOTION_STATUS_SCHEDULED,
  active: PromotionStatus.PROMOTION_STATUS_ACTIVE,
  ended: PromotionStatus.PROMOTION_STATUS_ENDED,
};

const statusKey = (status: PromotionStatus) =>
  Object.entries(promotionStatuses).find(([, value]) => value === status)?.[0] ?? null;

/**
 * A promotion as the API shows it. Visitors follow `clickLink` (affiliates records the click and
 * redirects to the landing page); the landing page itself is never in public answers.
 */
export function promotionJson(promotion: Promotion) {
  return {
    id: promotion.id,
    title: promotion.title,
    description: orNull(promotion.description),
    image: orNull(promotion.imageUrl),
    shop: { id: promotion.shopId, name: promotion.shopName, favicon: orNull(promotion.shopFaviconUrl) },
    productId: orNull(promotion.productId),
    brandSlug: orNull(promotion.brandSlug),
    clickLink: sitePaths.clickOut(promotion.locationId),
    code: orNull(promotion.code),
    discountPercent: promotion.discountPercent || null,
    countries: [...promotion.countries],
    language: orNull(promotion.language),
    status: statusKey(promotion.status),
    startsAt: isoTime(promotion.startsAt),
    endsAt: isoTime(promotion.endsAt),
    createdAt: isoTime(promotion.createdAt),
  };
}
