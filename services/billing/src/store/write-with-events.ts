import { ConflictError } from '@pc/kit/errors/domain-errors';
import type { Outbox, OutboxFields } from '@pc/kit/events/outbox';
import type { PendingEvent } from '@pc/kit/events/publisher';
import type { Collection, Document, Stored } from '@pc/kit/ports/document-store';

/** What a change makes of a document: the new document and the events it implies. */
export interface Change<T> {
  readonly doc: T;
  readonly events: readonly PendingEvent<unknown>[];
}

const MAX_ATTEMPTS = 20;

/**
 * Read-modify-write of one aggregate under optimistic concurrency, its events in the same atomic
 * write (the transactional outbox, ADR 006/035), published after. `change` returns null to leave
 * the document as it is. A concurrent writer makes it read and decide again. `alongside` runs
 * only after a durable write, concurrently with the publish.
 */
export async function writeWithEvents<T extends Document & OutboxFields>(
  collection: Collection<T>,
  outbox: Outbox,
  id: string,
  change: (current: Stored<T> | null) => Change<T> | null,
  now: () => Date,
  alongside?: () => Promise<void>,
): Promise<Stored<T> | null> {
  for (let attempt = 1; ; attempt += 1) {
    const current = await collection.get(id);
    const next = change(current);
    if (!next) return current;
    const prepared = outbox.prepare(current, next.events, now());
    try {
      const written = await collection.put(
        { ...next.doc, ...prepared.fields },
        { expectedVersion: current?._version ?? 0, outbox: prepared.records },
      );
      // Once the write is durable, what follows from it (e.g. an idempotency record) joins the publish.
      await Promise.all([outbox.publish(collection, written, prepared), alongside?.()]);
      return written;
    } catch (error) {
      if (!(error instanceof ConflictError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
