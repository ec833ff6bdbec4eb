import { logLevel, type LogEntry, type logCreator } from 'kafkajs';
import type { KafkaEventBusLogger } from './kafka-event-bus-options.js';

/**
 * Routes kafkajs's own logging into the bus's logger; kafkajs would otherwise write to the
 * console. kafkajs reports at ERROR what it then retries by itself (a broker restarting, a group
 * rebalancing, a produce retried), so its errors and warnings arrive as warnings: the bus logs at
 * error only what it cannot recover from. Its info lines (joins, pauses) go to `debug` if the
 * logger has one, and its debug lines nowhere.
 */
export function kafkaLogCreator(logger: KafkaEventBusLogger): logCreator {
  return () =>
    ({ namespace, level, log }: LogEntry) => {
      const { message, timestamp: _timestamp, logger: _source, ...extra } = log;
      const fields = { kafkajs: namespace, ...extra };
      if (level === logLevel.ERROR || level === logLevel.WARN) logger.warn(fields, message);
      else if (level === logLevel.INFO) logger.debug?.(fields, message);
    };
}

/** The level kafkajs is created with: what the creator above forwards, nothing more. */
export const kafkaLogLevel = logLevel.INFO;
