import type { ClickRecorded } from '@pc/proto/affiliates/events/v1/events';
import type { ShopClickRepository } from '../store/shop-click-repository.js';
import type { ShopReviewVerification } from '../workflows/shop-review-verification.js';

/**
 * affiliates' ClickRecorded: a signed-in visitor followed a link to a shop from this site. Every
 * click with a user and a shop counts — counted or not (a repeat within the duplicate window is
 * still a visit to the shop) — and is kept as the user's first and last click to that shop, which
 * AddShopReview reads for the review's verified mark. The user's review of the shop written
 * before the click arrived is verified then, when the click came first. Anonymous clicks cost
 * nothing. Idempotent: the first and last click only move outwards, and a verified review stays
 * as it is. The click is stored before the review is looked for: AddShopReview looks for the
 * click after storing the review, so one of the two sees the other.
 */
export function handleClickRecorded(
  clicks: ShopClickRepository,
  verification: ShopReviewVerification,
): (event: ClickRecorded) => Promise<void> {
  return async (event) => {
    const click = event.click;
    if (!click?.userId || !click.shopId) return;
    const clickedAt = click.clickedAt ?? event.recordedAt;
    if (!clickedAt) return;
    await clicks.record(click.userId, click.shopId, clickedAt.toISOString());
    await verification.clickRecorded(click.userId, click.shopId);
  };
}
