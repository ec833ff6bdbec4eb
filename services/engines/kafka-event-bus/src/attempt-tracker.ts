/** How often one record has failed, and the last error (for its dead letter). */
export interface FailureCount {
  readonly attempts: number;
  readonly error: unknown;
}

/**
 * The failed deliveries of the records a member is retrying. Kafka's committed offset cannot
 * hold a count, so it lives in memory: the member that retries a record counts 1, 2, 3… and a
 * member that takes the partition over (after a rebalance or a restart) starts again at 1.
 * Only records that failed and are not yet handled or dead-lettered have an entry.
 */
export class AttemptTracker {
  private readonly failures = new Map<string, FailureCount>();

  get(topic: string, partition: number, offset: string): FailureCount | undefined {
    return this.failures.get(slot(topic, partition, offset));
  }

  set(topic: string, partition: number, offset: string, failure: FailureCount): void {
    this.failures.set(slot(topic, partition, offset), failure);
  }

  forget(topic: string, partition: number, offset: string): void {
    this.failures.delete(slot(topic, partition, offset));
  }

  /** Drops the counts of partitions this member no longer owns after a rebalance. */
  retainAssigned(assignment: Readonly<Record<string, readonly number[] | undefined>>): void {
    for (const key of this.failures.keys()) {
      const [topic, partition] = parseSlot(key);
      if (!assignment[topic]?.includes(partition)) this.failures.delete(key);
    }
  }
}

// Topic names cannot contain '/', so the slot splits back unambiguously.
const slot = (topic: string, partition: number, offset: string): string => `${topic}/${partition}/${offset}`;

function parseSlot(key: string): [string, number] {
  const [topic = '', partition = '-1'] = key.split('/');
  return [topic, Number(partition)];
}
