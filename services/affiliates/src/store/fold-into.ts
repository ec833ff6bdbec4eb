import { ConflictError } from '@pc/kit/errors/domain-errors';
import type { Collection, Document, Stored } from '@pc/kit/ports/document-store';
import type { HotDocuments } from './hot-documents.js';

/**
 * One fold of a document (ADR 062). When it is held decoded, the change is made to it and written
 * only if the stored version is still the one held (`expectedVersion`): a write by anyone else —
 * another replica after a rebalance, an impression served by another process — fails that check,
 * and the document is read again from the store as before. Either way only what the store took is
 * held afterwards; a failed write leaves nothing held. Resolves to the document as stored now
 * (written, or as it was when the change had nothing to add; null when there is none).
 */
export async function foldInto<T extends Document>(
  collection: Collection<T>,
  hot: HotDocuments<T>,
  id: string,
  change: (current: Stored<T> | null) => T | null,
): Promise<Stored<T> | null> {
  const held = hot.take(id);
  if (held) {
    // `change` may add to the held document in place: it is not held while this write is in flight.
    const version = held._version;
    const next = change(held);
    if (next === null) {
      hot.keep(held);
      return held;
    }
    try {
      const stored = await collection.put(next, { expectedVersion: version });
      hot.keep(stored);
      return stored;
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  const stored = await collection.update(id, change);
  if (stored) hot.keep(stored);
  return stored;
}
