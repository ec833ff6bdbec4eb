import type { EventBus } from '@pc/kit/ports/event-bus';
import { resolveOptions, type EmbeddedEventBusOptions } from './embedded-event-bus-options.js';
import { EmbeddedEventBus } from './embedded-event-bus.js';
import { openLogConnections } from './log-database.js';

export type { EmbeddedEventBusOptions } from './embedded-event-bus-options.js';

/**
 * The local profile's EventBus: a durable, partitioned log in one SQLite file that every service
 * process opens, with Kafka's semantics (see README.md beside this file).
 *
 * Opening is synchronous and throws at once on a bad path or option, so a service fails before it
 * starts listening.
 */
export function openEmbeddedEventBus(options: EmbeddedEventBusOptions): EventBus {
  const resolved = resolveOptions(options);
  return new EmbeddedEventBus(openLogConnections(resolved.path, resolved.busyTimeoutMs), resolved);
}
