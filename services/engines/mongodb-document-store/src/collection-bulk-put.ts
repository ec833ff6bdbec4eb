import { ConflictError, InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { BulkPutResult, Document } from '@pc/kit/ports/document-store';
import { addCounts, NO_COUNTS, planBulkPut } from './bulk-plan.js';
import { writeBulk } from './bulk-write.js';
import type { CollectionHandle } from './collection-handle.js';
import { readDocuments } from './collection-reads.js';
import { encodeDocument } from './document-codec.js';
import { translateMongoError } from './mongo-errors.js';
import { backOff, MAX_ATTEMPTS } from './retry.js';

/**
 * Reads the stored documents of the batch, skips the unchanged ones and writes the rest in one
 * bulkWrite conditioned on the versions read. Documents that lost a race to a concurrent writer
 * are planned again against what that writer stored, so its write is never overwritten
 * unseen. Not atomic (no transactions on FerretDB): if a unique index refuses a document, the
 * call fails with AlreadyExistsError and the other documents of the batch may be written.
 */
export async function bulkPutDocuments(handle: CollectionHandle, docs: readonly Document[]): Promise<BulkPutResult> {
  if (!Array.isArray(docs)) throw new InvalidArgumentError([{ field: 'docs', reason: 'must be an array' }]);
  let pending = docs.map((doc, i) => encodeDocument(doc, `docs[${i}]`));
  let result = NO_COUNTS;
  for (let attempt = 1; pending.length > 0; attempt++) {
    const stored = await readDocuments(handle, [...new Set(pending.map((doc) => doc.id))]);
    const plan = planBulkPut(pending, stored);
    result = addCounts(result, plan.settled);
    if (plan.writes.length === 0) break;
    const { lost, uniqueViolation } = await writeBulk(handle, plan.writes);
    if (uniqueViolation !== undefined) throw translateMongoError(uniqueViolation, handle.name);
    for (const write of plan.writes) if (!lost.has(write.id)) result = addCounts(result, write.counts);
    pending = pending.filter((doc) => lost.has(doc.id));
    if (pending.length === 0) break;
    if (attempt >= MAX_ATTEMPTS) {
      throw new ConflictError(`${handle.name}: ${lost.size} documents still conflicting after ${attempt} attempts`);
    }
    await backOff(attempt);
  }
  return result;
}
