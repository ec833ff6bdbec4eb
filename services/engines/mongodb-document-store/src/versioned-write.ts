import type { Document, Stored } from '@pc/kit/ports/document-store';
import type { CollectionHandle } from './collection-handle.js';
import { storedOf, toMongoDocument, type EncodedDocument } from './document-codec.js';
import { isDuplicateKey } from './mongo-errors.js';
import { LostRace } from './retry.js';

// The optimistic-concurrency primitives. Each write is conditioned on the version it was
// planned against, so a concurrent writer is never overwritten silently: the loser learns it
// lost (LostRace) and the caller re-reads, retries or reports a ConflictError. One document
// per operation: MongoDB's atomicity unit, and no transactions (FerretDB v1 has none).

export async function readVersion(handle: CollectionHandle, id: string): Promise<number | undefined> {
  const doc = await handle.model.findOne({ _id: id }, { _version: 1 }).lean<{ _version: number }>().exec();
  return doc?._version;
}

export async function idExists(handle: CollectionHandle, id: string): Promise<boolean> {
  return (await handle.model.findOne({ _id: id }, { _id: 1 }).lean().exec()) !== null;
}

/**
 * A duplicate key error names no index on FerretDB (MongoDB names it, FerretDB does not), so
 * the cause is found by looking: if the id exists now, a concurrent writer created it first.
 * Otherwise a unique index refused the value, and the error is left for translation.
 */
export async function raceOrUniqueViolation(handle: CollectionHandle, id: string, error: unknown): Promise<never> {
  if (isDuplicateKey(error) && (await idExists(handle, id)))
    throw new LostRace(`${handle.name}/${id} was created concurrently`);
  throw error;
}

/** Inserts at version 1 if `current` is undefined, else replaces version `current` by `current + 1`. */
export async function writeNextVersion<T extends Document>(
  handle: CollectionHandle,
  encoded: EncodedDocument,
  current: number | undefined,
): Promise<Stored<T>> {
  if (current === undefined) {
    try {
      await handle.raw.insertOne(toMongoDocument(encoded, 1));
    } catch (error) {
      await raceOrUniqueViolation(handle, encoded.id, error);
    }
    return storedOf<T>(encoded, 1);
  }
  const { _id: _unchangedId, ...replacement } = toMongoDocument(encoded, current + 1);
  const result = await handle.raw.replaceOne({ _id: encoded.id, _version: current }, replacement);
  if (result.matchedCount === 0) throw new LostRace(`${handle.name}/${encoded.id} is no longer at version ${current}`);
  return storedOf<T>(encoded, current + 1);
}
