import type { Logger } from 'pino';
import { dataFile } from './data-path.js';
import type { ServiceConfig } from '../config/service-config.js';
import { openEmbeddedEventBus } from '../adapters/embedded/event-log/open-embedded-event-bus.js';
import type { EventBus } from '../ports/event-bus.js';
import { unavailableAdapter } from './unavailable-adapter.js';

/**
 * The event bus the config selects. Embedded: one durable log shared by every local service
 * process, at <DATA_DIR>/events/log.sqlite.
 */
export async function openEventBus(config: ServiceConfig, logger: Logger): Promise<EventBus> {
  if (config.EVENT_BUS === 'embedded') {
    return openEmbeddedEventBus({ path: dataFile(config.DATA_DIR, 'events', 'log.sqlite'), logger });
  }
  throw unavailableAdapter('EVENT_BUS', config.EVENT_BUS);
}
