import { openEmbeddedBusAdmin } from '@pc/embedded-event-log/embedded-bus-admin';
import { ConfigError } from '@pc/kit/config/load-config';
import type { ServiceConfig } from '@pc/kit/config/service-config';
import type { EventBusAdmin } from '@pc/kit/ports/event-bus-admin';
import type { Logger } from 'pino';
import { dataFile } from './data-path.js';
import { namespacedBusAdmin } from './namespaced-bus-admin.js';
import { unavailableAdapter } from './unavailable-adapter.js';

type KafkaAdmin = typeof import('@pc/kafka-event-bus/kafka-bus-admin');
type KafkaOptions = typeof import('@pc/kafka-event-bus/kafka-event-bus-options');

/** The staff view of the bus `openEventBus` opens for the same config (ADR 054). */
export function openEventBusAdmin(config: ServiceConfig, logger: Logger, service = 'pricecompare'): EventBusAdmin {
  if (config.EVENT_BUS === 'embedded') return openEmbeddedBusAdmin(dataFile(config.DATA_DIR, 'events', 'log.sqlite'));
  if (config.EVENT_BUS === 'kafka') {
    if (!config.KAFKA_BROKERS)
      throw new ConfigError([{ variable: 'KAFKA_BROKERS', reason: 'required when EVENT_BUS=kafka' }]);
    // Loaded only here, so that the local profile never loads kafkajs.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const kafka = require('@pc/kafka-event-bus/kafka-bus-admin') as KafkaAdmin;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const options = require('@pc/kafka-event-bus/kafka-event-bus-options') as KafkaOptions;
    const admin = new kafka.KafkaBusAdmin({
      brokers: options.parseBrokerList(config.KAFKA_BROKERS),
      clientId: `${service}-admin`,
      logger,
    });
    return config.PLATFORM_NAMESPACE ? namespacedBusAdmin(admin, config.PLATFORM_NAMESPACE) : admin;
  }
  throw unavailableAdapter('EVENT_BUS', config.EVENT_BUS);
}
