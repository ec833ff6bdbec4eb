import { ConflictError, InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { BulkPutResult, Document, OutboxRecord, Stored } from '@pc/kit/ports/document-store';
import type { CollectionContext } from './collection-context.js';
import { decodeDocument, encodeDocument, type EncodedDocument } from './document-codec.js';
import type { RowState } from './indexed-rows.js';
import { checkOutboxRecords } from './outbox-rows.js';
import { sameJsonText } from '@pc/kit/ports/support/documents/json-equal';

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
 * made from) and its side fields; a unique index violation throws here and rolls back.
 */
function write(ctx: CollectionContext, encoded: EncodedDocument, doc: object, current: RowState | undefined): number {
  const { id, json, side } = encoded;
  const { values: columns, kinds } = ctx.rows.columnsOf(doc);
  ctx.valueTypes.record(ctx.rows.paths, kinds);
  const version = (current?.version ?? 0) + 1;
  ctx.sides.write(id, version, side, current?.side ?? false);
  if (current === undefined) ctx.rows.insert(id, json, side !== null, columns);
  else ctx.rows.update(id, version, json, side !== null, columns, current.columns);
  return version;
}

/** The stored document of a row read under the write lock (so its side row is of the same state). */
function storedDocument<T extends Document>(ctx: CollectionContext, id: string, row: RowState): Stored<T> {
  return decodeDocument<T>(id, row.version, row.doc, row.side ? ctx.sides.of(id, row.version) : null);
}

/** `outbox`: records appended with the document, in its savepoint (checked before anything is written). */
export function putDocument<T extends Document>(
  ctx: CollectionContext,
  doc: T,
  expectedVersion?: number,
  outbox?: readonly OutboxRecord[],
): Stored<T> {
  const encoded = encodeDocument(doc, 'document', ctx.sideFields);
  const records = outbox === undefined ? [] : checkOutboxRecords(outbox);
  const current = ctx.rows.current(encoded.id, false);
  checkExpectedVersion(ctx, encoded.id, current?.version ?? 0, expectedVersion);
  const version = write(ctx, encoded, doc, current);
  ctx.arrayPaths.record(doc);
  if (records.length > 0) ctx.outbox.append(ctx.name, encoded.id, records);
  return decodeDocument<T>(encoded.id, version, encoded.json, encoded.side);
}

/** A document equal to the stored row: the JSON and the side fields, key order aside. */
function isUnchanged(ctx: CollectionContext, encoded: EncodedDocument, current: RowState): boolean {
  if (!sameJsonText(current.doc, encoded.json)) return false;
  if (current.side !== (encoded.side !== null)) return false;
  return encoded.side === null || sameJsonText(ctx.sides.of(encoded.id, current.version), encoded.side);
}

export function bulkPutDocuments(ctx: CollectionContext, docs: readonly Document[]): BulkPutResult {
  if (!Array.isArray(docs)) throw new InvalidArgumentError([{ field: 'docs', reason: 'must be an array' }]);
  const result = { inserted: 0, updated: 0, unchanged: 0 };
  docs.forEach((doc, i) => {
    const encoded = encodeDocument(doc, `docs[${i}]`, ctx.sideFields);
    const current = ctx.rows.current(encoded.id, true);
    // The point of bulkPut for feeds: an offer that did not change costs a read, not a write.
    if (current && isUnchanged(ctx, encoded, current)) {
      result.unchanged++;
      return;
    }
    write(ctx, encoded, doc, current);
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
  const current = row ? storedDocument<T>(ctx, id, row) : null;
  const next = change(current);
  if (next === null) return current;
  if (typeof (next as { then?: unknown })?.then === 'function') {
    throw new InvalidArgumentError([{ field: 'change', reason: 'must return the document synchronously' }]);
  }
  const encoded = encodeDocument(next, 'change()', ctx.sideFields);
  if (encoded.id !== id) {
    throw new InvalidArgumentError([{ field: 'change()._id', reason: `must stay ${JSON.stringify(id)}` }]);
  }
  const version = write(ctx, encoded, next, row);
  ctx.arrayPaths.record(next);
  return decodeDocument<T>(id, version, encoded.json, encoded.side);
}

export function deleteDocument(ctx: CollectionContext, id: string, expectedVersion?: number): boolean {
  const current = ctx.selectVersion.get(id);
  checkExpectedVersion(ctx, id, current ?? 0, expectedVersion);
  if (current === undefined) return false;
  ctx.remove.run(id);
  ctx.sides.delete(id);
  return true;
}
