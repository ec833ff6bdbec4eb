import { DLQ_HEADERS } from '@pc/kit/ports/event-bus';
import type { EventBusAdmin, LoggedRecord } from '@pc/kit/ports/event-bus-admin';

/**
 * The staff view of a bus under a namespace (as `namespacedEventBus` publishes and consumes):
 * only the namespace's topics and groups, named without it; a dead letter's original-topic
 * header too, so a replay through the namespaced bus lands where the record came from.
 */
export function namespacedBusAdmin(admin: EventBusAdmin, namespace: string): EventBusAdmin {
  const prefix = `${namespace}.`;
  const ours = (name: string) => name.startsWith(prefix);
  const inward = (name: string) => (ours(name) ? name.slice(prefix.length) : name);
  const inwardRecord = (record: LoggedRecord): LoggedRecord => {
    const original = record.headers[DLQ_HEADERS.originalTopic];
    const headers =
      original === undefined ? record.headers : { ...record.headers, [DLQ_HEADERS.originalTopic]: inward(original) };
    return { ...record, topic: inward(record.topic), headers };
  };
  return {
    topics: async () =>
      (await admin.topics())
        .filter((topic) => ours(topic.name))
        .map((topic) => ({ ...topic, name: inward(topic.name) })),
    groups: async () =>
      (await admin.groups())
        .filter((group) => ours(group.group) && ours(group.topic))
        .map((group) => ({ ...group, group: inward(group.group), topic: inward(group.topic) })),
    newestRecords: async (topic, limit) => (await admin.newestRecords(`${prefix}${topic}`, limit)).map(inwardRecord),
    record: async (topic, partition, offset) => {
      const found = await admin.record(`${prefix}${topic}`, partition, offset);
      return found && inwardRecord(found);
    },
    close: () => admin.close(),
  };
}
