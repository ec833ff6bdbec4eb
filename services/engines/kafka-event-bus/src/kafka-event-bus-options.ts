import { InvalidArgumentError, type FieldViolation } from '@pc/kit/errors/domain-errors';
import { silentLogger, type EventLogLogger } from '@pc/kit/ports/support/events/event-bus-logger';

/** The bus's logger: pino-shaped; `debug`, when present, also gets kafkajs's chatter. */
export interface KafkaEventBusLogger extends EventLogLogger {
  debug?(fields: Record<string, unknown>, message: string): void;
}

export interface KafkaEventBusOptions {
  /** Bootstrap brokers, `host:port` (use 127.0.0.1 rather than localhost). */
  readonly brokers: readonly string[];
  /** Names this process in the brokers' logs and quotas, e.g. the service name. */
  readonly clientId: string;
  readonly logger?: KafkaEventBusLogger;
  /** Partitions of a topic created implicitly by publish or subscribe. Default 3. */
  readonly defaultPartitions?: number;
  /** Replicas of each topic the bus creates. Default: the brokers' `default.replication.factor`. */
  readonly replicationFactor?: number;
  /** `min.insync.replicas` of each topic the bus creates. Default: the brokers' setting. */
  readonly minInSyncReplicas?: number;
  /** A member silent for this long loses its partitions to the rest of the group. Default 30 000. */
  readonly sessionTimeoutMs?: number;
  /** How often a member tells the coordinator it is alive (and learns of rebalances). Default 1 000. */
  readonly heartbeatIntervalMs?: number;
  /** Longest time the broker holds an empty fetch; bounds how late a resumed partition is read. Default 250. */
  readonly maxWaitTimeMs?: number;
  /** Partitions a member handles at the same time (each still one record after the other). Default 4. */
  readonly partitionsConsumedConcurrently?: number;
  /**
   * `publish`, `ensureTopics` and `subscribe` reject with UnavailableError when the cluster has not
   * answered by then (kafkajs keeps retrying in the background). Default 30 000.
   */
  readonly operationTimeoutMs?: number;
  /** `isReady` answers false when the cluster does not answer within this time. Default 2 000. */
  readonly readyTimeoutMs?: number;
}

export type ResolvedKafkaOptions = Required<Omit<KafkaEventBusOptions, 'replicationFactor' | 'minInSyncReplicas'>> &
  Pick<KafkaEventBusOptions, 'replicationFactor' | 'minInSyncReplicas'>;

const positiveIntegers = [
  'defaultPartitions',
  'sessionTimeoutMs',
  'heartbeatIntervalMs',
  'maxWaitTimeMs',
  'partitionsConsumedConcurrently',
  'operationTimeoutMs',
  'readyTimeoutMs',
] as const;

export function resolveKafkaOptions(options: KafkaEventBusOptions): ResolvedKafkaOptions {
  const resolved: ResolvedKafkaOptions = {
    brokers: options.brokers,
    clientId: options.clientId,
    logger: options.logger ?? silentLogger,
    defaultPartitions: options.defaultPartitions ?? 3,
    sessionTimeoutMs: options.sessionTimeoutMs ?? 30_000,
    heartbeatIntervalMs: options.heartbeatIntervalMs ?? 1_000,
    maxWaitTimeMs: options.maxWaitTimeMs ?? 250,
    partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 4,
    operationTimeoutMs: options.operationTimeoutMs ?? 30_000,
    readyTimeoutMs: options.readyTimeoutMs ?? 2_000,
    replicationFactor: options.replicationFactor,
    minInSyncReplicas: options.minInSyncReplicas,
  };
  const violations: FieldViolation[] = [];
  if (!Array.isArray(resolved.brokers) || resolved.brokers.length === 0 || !resolved.brokers.every(isHostPort)) {
    violations.push({ field: 'brokers', reason: 'must list at least one host:port' });
  }
  if (typeof resolved.clientId !== 'string' || resolved.clientId.trim() === '') {
    violations.push({ field: 'clientId', reason: 'must be a non-empty string' });
  }
  for (const field of positiveIntegers) {
    const value = resolved[field];
    if (!Number.isInteger(value) || value < 1) violations.push({ field, reason: 'must be a positive integer' });
  }
  for (const field of ['replicationFactor', 'minInSyncReplicas'] as const) {
    const value = resolved[field];
    if (value !== undefined && (!Number.isInteger(value) || value < 1))
      violations.push({ field, reason: 'must be a positive integer' });
  }
  if (
    resolved.replicationFactor !== undefined &&
    resolved.minInSyncReplicas !== undefined &&
    resolved.minInSyncReplicas > resolved.replicationFactor
  ) {
    // Every publish would fail with NOT_ENOUGH_REPLICAS.
    violations.push({ field: 'minInSyncReplicas', reason: 'must be at most replicationFactor' });
  }
  // Kafka's advice: a third of the session, so that two lost heartbeats do not evict a live member.
  if (resolved.heartbeatIntervalMs * 3 > resolved.sessionTimeoutMs) {
    violations.push({ field: 'heartbeatIntervalMs', reason: 'must be at most a third of sessionTimeoutMs' });
  }
  if (violations.length > 0) throw new InvalidArgumentError(violations);
  return resolved;
}

/** `KAFKA_BROKERS` as the config holds it: comma-separated `host:port`. */
export function parseBrokerList(value: string): string[] {
  return value
    .split(',')
    .map((broker) => broker.trim())
    .filter((broker) => broker !== '');
}

const isHostPort = (broker: unknown): boolean => typeof broker === 'string' && /^[^\s:]+:\d{1,5}$/.test(broker);
