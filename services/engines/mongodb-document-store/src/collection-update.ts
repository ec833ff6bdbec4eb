import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { Document, Stored } from '@pc/kit/ports/document-store';
import type { CollectionHandle } from './collection-handle.js';
import { readDocument } from './collection-reads.js';
import { encodeDocument } from './document-codec.js';
import { retryLostRaces } from './retry.js';
import { writeNextVersion } from './versioned-write.js';

/**
 * Read-modify-write: read, call `change`, write conditioned on the version read; when another
 * writer got in between, read again and call `change` again on what it wrote. So `change` may
 * run more than once and must only compute (no side effects); after many lost races the
 * update gives up with ConflictError.
 */
export async function updateDocument<T extends Document>(
  handle: CollectionHandle,
  id: string,
  change: (current: Stored<T> | null) => T | null,
): Promise<Stored<T> | null> {
  if (typeof id !== 'string' || id.length === 0) {
    throw new InvalidArgumentError([{ field: 'id', reason: 'must be a non-empty string' }]);
  }
  return retryLostRaces(`${handle.name}/${id}`, async () => {
    const current = (await readDocument(handle, id)) as Stored<T> | null;
    const next = change(current);
    if (next === null) return current;
    // As in the embedded adapter, where `change` runs under the write lock: synchronous only.
    if (typeof (next as { then?: unknown })?.then === 'function') {
      throw new InvalidArgumentError([{ field: 'change', reason: 'must return the document synchronously' }]);
    }
    const encoded = encodeDocument(next, 'change()');
    if (encoded.id !== id) {
      throw new InvalidArgumentError([{ field: 'change()._id', reason: `must stay ${JSON.stringify(id)}` }]);
    }
    return writeNextVersion<T>(handle, encoded, current?._version);
  });
}
