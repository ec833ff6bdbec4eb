import { PromotionSort } from '@pc/proto/affiliates/v1/affiliates';

/**
 * Store orders of the sorts (spec §4: "ending soon", "newest"). Ending soon puts open-ended
 * promotions last (their `endKey` is the far future); newest is the most recently started,
 * which is what a visitor reads as new, then the most recently created. `_id` breaks ties in the
 * store, so pages never overlap.
 */
export function sortOrder(sort: PromotionSort): Record<string, 1 | -1> {
  switch (sort) {
    case PromotionSort.PROMOTION_SORT_NEWEST:
      return { startsAt: -1, createdAt: -1 };
    case PromotionSort.PROMOTION_SORT_STARTING_SOON:
      return { startsAt: 1, endKey: 1 };
    default:
      return { endKey: 1, startsAt: -1 };
  }
}
