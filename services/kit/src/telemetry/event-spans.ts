import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
} from '@opentelemetry/api';
import type { ConsumedRecord } from '../ports/event-bus.js';
import { outgoingTraceparent, runInTrace, tracingEnabled } from './trace-context.js';

/**
 * Producer and consumer spans of the kit's events, on any event bus (Kafka, the embedded event
 * log): the same messaging semantic conventions and the same W3C `traceparent` header, so a
 * workflow that crosses services through events stays one trace. On Kafka, kafkajs's own
 * instrumentation adds its send and receive spans between these two.
 */
const tracer = trace.getTracer('@pc/kit/events');

/**
 * The trace context for an event's headers. With tracing on, a `create` span (PRODUCER) marks
 * the moment the event was made, inside the request that made it: an outbox may publish it
 * much later, from another context, and the headers still point back here.
 */
export function eventTraceHeaders(topic: string, eventId: string): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!tracingEnabled()) {
    const traceparent = outgoingTraceparent();
    if (traceparent) headers.traceparent = traceparent;
    return headers;
  }
  const span = tracer.startSpan(`create ${topic}`, {
    kind: SpanKind.PRODUCER,
    attributes: {
      'messaging.operation.type': 'create',
      'messaging.operation.name': 'create',
      'messaging.destination.name': topic,
      'messaging.message.id': eventId,
    },
  });
  propagation.inject(trace.setSpan(context.active(), span), headers);
  span.end();
  return headers;
}

/**
 * Runs an event's handler in a `process` span (CONSUMER) whose parent is the producer's context
 * from the headers (one trace per workflow) and which links to it (the messaging conventions'
 * way to say which message it handles). Without tracing, the handler's logs still carry the
 * producer's trace id.
 */
export function runInEventSpan<T>(group: string, record: ConsumedRecord, handler: () => Promise<T>): Promise<T> {
  if (!tracingEnabled()) return runInTrace(record.headers.traceparent, handler);
  const parent = propagation.extract(ROOT_CONTEXT, record.headers);
  const producer = trace.getSpanContext(parent);
  const attributes: Attributes = {
    'messaging.operation.type': 'process',
    'messaging.operation.name': 'process',
    'messaging.destination.name': record.topic,
    'messaging.destination.partition.id': String(record.partition),
    'messaging.consumer.group.name': group,
    'messaging.kafka.offset': record.offset,
    'messaging.message.delivery_attempt': record.attempt,
  };
  return tracer.startActiveSpan(
    `process ${record.topic}`,
    { kind: SpanKind.CONSUMER, attributes, links: producer ? [{ context: producer }] : [] },
    parent,
    async (span) => {
      try {
        return await handler();
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
