import { Kafka, type RetryOptions } from 'kafkajs';
import type { ResolvedKafkaOptions } from './kafka-event-bus-options.js';
import { kafkaLogCreator, kafkaLogLevel } from './kafka-log-creator.js';
import { SocketTracker } from './socket-tracker.js';

/** A kafkajs client and the sockets it opened (see socket-tracker.ts). */
export interface KafkaClient {
  readonly kafka: Kafka;
  readonly sockets: SocketTracker;
}

/**
 * What a client is for. Every retry setting is explicit, so that behaviour does not change with
 * NODE_ENV (kafkajs retries faster under 'test').
 * - producer and consumers: about 20 s of growing pauses before a consumer restarts itself;
 * - admin (topic creation, readiness): about 1 s, because its callers retry, and kafkajs cannot
 *   cancel a retry loop, which would otherwise outlive `close()`.
 */
export type ClientRole = 'producer' | 'consumer' | 'admin';

const RETRY: Record<ClientRole, RetryOptions> = {
  producer: { initialRetryTime: 200, maxRetryTime: 5_000, factor: 0.2, multiplier: 2, retries: 8 },
  consumer: { initialRetryTime: 200, maxRetryTime: 5_000, factor: 0.2, multiplier: 2, retries: 8 },
  admin: { initialRetryTime: 100, maxRetryTime: 1_000, factor: 0.2, multiplier: 2, retries: 3 },
};

export type KafkaClientFactory = (role: ClientRole) => KafkaClient;

/**
 * One client per role and per subscription: each has its own connections, so stopping one
 * subscription can close every socket it opened without touching the others.
 */
export function kafkaClientFactory(options: ResolvedKafkaOptions): KafkaClientFactory {
  return (role) => {
    const sockets = new SocketTracker();
    const kafka = new Kafka({
      clientId: options.clientId,
      brokers: [...options.brokers],
      logLevel: kafkaLogLevel,
      logCreator: kafkaLogCreator(options.logger),
      retry: RETRY[role],
      socketFactory: sockets.factory,
    });
    return { kafka, sockets };
  };
}
