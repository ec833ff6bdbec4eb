import type { Logger } from 'pino';
import { ShopDeletionReason } from '@pc/proto/offers/events/v1/events';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import type { Outbox } from '@pc/kit/events/outbox';
import type { ShopRecord } from '../domain/shop-record.js';
import { isDeleted } from '../domain/shop-record.js';
import { shopDeleted } from '../events/shop-events.js';
import type { ShopRepository, StoredShop } from '../store/shop-repository.js';
import { mutateShop } from './shop-mutation.js';

export interface ShopDeletionDeps {
  readonly shops: ShopRepository;
  readonly outbox: Outbox;
  readonly clock: () => Date;
  /** Starts delisting the shop's offers now (the sweep finishes what it does not). */
  readonly cleanShop: (shopId: string) => void;
}

/**
 * Deletes a shop (spec §4: cannot be undone): it becomes a tombstone — its domain free again,
 * reads answer NOT_FOUND — with ShopDeleted through the outbox (billing drops it from the
 * subscription, the crawler stops fetching it), and its offers are delisted with OfferChanged
 * REMOVED each. `reasonFor` runs on the current record before anything changes: it authorises (or
 * throws) and names the reason ShopDeleted carries.
 */
export async function deleteShopRecord(
  deps: ShopDeletionDeps,
  shopId: string,
  reasonFor: (shop: StoredShop) => Promise<ShopDeletionReason>,
): Promise<Date> {
  let deletedAt = deps.clock();
  await mutateShop(deps, shopId, async (shop, now) => {
    const reason = await reasonFor(shop);
    deletedAt = now;
    const next: ShopRecord = {
      ...shop,
      status: ShopStatus.SHOP_STATUS_DELETED,
      domainKey: `deleted:${shop._id}`,
      offersCleanup: 'deleted',
      deletedAt: now.toISOString(),
      version: shop.version + 1,
      updatedAt: now.toISOString(),
    };
    return { next, events: [shopDeleted(next, reason, now)] };
  });
  deps.cleanShop(shopId);
  return deletedAt;
}

/** An owner has a handful of shops; this bounds one read. */
const MAX_SHOPS_PER_OWNER = 1_000;

/**
 * AccountDeleted: every shop of the user is deleted with its offers (reason ACCOUNT_DELETED).
 * Idempotent: a redelivery finds only tombstones. Billing cancels the subscription from the same
 * event; the shops' ShopDeleted tells it again, harmlessly.
 */
export async function deleteAccountShops(
  deps: ShopDeletionDeps & { readonly logger: Logger },
  userId: string,
): Promise<number> {
  if (!userId) return 0;
  const owned = await deps.shops.find({ ownerUserId: userId }, { limit: MAX_SHOPS_PER_OWNER });
  let deleted = 0;
  for (const shop of owned.filter((candidate) => !isDeleted(candidate))) {
    try {
      await deleteShopRecord(deps, shop._id, async () => ShopDeletionReason.SHOP_DELETION_REASON_ACCOUNT_DELETED);
      deleted += 1;
    } catch (error) {
      if ((error as { kind?: string }).kind !== 'not_found') throw error;
    }
  }
  if (deleted > 0) deps.logger.info({ userId, deleted }, 'shops of a deleted account deleted');
  return deleted;
}
