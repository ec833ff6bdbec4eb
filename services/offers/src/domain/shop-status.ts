import { ShopStatus } from '@pc/proto/offers/v1/types';
import type { OffersCleanup, ShopRecord } from './shop-record.js';

/**
 * The bookkeeping of a status change: leaving ACTIVE flags the shop's offers for delisting (the
 * immediate clean-up and the sweep do it); back to ACTIVE, the flag goes and offers return with
 * their next observation.
 */
export function offersCleanupAfter(shop: ShopRecord, status: ShopStatus): OffersCleanup {
  if (shop.status === ShopStatus.SHOP_STATUS_ACTIVE && status !== ShopStatus.SHOP_STATUS_ACTIVE) return 'suspended';
  return status === ShopStatus.SHOP_STATUS_ACTIVE ? '' : shop.offersCleanup;
}

/** A top-level field of the record under its proto name (ShopChanged.changed_fields). */
export const protoFieldName = (field: string): string =>
  field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
