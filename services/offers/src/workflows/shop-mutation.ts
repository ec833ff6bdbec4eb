import type { PendingEvent } from '@pc/kit/events/publisher';
import { ConflictError, NotFoundError } from '@pc/kit/errors/domain-errors';
import type { ShopRecord } from '../domain/shop-record.js';
import { isDeleted } from '../domain/shop-record.js';
import type { ShopRepository, StoredShop } from '../store/shop-repository.js';
import type { Outbox } from '@pc/kit/events/outbox';

const MAX_ATTEMPTS = 5;

/** A change to a shop: the new record and its events, or null for "nothing changes". */
export type ShopChange = { readonly next: ShopRecord; readonly events: readonly PendingEvent<unknown>[] } | null;

/**
 * Reads a live shop, applies `change` and writes it with its events through the outbox. A
 * concurrent write (the sweep's bookkeeping) makes the write conflict; the change is then applied
 * again to the fresh record. Errors thrown by `change` (authorisation, validation, the caller's
 * expected_version) pass through untouched.
 */
export async function mutateShop(
  deps: { readonly shops: ShopRepository; readonly outbox: Outbox; readonly clock: () => Date },
  shopId: string,
  change: (shop: StoredShop, now: Date) => ShopChange | Promise<ShopChange>,
): Promise<StoredShop> {
  for (let attempt = 1; ; attempt += 1) {
    const shop = await deps.shops.get(shopId);
    if (!shop || isDeleted(shop)) throw new NotFoundError('shop', shopId);
    const now = deps.clock();
    const result = await change(shop, now);
    if (!result) return shop;
    try {
      const written = await deps.shops.put(
        { ...result.next, ...deps.outbox.stage(shop, result.events, now) },
        shop._version,
      );
      await deps.outbox.flush(deps.shops.collection, written);
      return written;
    } catch (error) {
      if (!(error instanceof ConflictError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
