import { metrics } from '@opentelemetry/api';

/** What an outbox reports: the events of its producer that failed to go out and wait for a retry. */
export interface OutboxBacklog {
  readonly producer: string;
  backlog(): Promise<number>;
}

const outboxes = new Set<OutboxBacklog>();

/**
 * `outbox.backlog`: events written with their documents that the event bus has not taken yet
 * (it was away) and that the outbox keeps trying to publish, per producer. Zero in a healthy
 * platform; growing means acknowledged writes whose events are not delivered yet.
 */
metrics
  .getMeter('@pc/kit/events')
  .createObservableGauge('outbox.backlog', {
    description:
      'Events stored with their documents and not yet published (waiting for a retry; a document counts once), by producer',
    unit: '{event}',
  })
  .addCallback(async (result) => {
    const byProducer = new Map<string, number>();
    for (const outbox of outboxes) {
      const waiting = await outbox.backlog().catch(() => 0);
      byProducer.set(outbox.producer, (byProducer.get(outbox.producer) ?? 0) + waiting);
    }
    for (const [producer, waiting] of byProducer) result.observe(waiting, { producer });
  });

/** Reports an outbox's backlog until the returned function is called (when it closes). */
export function watchOutbox(outbox: OutboxBacklog): () => void {
  outboxes.add(outbox);
  return () => outboxes.delete(outbox);
}
