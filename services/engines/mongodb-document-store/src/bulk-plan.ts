import type { BulkPutResult } from '@pc/kit/ports/document-store';
import { bodyOf, type EncodedDocument, type StoredDocument } from './document-codec.js';
import { jsonEqual } from '@pc/kit/ports/support/documents/json-equal';

/** The one write a batch needs for one id, conditioned on what was read. */
export interface PlannedWrite {
  readonly id: string;
  /** The version read (undefined: the id was missing), which the write is conditioned on. */
  readonly readVersion: number | undefined;
  /** The document to store, at `version`. */
  readonly doc: EncodedDocument;
  readonly version: number;
  /** What this id adds to the result if the write lands. */
  readonly counts: BulkPutResult;
}

export interface BulkPlan {
  readonly writes: PlannedWrite[];
  /** Counts of the ids that need no write (all their documents equal the stored one). */
  readonly settled: BulkPutResult;
}

export const NO_COUNTS: BulkPutResult = { inserted: 0, updated: 0, unchanged: 0 };

export function addCounts(a: BulkPutResult, b: BulkPutResult): BulkPutResult {
  return { inserted: a.inserted + b.inserted, updated: a.updated + b.updated, unchanged: a.unchanged + b.unchanged };
}

/**
 * Plans a batch against the stored documents as the embedded adapter runs it: in order, each
 * document compared with the one before it (stored, or earlier in the batch). An id that
 * appears several times gets one write of its last document, at the version all its writes add
 * up to; an id whose documents all equal the stored one gets none.
 */
export function planBulkPut(docs: readonly EncodedDocument[], stored: ReadonlyMap<string, StoredDocument>): BulkPlan {
  const byId = new Map<string, EncodedDocument[]>();
  for (const doc of docs) {
    const list = byId.get(doc.id);
    if (list) list.push(doc);
    else byId.set(doc.id, [doc]);
  }
  const writes: PlannedWrite[] = [];
  let settled = NO_COUNTS;
  for (const [id, versions] of byId) {
    const current = stored.get(id);
    let state = current ? { body: bodyOf(current), version: current._version } : undefined;
    let counts = NO_COUNTS;
    let last: EncodedDocument | undefined;
    for (const doc of versions) {
      if (state && jsonEqual(state.body, doc.body)) {
        counts = addCounts(counts, { inserted: 0, updated: 0, unchanged: 1 });
        continue;
      }
      counts = addCounts(
        counts,
        state ? { inserted: 0, updated: 1, unchanged: 0 } : { inserted: 1, updated: 0, unchanged: 0 },
      );
      state = { body: doc.body, version: (state?.version ?? 0) + 1 };
      last = doc;
    }
    if (last && state) writes.push({ id, readVersion: current?._version, doc: last, version: state.version, counts });
    else settled = addCounts(settled, counts);
  }
  return { writes, settled };
}
