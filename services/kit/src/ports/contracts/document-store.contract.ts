import { describeBulkPut } from './document-store-contract-bulk.js';
import { describeDocuments } from './document-store-contract-documents.js';
import { describeFind } from './document-store-contract-find.js';
import { type MakeDocumentStore, useContractHarness } from './document-store-contract-harness.js';
import { describeIndexes } from './document-store-contract-indexes.js';
import { describeSideFields } from './document-store-contract-side-fields.js';
import { describeSortAndPaging } from './document-store-contract-sort.js';
import { describeUpdate } from './document-store-contract-update.js';
import { describeOthersWriteToken } from './document-store-contract-writers.js';

export type { MakeDocumentStore } from './document-store-contract-harness.js';

/**
 * The behaviour every DocumentStore adapter must have (docs/architecture.md §4): run it from each
 * adapter's test file against a real engine (SQLite file, MongoDB or FerretDB).
 *
 * `makeStore` returns a new store instance on the one database the run shares; `cleanup`
 * closes it. Every test uses collections of its own, so leftovers of earlier runs are fine.
 * The suite asserts only what a caller sees; what an adapter promises beyond it (the embedded
 * adapter's atomic bulkPut, say) belongs in that adapter's own tests.
 */
export function describeDocumentStoreContract(adapterName: string, makeStore: MakeDocumentStore): void {
  describe(`DocumentStore contract: ${adapterName}`, () => {
    const harness = useContractHarness(makeStore);
    describe('documents', () => describeDocuments(harness));
    describe('update', () => describeUpdate(harness));
    describe('bulkPut', () => describeBulkPut(harness));
    describe('find and count', () => describeFind(harness));
    describe('sort and paging', () => describeSortAndPaging(harness));
    describe('indexes and reopening', () => describeIndexes(harness));
    describe('side fields', () => describeSideFields(harness));
    describe('writes by other instances', () => describeOthersWriteToken(harness));
  });
}
