import type { mongo } from 'mongoose';
import type { CollectionHandle } from './collection-handle.js';
import { bodyOf, toMongoDocument, type MongoDocument } from './document-codec.js';
import { jsonEqual } from '@pc/kit/ports/support/documents/json-equal';
import { readDocuments } from './collection-reads.js';
import type { PlannedWrite } from './bulk-plan.js';
import { isDuplicateKey } from './mongo-errors.js';

export interface BulkWriteOutcome {
  /** Ids whose conditional write lost to a concurrent writer: plan them again. */
  readonly lost: ReadonlySet<string>;
  /** The bulk error, if a unique index refused some write (the batch then fails with it). */
  readonly uniqueViolation: unknown;
}

interface WriteErrorLike {
  readonly index: number;
  readonly code?: unknown;
}

function toOperation(write: PlannedWrite): mongo.AnyBulkWriteOperation<MongoDocument> {
  const doc = toMongoDocument(write.doc, write.version);
  if (write.readVersion === undefined) return { insertOne: { document: doc } };
  const { _id: _unchangedId, ...replacement } = doc;
  return { replaceOne: { filter: { _id: write.id, _version: write.readVersion }, replacement } };
}

/**
 * Replacements per bulkWrite call. FerretDB v1 keeps a SQLite connection open for each update
 * of an update command until the command ends, from a pool of 100 per database: a command of
 * about 100 updates waits on itself forever (and wedges the database). MongoDB has no such
 * limit; for it, chunks cost a few more round trips per large batch. Inserts are not limited.
 */
export const REPLACEMENTS_PER_COMMAND = 50;

interface ChunkOutcome {
  readonly matched: number;
  /** Per-write errors by index into the whole list (duplicate keys only; anything else throws). */
  readonly failed: ReadonlyMap<number, WriteErrorLike>;
  readonly error: unknown;
}

async function writeChunk(
  handle: CollectionHandle,
  writes: readonly PlannedWrite[],
  offset: number,
): Promise<ChunkOutcome> {
  try {
    const result = await handle.raw.bulkWrite(writes.map(toOperation), { ordered: false });
    return { matched: result.matchedCount, failed: new Map(), error: undefined };
  } catch (error) {
    const bulk = error as {
      name?: string;
      writeErrors?: WriteErrorLike | WriteErrorLike[];
      result?: { matchedCount?: number };
    };
    const errors =
      bulk.writeErrors === undefined ? [] : Array.isArray(bulk.writeErrors) ? bulk.writeErrors : [bulk.writeErrors];
    // No per-write errors: the command itself failed (FerretDB reports a unique index refusing
    // an update that way, after applying the updates before it). Translated by the caller.
    if (bulk.name !== 'MongoBulkWriteError' || errors.length === 0) throw error;
    // Anything but duplicate keys (a document too large, say) is the caller's problem as it is.
    if (errors.some((e) => !isDuplicateKey(e))) throw error;
    const failed = new Map(errors.map((e) => [offset + e.index, e]));
    return { matched: bulk.result?.matchedCount ?? 0, failed, error };
  }
}

/** Splits the writes, in order, so that no chunk holds more than REPLACEMENTS_PER_COMMAND replacements. */
function chunks(writes: readonly PlannedWrite[]): { offset: number; writes: PlannedWrite[] }[] {
  const out: { offset: number; writes: PlannedWrite[] }[] = [];
  let current: { offset: number; writes: PlannedWrite[] } | undefined;
  let replacements = 0;
  writes.forEach((write, i) => {
    const isReplacement = write.readVersion !== undefined;
    if (!current || (isReplacement && replacements === REPLACEMENTS_PER_COMMAND)) {
      current = { offset: i, writes: [] };
      out.push(current);
      replacements = 0;
    }
    if (isReplacement) replacements++;
    current.writes.push(write);
  });
  return out;
}

/**
 * Sends the planned writes in unordered bulkWrites and finds out which ones did not land.
 * A bulk result only says how many replacements matched, not which, and a duplicate key error
 * does not say which index (on FerretDB): so when the numbers do not add up, the affected
 * documents are read back. A replacement landed if the stored document is the planned one at
 * the planned version; an insert that hit a duplicate key lost a race if the id exists now, and
 * otherwise a unique index refused it.
 */
export async function writeBulk(handle: CollectionHandle, writes: readonly PlannedWrite[]): Promise<BulkWriteOutcome> {
  const failed = new Map<number, WriteErrorLike>();
  const check = new Set<PlannedWrite>();
  let bulkError: unknown;
  for (const chunk of chunks(writes)) {
    const outcome = await writeChunk(handle, chunk.writes, chunk.offset);
    bulkError ??= outcome.error;
    for (const [i, e] of outcome.failed) failed.set(i, e);
    const replaced = chunk.writes.filter(
      (w, k) => w.readVersion !== undefined && !outcome.failed.has(chunk.offset + k),
    );
    if (outcome.matched < replaced.length) for (const write of replaced) check.add(write);
  }
  // A replacement cannot collide on _id, so its duplicate key is a unique index's refusal.
  let violation = [...failed.keys()].some((i) => writes[i]?.readVersion !== undefined);
  for (const i of failed.keys()) if (writes[i]?.readVersion === undefined) check.add(writes[i]!);
  const lost = new Set<string>();
  if (check.size > 0) {
    const now = await readDocuments(
      handle,
      [...check].map((w) => w.id),
    );
    for (const write of check) {
      const stored = now.get(write.id);
      if (write.readVersion === undefined) {
        if (stored) lost.add(write.id);
        else violation = true;
      } else if (!(stored?._version === write.version && jsonEqual(bodyOf(stored), write.doc.body))) {
        lost.add(write.id);
      }
    }
  }
  return { lost, uniqueViolation: violation ? bulkError : undefined };
}
