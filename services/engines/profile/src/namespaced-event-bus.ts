import { DLQ_HEADERS, type ConsumedRecord, type EventBus, type SubscriptionSpec } from '@pc/kit/ports/event-bus';

/**
 * An event bus seen through a namespace: topics and consumer groups get `<namespace>.` in front
 * on the way in and lose it on the way out, so two platforms sharing one Kafka cluster (staging
 * and a test run, say) never read each other's events. Dead letters follow their topic
 * (`<namespace>.<topic>.dlq`); a dead letter's original-topic header is read without the namespace too.
 */
export function namespacedEventBus(bus: EventBus, namespace: string): EventBus {
  const prefix = `${namespace}.`;
  const outward = (name: string) => `${prefix}${name}`;
  const inward = (name: string) => (name.startsWith(prefix) ? name.slice(prefix.length) : name);
  const inwardRecord = (record: ConsumedRecord): ConsumedRecord => {
    const original = record.headers[DLQ_HEADERS.originalTopic];
    const headers =
      original === undefined ? record.headers : { ...record.headers, [DLQ_HEADERS.originalTopic]: inward(original) };
    return { ...record, topic: inward(record.topic), headers };
  };
  return {
    ensureTopics: (topics) => bus.ensureTopics(topics.map((topic) => ({ ...topic, name: outward(topic.name) }))),
    publish: (records) => bus.publish(records.map((record) => ({ ...record, topic: outward(record.topic) }))),
    subscribe: (spec: SubscriptionSpec) =>
      bus.subscribe({
        ...spec,
        group: outward(spec.group),
        topics: spec.topics.map(outward),
        handler: (record) => spec.handler(inwardRecord(record)),
      }),
    consumerLag: (group, topics) => bus.consumerLag(outward(group), topics.map(outward)),
    isReady: () => bus.isReady(),
    close: () => bus.close(),
  };
}
