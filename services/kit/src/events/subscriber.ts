import { EventEnvelope } from '@pc/proto/events/v1/envelope';
import type { Logger } from 'pino';
import {
  DEFAULT_RETRY_POLICY,
  type ConsumedRecord,
  type EventBus,
  type RetryPolicy,
  type Subscription,
} from '../ports/event-bus.js';
import { countHandled, watchConsumerLag } from '../telemetry/event-metrics.js';
import { runInEventSpan } from '../telemetry/event-spans.js';
import type { EventType } from '@pc/proto/event-type';
import { backgroundOfCurrentWork } from '../identity/caller.js';

/** What a handler learns about the event besides its payload. */
export interface EventMeta {
  readonly eventId: string;
  readonly occurredAt: Date;
  readonly producer: string;
  readonly key: string;
  readonly attempt: number;
}

export interface EventHandler<T> {
  readonly type: EventType<T>;
  readonly handle: (payload: T, meta: EventMeta) => Promise<void>;
}

/** Pairs an event type with its handler (typed). Handlers must be idempotent (at-least-once). */
export function on<T>(type: EventType<T>, handle: (payload: T, meta: EventMeta) => Promise<void>): EventHandler<T> {
  return { type, handle };
}

export interface EventSubscriptionSpec {
  readonly group: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- handlers of different payload types
  readonly handlers: readonly EventHandler<any>[];
  readonly logger: Logger;
  readonly retry?: Partial<RetryPolicy>;
  /** Records of one partition handled at once, keys in order (SubscriptionSpec.concurrency). */
  readonly concurrency?: number;
  /** Where a new group starts (SubscriptionSpec.fromBeginning); default the earliest record. */
  readonly fromBeginning?: boolean;
}

/**
 * Subscribes a consumer group to the topics of its handlers; decodes the envelope, restores the
 * trace context and calls the handler. A throw means "redeliver" (then the DLQ, by the bus).
 * Handlers run as background work of the service that subscribes (its app's `start`, see
 * `serviceApp`): their calls sign as that service, whichever context the bus delivers in.
 */
export async function subscribeEvents(bus: EventBus, spec: EventSubscriptionSpec): Promise<Subscription> {
  const asSubscriber = backgroundOfCurrentWork();
  const byTopic = new Map<string, EventHandler<unknown>>(spec.handlers.map((h) => [h.type.topic, h]));
  const log = spec.logger.child({ group: spec.group });

  const handle = async (record: ConsumedRecord): Promise<void> => {
    const handler = byTopic.get(record.topic);
    if (!handler) throw new Error(`no handler for topic ${record.topic}`);
    const envelope = EventEnvelope.decode(record.value);
    if (envelope.type !== handler.type.typeName) {
      throw new Error(`unexpected event type ${envelope.type} on ${record.topic}`);
    }
    const payload = handler.type.codec.decode(envelope.payload);
    const meta: EventMeta = {
      eventId: envelope.eventId,
      occurredAt: envelope.occurredAt ?? record.timestamp,
      producer: envelope.producer,
      key: record.key,
      attempt: record.attempt,
    };
    await runInEventSpan(spec.group, record, async () => {
      try {
        await handler.handle(payload, meta);
      } catch (error) {
        log.warn(
          { err: error, topic: record.topic, eventId: meta.eventId, attempt: record.attempt },
          'event handler failed',
        );
        throw error;
      }
    });
  };

  const maxAttempts = spec.retry?.maxAttempts ?? DEFAULT_RETRY_POLICY.maxAttempts;
  const counted = async (record: ConsumedRecord): Promise<void> => {
    try {
      await asSubscriber(() => handle(record));
      countHandled(spec.group, record.topic, 'ok');
    } catch (error) {
      countHandled(spec.group, record.topic, record.attempt >= maxAttempts ? 'dead_letter' : 'retry');
      throw error;
    }
  };

  const topics = [...byTopic.keys()];
  const subscription = await bus.subscribe({
    group: spec.group,
    topics,
    retry: spec.retry,
    concurrency: spec.concurrency,
    fromBeginning: spec.fromBeginning,
    handler: counted,
  });
  const unwatch = watchConsumerLag(bus, spec.group, topics);
  return {
    stop: async () => {
      unwatch();
      await subscription.stop();
    },
    lastHeardAt: () => subscription.lastHeardAt(),
  };
}
