import type { Logger } from 'pino';
import { Events } from '@pc/proto/event-catalog';
import { on, subscribeEvents, type EventMeta } from '@pc/kit/events/subscriber';
import type { EventBus, Subscription } from '@pc/kit/ports/event-bus';
import type { EventType } from '@pc/proto/event-type';
import { EventUpdates } from './event-updates.js';
import type { SourceUpdate } from './source-update.js';
import type { WriteBehindBuffer } from './write-behind.js';

/**
 * Index writes are derived data that must not be lost to an outage of the search engine: retry
 * for about five minutes (backoff up to 30 s) before dead-lettering.
 */
const RETRY = { maxAttempts: 14, initialBackoffMs: 200, maxBackoffMs: 30_000 };

/** Every subscription of search, in one place (docs/conventions.md §7). */
export function subscribeIndexer(
  bus: EventBus,
  buffer: WriteBehindBuffer<SourceUpdate>,
  logger: Logger,
  consumer: { readonly group: string; readonly concurrency: number },
): Promise<Subscription> {
  const submit =
    <T>(type: EventType<T>, toUpdate: (event: T, meta: EventMeta) => SourceUpdate | null) =>
    async (event: T, meta: EventMeta): Promise<void> => {
      const update = toUpdate(event, meta);
      if (update === null) {
        logger.debug(
          { topic: type.topic, eventId: meta.eventId, key: meta.key },
          'event carries nothing search indexes; skipped',
        );
        return;
      }
      await buffer.submit(update);
    };
  const handler = <T>(type: EventType<T>, toUpdate: (event: T, meta: EventMeta) => SourceUpdate | null) =>
    on(type, submit(type, toUpdate));
  return subscribeEvents(bus, {
    group: consumer.group,
    logger,
    retry: RETRY,
    concurrency: consumer.concurrency,
    handlers: [
      handler(Events.productCreated, EventUpdates.productCreated),
      handler(Events.productChanged, EventUpdates.productChanged),
      handler(Events.categoryChanged, EventUpdates.categoryChanged),
      handler(Events.categoryDeleted, EventUpdates.categoryDeleted),
      handler(Events.productPriceChanged, EventUpdates.productPriceChanged),
      handler(Events.offerChanged, EventUpdates.offerChanged),
      handler(Events.shopChanged, EventUpdates.shopChanged),
      handler(Events.shopDeleted, EventUpdates.shopDeleted),
      handler(Events.clickRecorded, EventUpdates.clickRecorded),
    ],
  });
}
