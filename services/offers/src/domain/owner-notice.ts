import { SubscriptionStatus } from '@pc/proto/billing/v1/types';
import { FeedHealth, ShopDeletionReason, type ShopChanged, type ShopDeleted } from '@pc/proto/offers/events/v1/events';
import type { SubscriptionChanged } from '@pc/proto/billing/events/v1/events';
import { ShopStatus, SuspensionReason } from '@pc/proto/offers/v1/types';
import { isFeedFailureReason, type FeedFailureReason } from './feed-health.js';

/** What a shop owner is told at each step of the shop lifecycle (spec §4). */
export type OwnerNoticeKind =
  | 'registered'
  | 'subscriptionStarted'
  | 'feedsAnalysed'
  | 'activated'
  | 'reinstated'
  | 'suspendedPayment'
  | 'suspendedStaff'
  | 'paymentFailed'
  | 'deleted'
  | 'feedFailing'
  | 'feedRecovered';

/** The step a ShopChanged of an owned shop is, if it is one the owner hears of. */
export function noticeOfShopChange(event: ShopChanged): OwnerNoticeKind | null {
  const shop = event.shop;
  if (!shop?.ownerUserId) return null;
  const fields = new Set(event.changedFields);
  if (fields.has('status') && shop.status !== event.previousStatus) {
    switch (shop.status) {
      case ShopStatus.SHOP_STATUS_PENDING_ACTIVATION:
        return 'subscriptionStarted';
      case ShopStatus.SHOP_STATUS_ACTIVE:
        return event.previousStatus === ShopStatus.SHOP_STATUS_SUSPENDED ? 'reinstated' : 'activated';
      case ShopStatus.SHOP_STATUS_SUSPENDED:
        return shop.suspensionReason === SuspensionReason.SUSPENSION_REASON_STAFF
          ? 'suspendedStaff'
          : 'suspendedPayment';
      default:
        return null;
    }
  }
  return fields.has('feeds_analysed_at') ? 'feedsAnalysed' : null;
}

/** The owner hears of a deletion they (or staff) made; a deleted account is not written to. */
export const noticeOfShopDeleted = (event: ShopDeleted): OwnerNoticeKind | null =>
  event.ownerUserId && event.reason !== ShopDeletionReason.SHOP_DELETION_REASON_ACCOUNT_DELETED ? 'deleted' : null;

/** A renewal that failed (the subscription turned past due): the provider retries, the owner should check the card. */
export const noticeOfSubscriptionChange = (event: SubscriptionChanged): OwnerNoticeKind | null =>
  event.status === SubscriptionStatus.SUBSCRIPTION_STATUS_PAST_DUE &&
  event.previousStatus !== SubscriptionStatus.SUBSCRIPTION_STATUS_PAST_DUE
    ? 'paymentFailed'
    : null;

/** What a feed notice names: the feed, why it fails, and whether the shop's offers are listed. */
export interface FeedNotice {
  readonly kind: 'feedFailing' | 'feedRecovered';
  readonly feedUrl: string;
  /** feedFailing: why, in the mail's plain words, and the crawler's own (technical detail). */
  readonly reason: FeedFailureReason;
  readonly detail: string;
  readonly httpStatus: number;
  /** The shop is listed (its offers stay for the freshness window); else pending activation. */
  readonly listed: boolean;
}

/** The feed notice a ShopChanged carries (`feed_health`, ADR 128), for an owned shop's feed it still has. */
export function feedNoticeOfShopChange(event: ShopChanged): FeedNotice | null {
  const shop = event.shop;
  const change = event.feedHealth;
  if (!shop?.ownerUserId || !change) return null;
  const feed = shop.feeds.find((candidate) => candidate.id === change.feedId);
  if (!feed) return null;
  const kind =
    change.health === FeedHealth.FEED_HEALTH_FAILING
      ? 'feedFailing'
      : change.health === FeedHealth.FEED_HEALTH_RECOVERED
        ? 'feedRecovered'
        : null;
  if (!kind) return null;
  return {
    kind,
    feedUrl: feed.url,
    reason: isFeedFailureReason(change.reason) ? change.reason : 'other',
    detail: change.detail,
    httpStatus: change.httpStatus,
    listed: shop.status === ShopStatus.SHOP_STATUS_ACTIVE,
  };
}
