import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { Document, FindOptions, Stored } from '@pc/kit/ports/document-store';
import type { CollectionHandle } from './collection-handle.js';
import { fromMongoDocument, type MongoDocument, type StoredDocument } from './document-codec.js';
import { toMongoFilter } from './filter.js';
import { toMongoFindOptions } from './find-options.js';

/** Ids reach queries only as strings: an object would be read as a query operator. */
export function checkId(id: unknown, field = 'id'): string {
  if (typeof id !== 'string') throw new InvalidArgumentError([{ field, reason: 'must be a string' }]);
  return id;
}

export async function readDocument(handle: CollectionHandle, id: string): Promise<StoredDocument | null> {
  const doc = await handle.model.findOne({ _id: id }).lean<MongoDocument>().exec();
  return doc ? (fromMongoDocument(doc) as StoredDocument) : null;
}

/** The stored documents of these ids, by id. */
export async function readDocuments(
  handle: CollectionHandle,
  ids: readonly string[],
): Promise<Map<string, StoredDocument>> {
  const docs = await handle.model
    .find({ _id: { $in: ids } })
    .lean<MongoDocument[]>()
    .exec();
  return new Map(docs.map((doc) => [doc._id, fromMongoDocument(doc) as StoredDocument]));
}

export async function getDocument<T extends Document>(handle: CollectionHandle, id: string): Promise<Stored<T> | null> {
  return (await readDocument(handle, checkId(id))) as Stored<T> | null;
}

/** Found documents in the order their ids were asked for; missing ids are left out. */
export async function getDocuments<T extends Document>(
  handle: CollectionHandle,
  ids: readonly string[],
): Promise<Stored<T>[]> {
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
    throw new InvalidArgumentError([{ field: 'ids', reason: 'must be an array of strings' }]);
  }
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await readDocuments(handle, unique);
  return unique.flatMap((id) => {
    const doc = found.get(id);
    return doc ? [doc as Stored<T>] : [];
  });
}

export async function findDocuments<T extends Document>(
  handle: CollectionHandle,
  filter: unknown,
  options: FindOptions | undefined,
): Promise<Stored<T>[]> {
  const docs = await findLean<MongoDocument>(handle, filter, options, null);
  return docs.map((doc) => fromMongoDocument<T>(doc));
}

/** `findDocuments`' ids: only `_id` comes back from the server. */
export async function findDocumentIds(
  handle: CollectionHandle,
  filter: unknown,
  options: FindOptions | undefined,
): Promise<string[]> {
  const docs = await findLean<{ _id: string }>(handle, filter, options, { _id: 1 });
  return docs.map((doc) => doc._id);
}

async function findLean<D>(
  handle: CollectionHandle,
  filter: unknown,
  options: FindOptions | undefined,
  projection: Record<string, 1> | null,
): Promise<D[]> {
  const query = toMongoFilter(filter);
  const { sort, skip, limit } = toMongoFindOptions(options);
  if (limit === 0) return []; // the port's "nothing"; MongoDB would read limit 0 as "all"
  let cursor = handle.model.find(query, projection).sort(sort).skip(skip);
  if (limit !== undefined) cursor = cursor.limit(limit);
  return cursor.lean<D[]>().exec();
}

export async function countDocuments(handle: CollectionHandle, filter: unknown): Promise<number> {
  return handle.model.countDocuments(toMongoFilter(filter)).exec();
}
