import type { Logger } from 'pino';
import { Events } from '@pc/proto/event-catalog';
import { on, subscribeEvents } from '@pc/kit/events/subscriber';
import type { EventBus, Subscription } from '@pc/kit/ports/event-bus';
import type { AlertEvaluation } from '../workflows/alert-evaluation.js';
import type { UserErasure } from '../workflows/user-erasure.js';

/** Consumer group of the notifications service. */
export const NOTIFICATIONS_GROUP = 'notifications';

/**
 * Everything notifications consumes, in one place (docs/conventions.md §1). Both handlers are
 * idempotent: a price event fires an alert at most once per event version (the firing id), and
 * erasing a user twice erases nothing more. A handler fails only when the store or accounts is
 * down; it is retried, then dead-lettered.
 */
export function subscribeNotifications(
  bus: EventBus,
  parts: { evaluation: AlertEvaluation; erasure: UserErasure },
  logger: Logger,
  concurrency: number,
): Promise<Subscription> {
  return subscribeEvents(bus, {
    group: NOTIFICATIONS_GROUP,
    logger,
    retry: { maxAttempts: 8, initialBackoffMs: 200, maxBackoffMs: 10_000 },
    // Keyed by product (prices) and by user (erasures): one alert's events stay in order.
    concurrency,
    handlers: [
      on(Events.productPriceChanged, (event) => parts.evaluation.onPriceChanged(event)),
      on(Events.accountDeleted, (event) => parts.erasure.erase(event.userId)),
    ],
  });
}
