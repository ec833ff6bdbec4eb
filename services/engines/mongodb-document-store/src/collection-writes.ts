import { ConflictError, InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { Document, Stored } from '@pc/kit/ports/document-store';
import type { CollectionHandle } from './collection-handle.js';
import { checkId } from './collection-reads.js';
import { encodeDocument } from './document-codec.js';
import { LostRace, retryLostRaces } from './retry.js';
import { idExists, readVersion, writeNextVersion } from './versioned-write.js';

export function checkExpectedVersion(expected: unknown): number | undefined {
  if (expected === undefined) return undefined;
  if (typeof expected !== 'number' || !Number.isSafeInteger(expected) || expected < 0) {
    throw new InvalidArgumentError([{ field: 'expectedVersion', reason: 'must be a non-negative integer' }]);
  }
  return expected;
}

async function conflict(handle: CollectionHandle, id: string, expected: number): Promise<ConflictError> {
  const actual = await readVersion(handle, id);
  return new ConflictError(`${handle.name}/${id}: expected version ${expected}, found ${actual ?? 'none'}`);
}

export async function putDocument<T extends Document>(
  handle: CollectionHandle,
  doc: T,
  expectedVersion: number | undefined,
): Promise<Stored<T>> {
  const expected = checkExpectedVersion(expectedVersion);
  const encoded = encodeDocument(doc);
  if (expected === undefined) {
    // The version is counted by the store, so even a blind put reads it and writes
    // conditionally; it retries when another writer got in between.
    return retryLostRaces(`${handle.name}/${encoded.id}`, async () =>
      writeNextVersion<T>(handle, encoded, await readVersion(handle, encoded.id)),
    );
  }
  try {
    return await writeNextVersion<T>(handle, encoded, expected === 0 ? undefined : expected);
  } catch (error) {
    if (error instanceof LostRace) throw await conflict(handle, encoded.id, expected);
    throw error;
  }
}

export async function deleteDocument(
  handle: CollectionHandle,
  id: string,
  expectedVersion: number | undefined,
): Promise<boolean> {
  checkId(id);
  const expected = checkExpectedVersion(expectedVersion);
  if (expected === 0) {
    // "Must not exist": nothing to delete, unless it does exist.
    if (await idExists(handle, id)) throw await conflict(handle, id, 0);
    return false;
  }
  const filter = expected === undefined ? { _id: id } : { _id: id, _version: expected };
  const { deletedCount } = await handle.raw.deleteOne(filter);
  if (deletedCount > 0) return true;
  if (expected !== undefined) throw await conflict(handle, id, expected);
  return false;
}
