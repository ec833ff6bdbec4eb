import type { ClickRecorded } from '@pc/proto/affiliates/events/v1/events';
import type { ShopClickRepository } from '../store/shop-click-repository.js';

/**
 * affiliates' ClickRecorded: a signed-in visitor followed a link to a shop from this site. Every
 * click with a user and a shop counts — counted or not (a repeat within the duplicate window is
 * still a visit to the shop) — and is kept as the user's first and last click to that shop, which
 * AddShopReview reads for the review's verified mark. Anonymous clicks cost nothing. Idempotent:
 * the first and last click only move outwards.
 */
export function handleClickRecorded(clicks: ShopClickRepository): (event: ClickRecorded) => Promise<void> {
  return async (event) => {
    const click = event.click;
    if (!click?.userId || !click.shopId) return;
    const clickedAt = click.clickedAt ?? event.recordedAt;
    if (!clickedAt) return;
    await clicks.record(click.userId, click.shopId, clickedAt.toISOString());
  };
}
