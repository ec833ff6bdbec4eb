import { metrics, type Attributes } from '@opentelemetry/api';
import type { EventBus } from '../ports/event-bus.js';

const meter = metrics.getMeter('@pc/kit/events');

/** The subscriptions of this process whose lag a scrape reads: removed when they stop. */
const subscriptions = new Set<{ readonly bus: EventBus; readonly group: string; readonly topics: readonly string[] }>();

/**
 * `messaging.consumer.lag`: records appended and not yet committed, per consumer group and topic,
 * from the bus itself (EventBus.consumerLag), so the embedded event log has lag on `/metrics`
 * as Kafka has it from kafka-exporter. Read when scraped; a bus that cannot answer is skipped.
 */
meter
  .createObservableGauge('messaging.consumer.lag', {
    description: 'Records appended and not yet handled by a consumer group, by group and topic',
    unit: '{message}',
  })
  .addCallback(async (result) => {
    const reads = [...subscriptions].flatMap(({ bus, group, topics }) =>
      topics.map(async (topic) => {
        const lag = await bus.consumerLag(group, [topic]).catch(() => undefined);
        const attributes = { 'messaging.consumer.group.name': group, 'messaging.destination.name': topic };
        if (lag !== undefined) result.observe(lag, attributes);
      }),
    );
    await Promise.all(reads);
  });

const consumed = meter.createCounter('messaging.process.messages', {
  description: 'Events handled by a consumer group, by group, topic and outcome (ok, retry, dead_letter)',
  unit: '{message}',
});

/** Watches a subscription's lag until the returned function is called (when it stops). */
export function watchConsumerLag(bus: EventBus, group: string, topics: readonly string[]): () => void {
  const entry = { bus, group, topics };
  subscriptions.add(entry);
  return () => subscriptions.delete(entry);
}

/**
 * Counts one handled event. A failure on the last attempt the retry policy allows sends the
 * record to the dead-letter topic (`<topic>.dlq`): `dead_letter`, what the dead-letter alert and
 * panels read; earlier failures are `retry`.
 */
export function countHandled(group: string, topic: string, outcome: 'ok' | 'retry' | 'dead_letter'): void {
  const attributes: Attributes = {
    'messaging.consumer.group.name': group,
    'messaging.destination.name': topic,
    outcome,
  };
  consumed.add(1, attributes);
}
