import { describeEventBusContract } from '@pc/kit/ports/contracts/event-bus.contract';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { openKafkaEventBus, parseBrokerList } from './open-kafka-event-bus.js';

// Joins, rebalances and topic creation on a real broker take seconds, not milliseconds.
jest.setTimeout(60_000);

describeWithEngine('KAFKA_BROKERS', 'Kafka EventBus adapter', (brokers) => {
  describeEventBusContract('kafka (kafkajs)', async () => {
    const bus = openKafkaEventBus({ brokers: parseBrokerList(brokers), clientId: 'event-bus-contract' });
    return { bus, cleanup: () => bus.close() };
  });
});
