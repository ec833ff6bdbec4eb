import { InvalidArgumentError, type FieldViolation } from '@pc/kit/errors/domain-errors';
import { silentLogger, type EventLogLogger } from '@pc/kit/ports/support/events/event-bus-logger';

export interface EmbeddedEventBusOptions {
  /** The log file shared by every process, e.g. `<dataDir>/events/log.sqlite`. */
  readonly path: string;
  /** Longest wait between two looks for new records when the log is idle. Default 25. */
  readonly pollIntervalMs?: number;
  /** Partitions of a topic created implicitly by publish or subscribe. Default 3. */
  readonly defaultPartitions?: number;
  /** A member that has not sent a heartbeat for this long loses its partitions. Default 10 000. */
  readonly sessionTimeoutMs?: number;
  /** How often a member renews its leases and checks whether the group must rebalance. Default 500. */
  readonly heartbeatIntervalMs?: number;
  /** Records read from a partition per query. Default 100. */
  readonly fetchBatchSize?: number;
  /** How long a write waits for another process's transaction. Default 5 000. */
  readonly busyTimeoutMs?: number;
  /**
   * Records older than this are deleted once no consumer group that still counts needs them
   * (log-retention.ts). Default 7 days, Kafka's default; 0 keeps every record.
   */
  readonly retentionMs?: number;
  /** How often one of the processes sharing the log applies retention. Default 300 000 (5 min). */
  readonly retentionCheckIntervalMs?: number;
  readonly logger?: EventLogLogger;
}

export type ResolvedOptions = Required<EmbeddedEventBusOptions>;

const positiveIntegers = [
  'pollIntervalMs',
  'defaultPartitions',
  'sessionTimeoutMs',
  'heartbeatIntervalMs',
  'fetchBatchSize',
  'busyTimeoutMs',
  'retentionCheckIntervalMs',
] as const;

/** Kafka's default retention (`log.retention.hours=168`), so both profiles keep records as long. */
export const DEFAULT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export function resolveOptions(options: EmbeddedEventBusOptions): ResolvedOptions {
  const resolved: ResolvedOptions = {
    path: options.path,
    pollIntervalMs: options.pollIntervalMs ?? 25,
    defaultPartitions: options.defaultPartitions ?? 3,
    sessionTimeoutMs: options.sessionTimeoutMs ?? 10_000,
    heartbeatIntervalMs: options.heartbeatIntervalMs ?? 500,
    fetchBatchSize: options.fetchBatchSize ?? 100,
    busyTimeoutMs: options.busyTimeoutMs ?? 5_000,
    retentionMs: options.retentionMs ?? DEFAULT_RETENTION_MS,
    retentionCheckIntervalMs: options.retentionCheckIntervalMs ?? 300_000,
    logger: options.logger ?? silentLogger,
  };
  const violations: FieldViolation[] = [];
  if (typeof resolved.path !== 'string' || resolved.path === '') {
    violations.push({ field: 'path', reason: 'must be a file path' });
  }
  for (const field of positiveIntegers) {
    const value = resolved[field];
    if (!Number.isInteger(value) || value < 1) violations.push({ field, reason: 'must be a positive integer' });
  }
  if (!Number.isInteger(resolved.retentionMs) || resolved.retentionMs < 0) {
    violations.push({ field: 'retentionMs', reason: 'must be 0 (keep every record) or a positive integer' });
  }
  // Two missed heartbeats must not cost a live member its partitions.
  if (resolved.heartbeatIntervalMs * 2 >= resolved.sessionTimeoutMs) {
    violations.push({ field: 'heartbeatIntervalMs', reason: 'must be less than half of sessionTimeoutMs' });
  }
  if (violations.length > 0) throw new InvalidArgumentError(violations);
  return resolved;
}
