import { randomUUID } from 'node:crypto';
import { EventEnvelope } from '@pc/proto/events/v1/envelope';
import type { EventBus, OutgoingRecord } from '../ports/event-bus.js';
import { eventTraceHeaders } from '../telemetry/event-spans.js';
import type { EventType } from '@pc/proto/event-type';

export interface PendingEvent<T> {
  readonly type: EventType<T>;
  /** The aggregate id: the record key, so one aggregate's events stay in order. */
  readonly key: string;
  readonly payload: T;
}

export interface EventPublisher {
  publish<T>(type: EventType<T>, key: string, payload: T): Promise<void>;
  /** Publishes several events as one durable batch. */
  publishAll(events: readonly PendingEvent<unknown>[]): Promise<void>;
}

/** Wraps a payload in the envelope of docs/architecture.md §3, with the trace context in headers. */
export function toRecord<T>(
  producer: string,
  event: PendingEvent<T>,
  now = new Date(),
  eventId: string = randomUUID(),
): OutgoingRecord {
  const envelope = EventEnvelope.encode({
    eventId,
    occurredAt: now,
    producer,
    type: event.type.typeName,
    payload: Buffer.from(event.type.codec.encode(event.payload).finish()),
  }).finish();
  return {
    topic: event.type.topic,
    key: event.key,
    value: envelope,
    headers: { ...eventTraceHeaders(event.type.topic, eventId), 'content-type': 'application/protobuf' },
  };
}

export function createEventPublisher(bus: EventBus, producer: string): EventPublisher {
  return {
    publish: (type, key, payload) => bus.publish([toRecord(producer, { type, key, payload })]),
    publishAll: (events) => bus.publish(events.map((event) => toRecord(producer, event))),
  };
}
