import type { Logger } from 'pino';
import type { SubscriptionChanged } from '@pc/proto/billing/events/v1/events';
import type { Outbox } from '@pc/kit/events/outbox';
import { billingTransition, subscriptionWord } from '../domain/shop-billing.js';
import { isDeleted, suspensionOf } from '../domain/shop-record.js';
import { offersCleanupAfter } from '../domain/shop-status.js';
import { shopChanged } from '../events/shop-events.js';
import type { ShopRepository } from '../store/shop-repository.js';
import type { SubscriptionRepository } from '../store/subscription-repository.js';
import { mutateShop } from './shop-mutation.js';

export interface SubscriptionFollowerDeps {
  readonly shops: ShopRepository;
  readonly subscriptions: SubscriptionRepository;
  readonly outbox: Outbox;
  readonly clock: () => Date;
  /** Starts delisting a shop's offers (a shop that left ACTIVE). */
  readonly cleanShop: (shopId: string) => void;
  readonly logger: Logger;
}

/** An owner has a handful of shops; this bounds one read. */
const MAX_SHOPS_PER_OWNER = 1_000;

/**
 * Moves an owner's shops through the lifecycle as billing's SubscriptionChanged says (ADR 046):
 * a change applies only when its version is above the one held for its subscription, so a
 * redelivered or overtaken event changes nothing. Each shop's status change is a ShopChanged
 * through the outbox; the held version is written last, so a crash in between applies the same
 * (idempotent) transitions again.
 */
export class SubscriptionFollower {
  constructor(private readonly deps: SubscriptionFollowerDeps) {}

  async apply(event: SubscriptionChanged): Promise<void> {
    const { shops, subscriptions, logger } = this.deps;
    if (!event.subscriptionId || !event.userId) return;
    const held = await subscriptions.get(event.subscriptionId);
    if (held && held.version >= event.version) return;
    const status = subscriptionWord(event.status);
    const named = new Set(event.shopIds);
    const owned = await shops.find({ ownerUserId: event.userId }, { limit: MAX_SHOPS_PER_OWNER });
    for (const shop of owned.filter((candidate) => !isDeleted(candidate))) {
      const moved = await this.applyToShop(shop._id, {
        subscriptionId: event.subscriptionId,
        status,
        names: named.has(shop._id),
      });
      if (moved)
        logger.info(
          { shopId: shop._id, subscriptionId: event.subscriptionId, subscriptionStatus: status, status: moved },
          'shop follows its subscription',
        );
    }
    await subscriptions.hold({
      _id: event.subscriptionId,
      userId: event.userId,
      version: event.version,
      status,
      shopIds: [...event.shopIds],
      appliedAt: this.deps.clock().toISOString(),
    });
  }

  /** The shop's new status when it changed, else null. */
  private async applyToShop(shopId: string, change: Parameters<typeof billingTransition>[1]): Promise<number | null> {
    let movedTo: number | null = null;
    const written = await mutateShop(this.deps, shopId, (shop, now) => {
      const patch = billingTransition(shop, change);
      if (!patch) return null;
      const next = { ...shop, ...patch, updatedAt: now.toISOString() };
      if (patch.status === shop.status && patch.suspensionReason === suspensionOf(shop)) return { next, events: [] };
      movedTo = patch.status;
      const changed = { ...next, offersCleanup: offersCleanupAfter(shop, patch.status), version: shop.version + 1 };
      return { next: changed, events: [shopChanged(changed, shop.status, ['status', 'suspension_reason'], now)] };
    }).catch((error: unknown) => {
      // Deleted meanwhile: nothing left to move.
      if ((error as { kind?: string }).kind !== 'not_found') throw error;
      return null;
    });
    if (written?.offersCleanup) this.deps.cleanShop(shopId);
    return movedTo;
  }
}
