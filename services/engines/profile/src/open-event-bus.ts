import type { Logger } from 'pino';
import { ConfigError } from '@pc/kit/config/load-config';
import { dataFile } from './data-path.js';
import type { ServiceConfig } from '@pc/kit/config/service-config';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import type { EventBus } from '@pc/kit/ports/event-bus';
import { namespacedEventBus } from './namespaced-event-bus.js';
import { unavailableAdapter } from './unavailable-adapter.js';

type KafkaAdapter = typeof import('@pc/kafka-event-bus/open-kafka-event-bus');

/**
 * The event bus the config selects. Embedded: one durable log shared by every local service
 * process, at <DATA_DIR>/events/log.sqlite, kept for EVENT_LOG_RETENTION_HOURS. Kafka: the cluster at KAFKA_BROKERS, the service name
 * as client id, topics and groups under PLATFORM_NAMESPACE when set.
 */
export async function openEventBus(config: ServiceConfig, logger: Logger, service = 'pricecompare'): Promise<EventBus> {
  if (config.EVENT_BUS === 'embedded') {
    const retentionMs = config.EVENT_LOG_RETENTION_HOURS * 60 * 60 * 1000;
    return openEmbeddedEventBus({ path: dataFile(config.DATA_DIR, 'events', 'log.sqlite'), retentionMs, logger });
  }
  if (config.EVENT_BUS === 'kafka') {
    // The config schema already demands it; this keeps a hand-built config honest too.
    if (!config.KAFKA_BROKERS)
      throw new ConfigError([{ variable: 'KAFKA_BROKERS', reason: 'required when EVENT_BUS=kafka' }]);
    // Loaded only here, so that the local profile never loads kafkajs.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const kafka = require('@pc/kafka-event-bus/open-kafka-event-bus') as KafkaAdapter;
    const bus = await kafka.openKafkaEventBus({
      brokers: kafka.parseBrokerList(config.KAFKA_BROKERS),
      clientId: service,
      logger,
      replicationFactor: config.KAFKA_REPLICATION_FACTOR,
      minInSyncReplicas: config.KAFKA_MIN_INSYNC_REPLICAS,
    });
    return config.PLATFORM_NAMESPACE ? namespacedEventBus(bus, config.PLATFORM_NAMESPACE) : bus;
  }
  throw unavailableAdapter('EVENT_BUS', config.EVENT_BUS);
}
