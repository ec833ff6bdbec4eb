import { Events } from '@pc/proto/event-catalog';
import type { PendingEvent } from '@pc/kit/events/publisher';
import type {
  FeedHealthChange,
  ShopChanged,
  ShopDeleted,
  ShopDeletionReason,
  ShopRegistered,
} from '@pc/proto/offers/events/v1/events';
import type { ShopStatus } from '@pc/proto/offers/v1/types';
import { toShopMessage } from '../domain/shop-message.js';
import type { ShopRecord } from '../domain/shop-record.js';

export function shopRegistered(shop: ShopRecord, at: Date): PendingEvent<ShopRegistered> {
  return {
    type: Events.shopRegistered,
    key: shop._id,
    payload: {
      shopId: shop._id,
      ownerUserId: shop.ownerUserId,
      name: shop.name,
      domain: shop.domain,
      company: shop.company,
      email: shop.email,
      address: { ...shop.address },
      directoryListing: shop.directoryListing,
      registeredAt: at,
    },
  };
}

/**
 * ShopChanged carries the full shop, private fields included (crawler feeds, affiliates
 * parameters), and a feed's turn to failing or back when a fetch made one (ADR 128).
 */
export function shopChanged(
  shop: ShopRecord,
  previousStatus: ShopStatus,
  changedFields: readonly string[],
  at: Date,
  feedHealth?: FeedHealthChange,
): PendingEvent<ShopChanged> {
  return {
    type: Events.shopChanged,
    key: shop._id,
    payload: {
      shopId: shop._id,
      version: shop.version,
      shop: toShopMessage(shop, { withPrivate: true }),
      previousStatus,
      changedFields: [...changedFields],
      changedAt: at,
      feedHealth,
    },
  };
}

export function shopDeleted(shop: ShopRecord, reason: ShopDeletionReason, at: Date): PendingEvent<ShopDeleted> {
  return {
    type: Events.shopDeleted,
    key: shop._id,
    payload: { shopId: shop._id, ownerUserId: shop.ownerUserId, domain: shop.domain, reason, deletedAt: at },
  };
}
