import type { Logger } from 'pino';
import { Events } from '@pc/proto/event-catalog';
import { on, subscribeEvents } from '@pc/kit/events/subscriber';
import type { EventBus, Subscription } from '@pc/kit/ports/event-bus';
import type { ShopLedger } from '../workflows/shop-ledger.js';

/** Consumer group of the billing service. */
export const BILLING_GROUP = 'billing';

/**
 * Everything billing consumes, in one place (CONVENTIONS.md §1): the shops it bills for
 * (ShopRegistered, ShopDeleted) and account deletion (cancels the subscription at once). All
 * handlers are idempotent; one fails only when the store or the payment provider is down, and is
 * retried, then dead-lettered.
 */
export function subscribeBilling(bus: EventBus, shops: ShopLedger, logger: Logger): Promise<Subscription> {
  return subscribeEvents(bus, {
    group: BILLING_GROUP,
    logger,
    retry: { maxAttempts: 8, initialBackoffMs: 200, maxBackoffMs: 10_000 },
    handlers: [
      on(Events.shopRegistered, (event) => shops.registered(event)),
      on(Events.shopDeleted, (event) => shops.deleted(event)),
      on(Events.accountDeleted, (event) => shops.accountDeleted(event)),
    ],
  });
}
