import type { EventBus } from '@pc/kit/ports/event-bus';
import { kafkaClientFactory } from './kafka-clients.js';
import { resolveKafkaOptions, type KafkaEventBusOptions } from './kafka-event-bus-options.js';
import { KafkaEventBus } from './kafka-event-bus.js';

export type { KafkaEventBusLogger, KafkaEventBusOptions } from './kafka-event-bus-options.js';
export { parseBrokerList } from './kafka-event-bus-options.js';

/**
 * The cluster profile's EventBus on Kafka (kafkajs), with the same semantics as the embedded log
 * (see README.md beside this file). Opening throws at once on a bad option but does not connect:
 * the first call does, so a service can open the bus before the brokers answer.
 */
export function openKafkaEventBus(options: KafkaEventBusOptions): EventBus {
  const resolved = resolveKafkaOptions(options);
  return new KafkaEventBus(kafkaClientFactory(resolved), resolved);
}
