import { ConflictError, InvalidArgumentError } from '../../../errors/domain-errors.js';
import type { BulkPutResult, Document, Stored } from '../../../ports/document-store.js';
import type { CollectionContext } from './collection-context.js';
import { decodeDocument, encodeDocument } from './document-codec.js';
import type { RowState } from './indexed-rows.js';
import { sameJsonText } from '../../shared-documents/json-equal.js';

// Each function runs inside ctx.write (the write lock is held), so what it reads cannot change
// before it writes: optimistic checks need no retry loop here.

export function checkExpectedVersion(ctx: CollectionContext, id: string, actual: number, expected?: number): void {
  if (expected === undefined) return;
  if (!Number.isSafeInteger(expected) || expected < 0) {
    throw new InvalidArgumentError([{ field: 'expectedVersion', reason: 'must be a non-negative integer' }]);
  }
  if (expected !== actual) {
    throw new ConflictError(`${ctx.name}/${id}: expected version ${expected}, found ${actual === 0 ? 'none' : actual}`);
  }
}

/**
 * Writes the JSON as the next version, with the index columns of `doc` (the object the JSON was
 * made from); a unique index violation throws here and rolls back.
 */
function write(ctx: CollectionContext, id: string, json: string, doc: object, current: RowState | undefined): number {
  const { values: columns, kinds } = ctx.rows.columnsOf(doc);
  ctx.valueTypes.record(ctx.rows.paths, kinds);
  if (current === undefined) {
    ctx.rows.insert(id, json, columns);
    return 1;
  }
  ctx.rows.update(id, current.version + 1, json, columns, current.columns);
  return current.version + 1;
}

export function putDocument<T extends Document>(ctx: CollectionContext, doc: T, expectedVersion?: number): Stored<T> {
  const { id, json } = encodeDocument(doc);
  const current = ctx.rows.current(id, false);
  checkExpectedVersion(ctx, id, current?.version ?? 0, expectedVersion);
  const version = write(ctx, id, json, doc, current);
  ctx.arrayPaths.record(doc);
  return decodeDocument<T>(id, version, json);
}

export function bulkPutDocuments(ctx: CollectionContext, docs: readonly Document[]): BulkPutResult {
  if (!Array.isArray(docs)) throw new InvalidArgumentError([{ field: 'docs', reason: 'must be an array' }]);
  const result = { inserted: 0, updated: 0, unchanged: 0 };
  docs.forEach((doc, i) => {
    const { id, json } = encodeDocument(doc, `docs[${i}]`);
    const current = ctx.rows.current(id, true);
    // The point of bulkPut for feeds: an offer that did not change costs a read, not a write.
    if (current && sameJsonText(current.doc, json)) {
      result.unchanged++;
      return;
    }
    write(ctx, id, json, doc, current);
    ctx.arrayPaths.record(doc);
    if (current) result.updated++;
    else result.inserted++;
  });
  return result;
}

export function updateDocument<T extends Document>(
  ctx: CollectionContext,
  id: string,
  change: (current: Stored<T> | null) => T | null,
): Stored<T> | null {
  if (typeof id !== 'string' || id.length === 0) {
    throw new InvalidArgumentError([{ field: 'id', reason: 'must be a non-empty string' }]);
  }
  const row = ctx.rows.current(id, true);
  const current = row ? decodeDocument<T>(id, row.version, row.doc) : null;
  const next = change(current);
  if (next === null) return current;
  if (typeof (next as { then?: unknown })?.then === 'function') {
    throw new InvalidArgumentError([{ field: 'change', reason: 'must return the document synchronously' }]);
  }
  const encoded = encodeDocument(next, 'change()');
  if (encoded.id !== id) {
    throw new InvalidArgumentError([{ field: 'change()._id', reason: `must stay ${JSON.stringify(id)}` }]);
  }
  const version = write(ctx, id, encoded.json, next, row);
  ctx.arrayPaths.record(next);
  return decodeDocument<T>(id, version, encoded.json);
}

export function deleteDocument(ctx: CollectionContext, id: string, expectedVersion?: number): boolean {
  const current = ctx.selectVersion.get(id);
  checkExpectedVersion(ctx, id, current ?? 0, expectedVersion);
  if (current === undefined) return false;
  ctx.remove.run(id);
  return true;
}
